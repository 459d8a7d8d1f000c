/** What other features ask of generation (the tests table): a user's tests with their questions or headings, bounded. */
import type { Knex } from "knex";
import type { Db } from "../core/db.ts";
import type { Question } from "./providers/types.ts";

export interface TestSummary {
  id: number;
  name: string;
  topic: string;
  difficulty: string;
  study_material_id: number | null;
  provider: string;
  model: string;
  created_at: string;
  questions: Question[];
}

/** The most tests one call reads, whatever the caller asks for. */
export const MAX_TESTS_READ = 400;

const COLUMNS = ["id", "name", "topic", "difficulty", "study_material_id", "provider", "model", "created_at", "questions"];

/**
 * The user's tests with these ids plus their `latest` newest tests, newest first. Ids of tests that are not
 * the user's are ignored.
 */
export async function userTests(db: Db, userId: number, opts: { ids?: number[]; latest?: number }): Promise<TestSummary[]> {
  const ids = [...new Set(opts.ids ?? [])].slice(0, MAX_TESTS_READ);
  const latest = Math.max(0, Math.min(opts.latest ?? 0, MAX_TESTS_READ - ids.length));
  const order = [{ column: "created_at", order: "desc" as const }, { column: "id", order: "desc" as const }];
  const [byId, newest] = await Promise.all([
    ids.length ? db("tests").where({ user_id: userId }).whereIn("id", ids).select(COLUMNS) : [],
    latest ? db("tests").where({ user_id: userId }).orderBy(order).limit(latest).select(COLUMNS) : [],
  ]);
  const rows = new Map<number, Record<string, unknown>>();
  for (const row of [...byId, ...newest]) rows.set(row.id as number, row);
  return [...rows.values()]
    .map((r) => ({ ...(r as unknown as TestSummary), questions: JSON.parse(r.questions as string) as Question[] }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** What a list of assigned tests shows of each: its name and how many questions it has (not the questions). */
export interface TestHeading {
  id: number;
  name: string;
  count: number;
}

/** The user's tests with these ids, as headings; ids of tests that are not the user's are ignored. */
export async function testHeadings(db: Db, userId: number, ids: number[]): Promise<TestHeading[]> {
  const wanted = [...new Set(ids)].slice(0, MAX_TESTS_READ);
  if (!wanted.length) return [];
  return db("tests").where({ user_id: userId }).whereIn("id", wanted).select("id", "name", "count");
}

/** Narrows a query on anything with a test id column to tests made from this study material (as members.ts's joinedBy). */
export const madeFrom = (materialId: number) => (q: Knex.QueryBuilder) => q.select("id").from("tests").where("study_material_id", materialId);

/** The questions of these tests (any owner's), for exclusions: callers decide whose tests they may name. */
export async function questionsOf(db: Db, ids: number[]): Promise<Question[]> {
  if (!ids.length) return [];
  const rows: string[] = await db("tests").whereIn("id", ids.slice(0, MAX_TESTS_READ)).pluck("questions");
  return rows.flatMap((json) => JSON.parse(json) as Question[]);
}

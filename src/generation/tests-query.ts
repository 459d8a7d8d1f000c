/** What study insights ask of generation (the tests table): a user's tests with their questions, bounded. */
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

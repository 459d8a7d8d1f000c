import type { Db } from "../core/db.ts";

export interface LatestScore {
  result_id: number;
  score: number;
  correct: number;
  total: number;
  submitted_at: string;
}

/** Each of these tests' latest attempt by `userId`, keyed by test id; a test never taken is absent. */
export async function latestScores(db: Db, userId: number, testIds: number[]): Promise<Map<number, LatestScore>> {
  if (testIds.length === 0) return new Map();
  // One row per test: its latest attempt (the highest id), however many attempts there were.
  const latestIds = db("results").where({ user_id: userId }).whereIn("test_id", testIds).groupBy("test_id").max("id");
  const rows: (LatestScore & { test_id: number })[] = await db("results")
    .whereIn("id", latestIds)
    .select("id as result_id", "test_id", "score", "correct", "total", "created_at as submitted_at");
  return new Map(rows.map(({ test_id, ...latest }) => [test_id, latest]));
}

export interface AssignmentAttempt {
  result_id: number;
  assignment_id: number;
  user_id: number;
  score: number;
  correct: number;
  total: number;
  submitted_at: string;
}

/** The most attempts one call reads: 200 assignments × a class of 500, bounded all the same. */
export const MAX_ASSIGNMENT_ATTEMPTS_READ = 20_000;

/**
 * The attempts made for these assignments (teaching: states, best scores, class results), oldest first;
 * `userId` keeps one person's. Bounded by MAX_ASSIGNMENT_ATTEMPTS_READ.
 */
export async function assignmentAttempts(db: Db, assignmentIds: number[], opts: { userId?: number } = {}): Promise<AssignmentAttempt[]> {
  if (assignmentIds.length === 0) return [];
  const rows: AssignmentAttempt[] = await db("results")
    .whereIn("assignment_id", assignmentIds)
    .modify((q) => {
      if (opts.userId !== undefined) q.where({ user_id: opts.userId });
    })
    .orderBy("id", "asc")
    .limit(MAX_ASSIGNMENT_ATTEMPTS_READ)
    .select("id as result_id", "assignment_id", "user_id", "score", "correct", "total", "created_at as submitted_at");
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/** How many attempts the user made for one assignment (checked inside the submission's transaction). */
export async function attemptsUsed(db: Db, assignmentId: number, userId: number): Promise<number> {
  return Number((await db("results").where({ assignment_id: assignmentId, user_id: userId }).count({ n: "*" }).first())?.n ?? 0);
}

/** Some of one person's attempts for one assignment, summed up in SQL: nothing is read row by row, so nothing is cut off. */
export interface AttemptGroupSummary {
  attempts: number;
  best_score: number;
  latest_score: number;
  latest_result_id: number;
  first_submitted_at: string;
  last_submitted_at: string;
}

/** One person's attempts for one assignment: those made by its cutoff (the due time) and those after, apart; null for none. */
export interface AssignmentAttemptSummary {
  assignment_id: number;
  user_id: number;
  on_time: AttemptGroupSummary | null;
  late: AttemptGroupSummary | null;
}

/**
 * Per (assignment, person): how many attempts, the best score, the latest attempt's score and id, and the
 * first and last submission time, for the attempts made by the assignment's cutoff (`cutoffs`: assignment id
 * → ISO time, or null for none: every attempt is on time) and for those after it, apart (teaching: states,
 * class results). One row per pair that has attempts, so a class's answer is bounded by its assignments ×
 * members however many attempts they made; `userIds` keeps these people's (a class's current members).
 * Portable SQL (SQLite and PostgreSQL): CASE for the cutoffs, GROUP BY for the totals, ROW_NUMBER() for the
 * latest attempt — the latest by submission time, then by id.
 */
export async function assignmentAttemptSummaries(db: Db, cutoffs: Map<number, string | null>, opts: { userIds?: number[] } = {}): Promise<AssignmentAttemptSummary[]> {
  if (cutoffs.size === 0 || opts.userIds?.length === 0) return [];
  const due = [...cutoffs].filter((c): c is [number, string] => c[1] !== null);
  const dueColumn = due.length ? db.raw(`CASE assignment_id ${due.map(() => "WHEN ? THEN ?").join(" ")} END AS due`, due.flat()) : db.raw("CAST(NULL AS TEXT) AS due");
  const withDue = db("results")
    .whereIn("assignment_id", [...cutoffs.keys()])
    .modify((q) => {
      if (opts.userIds) q.whereIn("user_id", opts.userIds);
    })
    .select("id", "assignment_id", "user_id", "score", "created_at", dueColumn);
  // Times are ISO strings in UTC: they compare as text.
  const attempts = () => db.from(withDue.as("d")).select("*", db.raw("CASE WHEN due IS NULL OR created_at <= due THEN 1 ELSE 0 END AS on_time"));
  const totals = db
    .from(attempts().as("a"))
    .groupBy("assignment_id", "user_id", "on_time")
    .select("assignment_id", "user_id", "on_time")
    .count({ attempts: "*" })
    .max({ best_score: "score" })
    .min({ first_submitted_at: "created_at" });
  const ranked = db
    .from(attempts().as("a"))
    .select("id", "assignment_id", "user_id", "on_time", "score", "created_at")
    .rowNumber("newest", (w) => w.orderBy("created_at", "desc").orderBy("id", "desc").partitionBy("assignment_id").partitionBy("user_id").partitionBy("on_time"));
  const rows: Record<string, string | number>[] = await db
    .from(totals.as("t"))
    .join(ranked.as("l"), (j) => j.on("l.assignment_id", "t.assignment_id").andOn("l.user_id", "t.user_id").andOn("l.on_time", "t.on_time"))
    .where("l.newest", 1)
    .select("t.assignment_id", "t.user_id", "t.on_time", "t.attempts", "t.best_score", "t.first_submitted_at", "l.score as latest_score", "l.id as latest_result_id", "l.created_at as last_submitted_at");
  const byPair = new Map<string, AssignmentAttemptSummary>();
  for (const r of rows) {
    const key = `${r.assignment_id}:${r.user_id}`;
    const pair = byPair.get(key) ?? { assignment_id: Number(r.assignment_id), user_id: Number(r.user_id), on_time: null, late: null };
    // PostgreSQL answers count() as a string and numeric columns may come back as text: numbers here, once.
    const group: AttemptGroupSummary = {
      attempts: Number(r.attempts),
      best_score: Number(r.best_score),
      latest_score: Number(r.latest_score),
      latest_result_id: Number(r.latest_result_id),
      first_submitted_at: String(r.first_submitted_at),
      last_submitted_at: String(r.last_submitted_at),
    };
    if (Number(r.on_time) === 1) pair.on_time = group;
    else pair.late = group;
    byPair.set(key, pair);
  }
  return [...byPair.values()];
}

/**
 * How many people submitted at least one attempt for each of these assignments (a teacher's list of a
 * class's assignments), counted in SQL; an assignment nobody submitted is absent.
 */
export async function submitterCounts(db: Db, assignmentIds: number[]): Promise<Map<number, number>> {
  if (assignmentIds.length === 0) return new Map();
  const rows: { assignment_id: number | string; people: number | string }[] = await db("results")
    .whereIn("assignment_id", assignmentIds)
    .groupBy("assignment_id")
    .select("assignment_id")
    .countDistinct({ people: "user_id" });
  return new Map(rows.map((r) => [Number(r.assignment_id), Number(r.people)]));
}

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

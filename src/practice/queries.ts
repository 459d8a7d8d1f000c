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

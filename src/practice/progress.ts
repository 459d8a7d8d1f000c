/** What goals and the dashboard ask of practice (the results table): counts, averages and recent scores of one user. */
import type { Db } from "../core/db.ts";

/** The user's attempts since an ISO 8601 time (inclusive). */
export async function resultsSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db("results").where({ user_id: userId }).andWhere("created_at", ">=", since).count({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

/**
 * The user's average score since `since` over all attempts, or over the attempts at tests on `topic`
 * (case folded); null when there is no such attempt.
 */
export async function averageSince(db: Db, userId: number, since: string, topic?: string | null): Promise<number | null> {
  const q = db("results").where("results.user_id", userId).andWhere("results.created_at", ">=", since);
  if (topic) q.join("tests", "tests.id", "results.test_id").whereRaw("lower(tests.topic) = ?", [topic.toLowerCase()]);
  const row = await q.avg({ a: "results.score" }).first();
  return row?.a == null ? null : Math.round(Number(row.a) * 10) / 10;
}

export interface ScorePoint {
  result_id: number;
  test_name: string;
  score: number;
  submitted_at: string;
}

/** The user's last `limit` scores, oldest first (for a chart of recent scores). */
export async function recentScores(db: Db, userId: number, limit: number): Promise<ScorePoint[]> {
  const rows: ScorePoint[] = await db("results")
    .join("tests", "tests.id", "results.test_id")
    .where("results.user_id", userId)
    .orderBy([{ column: "results.created_at", order: "desc" }, { column: "results.id", order: "desc" }])
    .limit(limit)
    .select("results.id as result_id", "tests.name as test_name", "results.score", "results.created_at as submitted_at");
  return rows.reverse();
}

/** What study insights ask of practice (the results table): a user's latest attempts with their reviews. */
import type { Db } from "../core/db.ts";
import type { ReviewItem } from "./grading.ts";

export interface AttemptWithReview {
  result_id: number;
  test_id: number;
  score: number;
  correct: number;
  total: number;
  submitted_at: string;
  review: ReviewItem[];
}

/** The most attempts one call reads, whatever the caller asks for. */
export const MAX_ATTEMPTS_READ = 200;

/** The user's latest attempts (at most `limit`, at most MAX_ATTEMPTS_READ), newest first. */
export async function latestAttemptsWithReviews(db: Db, userId: number, limit = MAX_ATTEMPTS_READ): Promise<AttemptWithReview[]> {
  const rows: { id: number; test_id: number; score: number; correct: number; total: number; review: string; created_at: string }[] = await db("results")
    .where({ user_id: userId })
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }])
    .limit(Math.max(0, Math.min(limit, MAX_ATTEMPTS_READ)))
    .select("id", "test_id", "score", "correct", "total", "review", "created_at");
  return rows.map((r) => ({
    result_id: r.id,
    test_id: r.test_id,
    score: Number(r.score),
    correct: Number(r.correct),
    total: Number(r.total),
    submitted_at: r.created_at,
    review: JSON.parse(r.review) as ReviewItem[],
  }));
}

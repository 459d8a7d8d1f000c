/** What other features ask of practice (the results table): a user's latest attempts with their reviews (study insights), the attempts on one test (teaching). */
import type { Knex } from "knex";
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

/** Which of each person's attempts on a test an analysis counts. */
export type AttemptChoice = "first" | "latest" | "all";

export interface TestAttempt {
  result_id: number;
  user_id: number;
  submitted_at: string;
  review: ReviewItem[];
}

/** The most attempts on one test one call reads (a school year of a large class taking it repeatedly). */
export const MAX_TEST_ATTEMPTS_READ = 5000;

/**
 * Submitted attempts on one test by anyone (item analysis, class results): each person's first or latest,
 * or all of them; oldest first, at most MAX_TEST_ATTEMPTS_READ. `exceptUser` leaves one person out (the
 * test's owner previewing it); `onlyUsers` keeps only these people.
 */
export async function testAttempts(
  db: Db,
  testId: number,
  opts: { choice: AttemptChoice; exceptUser?: number; onlyUsers?: number[] },
): Promise<{ attempts: TestAttempt[]; truncated: boolean }> {
  const narrow = (q: Knex.QueryBuilder) => {
    q.where({ test_id: testId });
    if (opts.exceptUser !== undefined) q.whereNot({ user_id: opts.exceptUser });
    if (opts.onlyUsers) q.whereIn("user_id", opts.onlyUsers);
  };
  const query = db("results").modify(narrow);
  // Ids grow with time: each person's lowest id is their first attempt, the highest their latest.
  if (opts.choice !== "all") query.whereIn("id", db("results").modify(narrow).groupBy("user_id")[opts.choice === "first" ? "min" : "max"]("id"));
  const rows: { id: number; user_id: number; review: string; created_at: string }[] = await query
    .orderBy("id", "asc")
    .limit(MAX_TEST_ATTEMPTS_READ + 1)
    .select("id", "user_id", "review", "created_at");
  return {
    attempts: rows.slice(0, MAX_TEST_ATTEMPTS_READ).map((r) => ({ result_id: r.id, user_id: r.user_id, submitted_at: r.created_at, review: JSON.parse(r.review) as ReviewItem[] })),
    truncated: rows.length > MAX_TEST_ATTEMPTS_READ,
  };
}

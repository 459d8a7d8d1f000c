/**
 * Many earlier attempts at once, for tests about classes with a long history (class results past any read
 * cap). Written straight into practice's results table in one transaction: 20,000 submissions through
 * the API would take minutes, and what is under test is how they are read back, not how they are made.
 */
import type { TestServer } from "./server.ts";

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

export async function insertEarlierAttempts(
  server: TestServer,
  attempt: { userId: number; testId: number; assignmentId: number; score: number },
  count: number,
  /** The first attempt's time; each next one a second later. */
  from: Date,
): Promise<void> {
  await server.app.db.transaction(async (trx) => {
    for (let start = 0; start < count; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, i) => ({
        user_id: attempt.userId,
        test_id: attempt.testId,
        assignment_id: attempt.assignmentId,
        score: attempt.score,
        correct: 0,
        total: 2,
        answers: "{}",
        review: "[]",
        created_at: new Date(from.getTime() + (start + i) * 1000).toISOString(),
      }));
      await trx("results").insert(rows);
    }
  });
}

/** What generation asks of practice (the results table) before it lets a test's questions change. */
import type { Db } from "../core/db.ts";

/** How many attempts anyone has submitted for the test (its owner's practice and, later, a class's). */
export async function attemptCount(db: Db, testId: number): Promise<number> {
  const row = await db("results").where({ test_id: testId }).count({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

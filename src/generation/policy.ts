import type { Scope } from "../core/context.ts";
import { forbidden, notFound } from "../core/errors.ts";
import { visibleTo } from "../core/policy.ts";

/**
 * How a test is used: `own` (preview with answers, regenerate, edit: the owner or an admin), `take`
 * (its questions without answers, and grading an attempt: also anyone the owner lends it to through
 * core's Sharing, i.e. the members of a class it is assigned to), `result` (showing a result of the
 * user's: practice has checked the result is theirs, and they keep seeing the test they took even when it
 * is no longer lent to them; practice decides how much of the answers its review shows), `export` (a
 * file with the answers: the owner's, or lent with the teacher's leave to download it, Sharing.mayExport).
 */
export type TestUse = "own" | "take" | "result" | "export";

/**
 * Loads a test for a use. Missing or not the user's and not lent to them: 404. Lent to them (they may
 * take it) but asked for with its answers: 403, so the answers of an assigned test never reach its takers.
 */
export async function findTest<T>(scope: Scope, id: number, use: TestUse = "own"): Promise<T> {
  const own: T | undefined = await scope.db("tests").where({ id }).modify(visibleTo(scope)).first();
  if (own) return own;
  const row: T | undefined = await scope.db("tests").where({ id }).first();
  if (row && use === "result") return row;
  if (!row || !(await scope.sharing.canUse(scope, "test", id))) throw notFound("Test not found.");
  if (use === "export" && (await scope.sharing.mayExport(scope, id))) return row;
  if (use !== "take") throw forbidden("This test is assigned to you: open it to take it. Its answers are not shown here.");
  return row;
}

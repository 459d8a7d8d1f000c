/**
 * Teaching's answer to core's Sharing (src/core/sharing.ts), registered in src/server.ts and the CLI's
 * context: a member of a teacher's class may use the study materials the class holds (its syllabus and
 * attached files) and take the tests assigned to it, within each assignment's window and attempts.
 */
import type { Scope } from "../core/context.ts";
import { lockKey } from "../core/db.ts";
import { conflict, forbidden } from "../core/errors.ts";
import type { ReviewRule, Sharing } from "../core/sharing.ts";
import { madeFrom } from "../generation/tests-query.ts";
import { attemptsUsed } from "../practice/queries.ts";
import { joinedBy, joinedTaughtBy, materialSharedWith } from "../study/classes/members.ts";
import type { AssignmentRow } from "./assignments/queries.ts";
import { answersOut, exportRefusal } from "./assignments/state.ts";
import { utcMinute } from "./assignments/service.ts";

/** Assigned tests one generation avoids at most (the newest): bounds the exclusions it checks each question against. */
const PROTECTED_TESTS = 100;

/** The assignments of this test in the classes the user joined (of teachers who still teach), soonest due first (none last). */
async function assignmentsOfTestFor(scope: Scope, testId: number): Promise<AssignmentRow[]> {
  const rows: AssignmentRow[] = await scope.db("assignments").where({ test_id: testId }).whereIn("class_id", joinedTaughtBy(scope.user.id)).orderBy("id", "asc").limit(100);
  return rows.sort((a, b) => (a.due_at ?? "9999").localeCompare(b.due_at ?? "9999"));
}

const answersShown = (due: string) =>
  `The answers of this assignment have been shown since its due time, ${utcMinute(due)}, so it can no longer be attempted. Generate your own practice test to keep practising.`;

const notOpenYet = (rows: AssignmentRow[]) => {
  const first = rows.map((r) => r.opens_at!).sort()[0]!;
  return forbidden(`This test is not open yet: it opens at ${utcMinute(first)}.`);
};

/** The assignments that can be taken now; throws 403 when the test is assigned but none has opened. */
async function openAssignments(scope: Scope, testId: number): Promise<AssignmentRow[] | null> {
  const rows = await assignmentsOfTestFor(scope, testId);
  if (!rows.length) return null;
  const now = scope.clock.now().toISOString();
  const open = rows.filter((r) => r.opens_at === null || r.opens_at <= now);
  if (!open.length) throw notOpenYet(rows);
  return open;
}

export const teachingSharing: Sharing = {
  async canUse(scope, kind, id) {
    if (kind === "material") return materialSharedWith(scope.db, scope.user.id, id);
    return (await openAssignments(scope, id)) !== null;
  },

  /**
   * The first open assignment of the test (soonest due) with an attempt left counts the submission.
   * The count and the insert that follows are one transaction, serialised per user and test, so
   * parallel submissions cannot exceed the limit.
   */
  async claimAttempt(scope, testId) {
    await lockKey(scope.db, `attempts:${scope.user.id}:${testId}`);
    const found = await openAssignments(scope, testId);
    if (!found) return null;
    const now = scope.clock.now().toISOString();
    const open = found.filter((a) => !answersOut(a, now));
    if (!open.length) throw conflict(answersShown(found[0]!.due_at!));
    for (const a of open) if ((await attemptsUsed(scope.db, a.id, scope.user.id)) < a.attempts_allowed) return { assignment_id: a.id };
    const allowed = open[0]!.attempts_allowed;
    throw conflict(`You have used ${allowed === 1 ? "your one attempt" : `all ${allowed} attempts`} at this assignment.`);
  },

  async reviewRule(scope, assignmentId): Promise<ReviewRule> {
    const a: AssignmentRow | undefined = await scope.db("assignments").where({ id: assignmentId }).first();
    if (!a || a.show_answers_after === "submission") return { hidden: null };
    if (a.show_answers_after === "never") return { hidden: "Your teacher does not show the answers of this assignment: you see your score and which answers were right." };
    if (a.due_at && scope.clock.now().toISOString() < a.due_at) return { hidden: `The answers are shown after the due time, ${utcMinute(a.due_at)}.` };
    return { hidden: null };
  },

  /** Every test assigned to the user in a class they joined (open, due or past) made from this material. */
  async protectedTests(scope, materialId) {
    return scope.db("assignments").whereIn("class_id", joinedBy(scope.user.id)).whereIn("test_id", madeFrom(materialId)).distinct("test_id").orderBy("test_id", "desc").limit(PROTECTED_TESTS).pluck("test_id");
  },

  /** Any open assignment that allows downloads and whose answers this member may see now permits it; else the first one's reason. */
  async mayExport(scope, testId) {
    const allowing = (await assignmentsOfTestFor(scope, testId)).filter((a) => Boolean(a.allow_export));
    if (!allowing.length) return false;
    const now = scope.clock.now().toISOString();
    const open = allowing.filter((a) => a.opens_at === null || a.opens_at <= now);
    if (!open.length) throw notOpenYet(allowing);
    const reasons: string[] = [];
    for (const a of open) {
      const reason = exportRefusal(a, (await attemptsUsed(scope.db, a.id, scope.user.id)) > 0, now);
      if (reason === null) return true;
      reasons.push(reason);
    }
    throw forbidden(reasons[0]!);
  },

  async testAssigned(scope, testId) {
    return Boolean(await scope.db("assignments").where({ test_id: testId }).first("id"));
  },
};

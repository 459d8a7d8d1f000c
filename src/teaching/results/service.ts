import type { Scope } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import { assignmentAttemptSummaries, type AssignmentAttemptSummary } from "../../practice/queries.ts";
import { findClass } from "../../study/classes/policy.ts";
import { assignmentsOfClass, membersOf } from "../assignments/queries.ts";
import { ASSIGNMENT_STATES, type AssignmentState } from "../assignments/schema.ts";
import type { ClassResultsOut, FullClassResults } from "./schema.ts";
import { summaryState } from "./summary-state.ts";

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The gradebook of a teacher's class: for each assignment, each current member's best and latest score,
 * when they last submitted, and whether they were on time, late or missed it. Only the class's teacher
 * (or an administrator) may read it: 404 for a class the user does not see, 403 for a member or a
 * student's own organiser class. Practice sums the attempts up in SQL (one row per member and
 * assignment), so however many attempts there were, none is left out and the work here is linear in
 * members × assignments (both bounded).
 */
export async function classResults(scope: Scope, classId: number): Promise<FullClassResults> {
  const cls = await findClass(scope, classId, "teach");
  const [assignments, members] = await Promise.all([assignmentsOfClass(scope, classId), membersOf(scope, classId)]);
  const cutoffs = new Map(assignments.map((a) => [a.id, a.due_at]));
  const summaries = await assignmentAttemptSummaries(scope.db, cutoffs, { userIds: members.map((m) => m.user_id) });
  const byAssignmentAndUser = new Map<string, AssignmentAttemptSummary>(summaries.map((s) => [`${s.assignment_id}:${s.user_id}`, s]));
  const now = scope.clock.now().toISOString();
  const oldestFirst = [...assignments].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  return {
    class_id: cls.id,
    class_name: cls.name,
    members: members.map(({ user_id, username, email }) => ({ user_id, username, email })),
    assignments: oldestFirst.map((assignment) => {
      const results = members.map((m) => summaryState(assignment, m.user_id, byAssignmentAndUser.get(`${assignment.id}:${m.user_id}`), now));
      const counts = Object.fromEntries(ASSIGNMENT_STATES.map((s) => [s, 0])) as Record<AssignmentState, number>;
      for (const r of results) counts[r.state] += 1;
      const best = results.flatMap((r) => (r.best_score === null ? [] : [r.best_score]));
      return { ...assignment, counts, average_best: best.length ? round1(best.reduce((s, x) => s + x, 0) / best.length) : null, results };
    }),
  };
}

/**
 * The page's JSON: every assignment's counts and average, and the member table of one assignment only
 * (`assignmentId`, else the newest), so the answer stays small for a large class with many assignments.
 * An id that is not one of this class's assignments is 404.
 */
export function onePerAssignmentTable(full: FullClassResults, assignmentId: number | undefined): ClassResultsOut {
  const shown = assignmentId ?? full.assignments[full.assignments.length - 1]?.id;
  if (assignmentId !== undefined && !full.assignments.some((a) => a.id === assignmentId)) throw notFound("Assignment not found in this class.");
  return { ...full, assignments: full.assignments.map(({ results, ...a }) => (a.id === shown ? { ...a, results } : a)) };
}

import type { Scope } from "../../core/context.ts";
import { findClass } from "../../study/classes/policy.ts";
import { assignmentAttempts, assignmentsOfClass, assignmentState, membersOf, type AssignmentAttempt } from "../assignments/queries.ts";
import { ASSIGNMENT_STATES, type AssignmentState } from "../assignments/schema.ts";
import type { AssignmentResultsOut, ClassResultsOut } from "./schema.ts";

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The gradebook of a teacher's class: for each assignment, each current member's best and latest score,
 * when they last submitted, and whether they were on time, late or missed it. Only the class's teacher
 * (or an administrator) may read it: 404 for a class the user does not see, 403 for a member or a
 * student's own organiser class. Work is linear in members × assignments plus attempts (all bounded).
 */
export async function classResults(scope: Scope, classId: number): Promise<ClassResultsOut> {
  const cls = await findClass(scope, classId, "teach");
  const [assignments, members] = await Promise.all([assignmentsOfClass(scope, classId), membersOf(scope, classId)]);
  const attempts = await assignmentAttempts(scope.db, assignments.map((a) => a.id));
  const byAssignmentAndUser = new Map<string, AssignmentAttempt[]>();
  for (const attempt of attempts) {
    const key = `${attempt.assignment_id}:${attempt.user_id}`;
    const list = byAssignmentAndUser.get(key);
    if (list) list.push(attempt);
    else byAssignmentAndUser.set(key, [attempt]);
  }
  const now = scope.clock.now().toISOString();
  const oldestFirst = [...assignments].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  return {
    class_id: cls.id,
    class_name: cls.name,
    members: members.map(({ user_id, username, email }) => ({ user_id, username, email })),
    assignments: oldestFirst.map((assignment): AssignmentResultsOut => {
      const results = members.map((m) => ({ user_id: m.user_id, ...assignmentState(assignment, byAssignmentAndUser.get(`${assignment.id}:${m.user_id}`) ?? [], now) }));
      const counts = Object.fromEntries(ASSIGNMENT_STATES.map((s) => [s, 0])) as Record<AssignmentState, number>;
      for (const r of results) counts[r.state] += 1;
      const best = results.flatMap((r) => (r.best_score === null ? [] : [r.best_score]));
      return { ...assignment, counts, average_best: best.length ? round1(best.reduce((s, x) => s + x, 0) / best.length) : null, results };
    }),
  };
}

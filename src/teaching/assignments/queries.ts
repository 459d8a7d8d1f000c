/**
 * What the rest of teaching (class results, item analysis, exports) asks of assignments and class
 * members. None of these checks who is asking: load the class first with
 * `findClass(scope, classId, "teach")` (src/study/classes/policy.ts), which answers 404 for a class the
 * user may not see and 403 for one they may see but do not teach, then call these with its id.
 *
 * - `assignmentsOfClass(scope, classId)`: the class's assignments (test id and name, window, attempts,
 *   answers rule), newest first, at most MAX_ASSIGNMENTS.
 * - `membersOf(scope, classId)`: the class's members (user id, username, e-mail, joined_at), in the order
 *   they joined, at most MAX_MEMBERS.
 * - `assignmentAttempts(db, assignmentIds, { userId? })` (src/practice/queries.ts, re-exported here): every
 *   attempt made for these assignments (result id, user, score, submitted_at), oldest first.
 * - `assignmentState(assignment, attempts, now)` (./state.ts): to_do / submitted / late / missed for one
 *   member, with the best and latest score.
 */
import type { Scope } from "../../core/context.ts";
import type { Db } from "../../core/db.ts";
import { usersByIds } from "../../accounts/directory.ts";
import { testHeadings } from "../../generation/tests-query.ts";
import { membersOf as memberRows } from "../../study/classes/members.ts";
import { MAX_ASSIGNMENTS, type AssignmentOut, type ShowAnswers } from "./schema.ts";

export { assignmentAttempts, type AssignmentAttempt } from "../../practice/queries.ts";
export { assignmentState } from "./state.ts";

/** Members one class may have: a large lecture, and a bound on what one list answers. */
export const MAX_MEMBERS = 500;

export interface AssignmentRow {
  id: number;
  class_id: number;
  test_id: number;
  opens_at: string | null;
  due_at: string | null;
  attempts_allowed: number;
  show_answers_after: ShowAnswers;
  /** SQLite answers 0/1. */
  allow_export: boolean | number;
  created_at: string;
}

export interface MemberOut {
  user_id: number;
  username: string;
  email: string;
  joined_at: string;
}

const newestFirst = [{ column: "created_at", order: "desc" as const }, { column: "id", order: "desc" as const }];

/** The class's assignment rows, newest first. */
export async function assignmentRows(db: Db, classId: number): Promise<AssignmentRow[]> {
  return db("assignments").where({ class_id: classId }).orderBy(newestFirst).limit(MAX_ASSIGNMENTS);
}

/**
 * Presents assignment rows with their tests' names and sizes and whether each is open. Every test of a
 * class's assignments is its teacher's, so one lookup per teacher reads them (names and stored counts,
 * never the questions).
 */
export async function presentAssignments(scope: Scope, rows: AssignmentRow[], classes: Map<number, { name: string; owner_id: number }>): Promise<AssignmentOut[]> {
  const tests = new Map<number, { name: string; count: number }>();
  for (const ownerId of new Set([...classes.values()].map((c) => c.owner_id))) {
    const ids = rows.filter((r) => classes.get(r.class_id)?.owner_id === ownerId).map((r) => r.test_id);
    for (const t of await testHeadings(scope.db, ownerId, ids)) tests.set(t.id, { name: t.name, count: t.count });
  }
  const now = scope.clock.now().toISOString();
  return rows.map((r) => ({
    id: r.id,
    class_id: r.class_id,
    class_name: classes.get(r.class_id)?.name ?? "",
    test_id: r.test_id,
    test_name: tests.get(r.test_id)?.name ?? "Test",
    question_count: tests.get(r.test_id)?.count ?? 0,
    opens_at: r.opens_at,
    due_at: r.due_at,
    attempts_allowed: r.attempts_allowed,
    show_answers_after: r.show_answers_after,
    allow_export: Boolean(r.allow_export),
    created_at: r.created_at,
    open: r.opens_at === null || r.opens_at <= now,
  }));
}

/** The class's assignments, presented (see the file's comment: authorize first). */
export async function assignmentsOfClass(scope: Scope, classId: number): Promise<AssignmentOut[]> {
  const cls: { name: string; owner_id: number } | undefined = await scope.db("classes").where({ id: classId }).first("name", "owner_id");
  if (!cls) return [];
  return presentAssignments(scope, await assignmentRows(scope.db, classId), new Map([[classId, cls]]));
}

/** The class's members with their names and e-mail addresses (see the file's comment: authorize first). */
export async function membersOf(scope: Scope, classId: number): Promise<MemberOut[]> {
  const rows = await memberRows(scope.db, classId, MAX_MEMBERS);
  const users = await usersByIds(scope.db, rows.map((r) => r.user_id));
  return rows.flatMap((r) => {
    const u = users.get(r.user_id);
    return u ? [{ user_id: r.user_id, username: u.username, email: u.email, joined_at: r.joined_at }] : [];
  });
}

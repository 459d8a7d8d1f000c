import type { Scope } from "../../core/context.ts";
import { lockKey, withTransaction } from "../../core/db.ts";
import { conflict, invalid, notFound } from "../../core/errors.ts";
import { MAX_TESTS_READ, testHeadings } from "../../generation/tests-query.ts";
import { assignmentAttempts, submitterCounts, type AssignmentAttempt } from "../../practice/queries.ts";
import { joinedBy, memberCounts, membersOf as memberRows } from "../../study/classes/members.ts";
import { findClass } from "../../study/classes/policy.ts";
import { notifyMany } from "../../study/notifications/service.ts";
import { assignmentRows, MAX_MEMBERS, presentAssignments, type AssignmentRow } from "./queries.ts";
import {
  MAX_ASSIGNMENTS,
  MAX_DAYS_AHEAD,
  TOO_MANY_ASSIGNMENTS,
  type AssignmentInput,
  type AssignmentOut,
  type MyAssignmentOut,
  type TaughtAssignmentOut,
} from "./schema.ts";
import { answersOut, assignmentState, exportRefusal, utcMinute } from "./state.ts";

const DAY = 24 * 3600_000;
/** A student's list across classes reads at most this many assignments (the newest): as many tests as one lookup names. */
const MAX_MY_ASSIGNMENTS = MAX_TESTS_READ;

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed|duplicate key/i.test(String((err as Error)?.message));

export { utcMinute };

function checkDates(scope: Scope, input: AssignmentInput) {
  const now = scope.clock.now();
  const latest = new Date(now.getTime() + MAX_DAYS_AHEAD * DAY).toISOString();
  for (const field of ["opens_at", "due_at"] as const) {
    if (input[field] && input[field] > latest) throw invalid(`${field} is more than ${MAX_DAYS_AHEAD} days ahead; check the year.`, ["body", field]);
  }
  if (input.due_at && input.due_at <= now.toISOString()) throw invalid("The due date has already passed.", ["body", "due_at"]);
}

/**
 * Gives one of the teacher's tests to the class. Its members are told (event `assignment:{id}`) in the
 * same transaction and one insert, so a class of hundreds costs one statement and one commit, and an
 * assignment is never there without its notifications.
 */
export async function createAssignment(scope: Scope, classId: number, input: AssignmentInput): Promise<TaughtAssignmentOut> {
  const cls = await findClass(scope, classId, "teach");
  checkDates(scope, input);
  // The test must be the teacher's own (an administrator assigns from the teacher's tests too).
  const [test] = await testHeadings(scope.db, cls.owner_id, [input.test_id]);
  if (!test) throw notFound("Test not found. Assign one of the class teacher's own tests.");
  const id = await withTransaction(scope, async (tx) => {
    await lockKey(tx.db, `assignments:${cls.id}`);
    const count = await tx.db("assignments").where({ class_id: cls.id }).count({ n: "*" }).first();
    if (Number(count?.n ?? 0) >= MAX_ASSIGNMENTS) throw conflict(TOO_MANY_ASSIGNMENTS);
    let created: number;
    try {
      const [row] = await tx
        .db("assignments")
        .insert({
          class_id: cls.id,
          test_id: test.id,
          opens_at: input.opens_at ?? null,
          due_at: input.due_at ?? null,
          attempts_allowed: input.attempts_allowed,
          show_answers_after: input.show_answers_after,
          allow_export: input.allow_export,
          created_at: tx.clock.now().toISOString(),
        })
        .returning("id");
      created = (typeof row === "object" ? row.id : row) as number;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict("This test is already assigned to this class.");
      throw err;
    }
    const due = input.due_at ? `, due ${utcMinute(input.due_at)}` : "";
    const members = (await memberRows(tx.db, cls.id, MAX_MEMBERS)).map((m) => m.user_id);
    await notifyMany(tx, members, { kind: "assignment_new", message: `New assignment in ${cls.name}: ${test.name}${due}.`, link: `/classes/${cls.id}`, event_key: `assignment:${created}` });
    return created;
  });
  const row: AssignmentRow = await scope.db("assignments").where({ id }).first();
  const [out] = await presentAssignments(scope, [row], new Map([[cls.id, cls]]));
  return { ...out!, submitted_count: 0, member_count: (await memberCounts(scope.db, [cls.id])).get(cls.id) ?? 0 };
}

/** A member's standing on each assignment, from their attempts. */
function withStates(scope: Scope, items: AssignmentOut[], attempts: AssignmentAttempt[]): MyAssignmentOut[] {
  const now = scope.clock.now().toISOString();
  return items.map((a) => {
    const { latest_score: _latest, ...state } = assignmentState(a, attempts.filter((t) => t.assignment_id === a.id), now);
    const mayExport = Boolean(a.allow_export) && a.open && exportRefusal(a, state.attempts_used > 0, now) === null;
    return { ...a, ...state, answers_shown: answersOut(a, now), may_export: mayExport };
  });
}

/**
 * The class's assignments: for its teacher with how many members submitted, for a member with their
 * own state; a student's own organiser has none.
 */
export async function listClassAssignments(scope: Scope, classId: number): Promise<TaughtAssignmentOut[] | MyAssignmentOut[]> {
  const cls = await findClass(scope, classId);
  const rows = await assignmentRows(scope.db, cls.id);
  const items = await presentAssignments(scope, rows, new Map([[cls.id, cls]]));
  if (cls.relation === "member") return withStates(scope, items, await assignmentAttempts(scope.db, rows.map((r) => r.id), { userId: scope.user.id }));
  // Counted in SQL: a class's attempts can outnumber any read cap, and none may be lost.
  const submitted = await submitterCounts(scope.db, rows.map((r) => r.id));
  const members = (await memberCounts(scope.db, [cls.id])).get(cls.id) ?? 0;
  return items.map((a) => ({ ...a, submitted_count: submitted.get(a.id) ?? 0, member_count: members }));
}

/** Removes an assignment; attempts made for it stay in their takers' results. */
export async function deleteAssignment(scope: Scope, classId: number, assignmentId: number): Promise<void> {
  const cls = await findClass(scope, classId, "teach");
  const removed = await scope.db("assignments").where({ id: assignmentId, class_id: cls.id }).delete();
  if (!removed) throw notFound("Assignment not found.");
}

const rank = { to_do: 0, missed: 1, late: 2, submitted: 2 } as const;

/**
 * GET /api/assignments: the user's assignments across the classes they joined, with their state; what
 * is still to do first (soonest due first), then the rest, newest first.
 */
export async function myAssignments(scope: Scope): Promise<MyAssignmentOut[]> {
  const rows: AssignmentRow[] = await scope
    .db("assignments")
    .whereIn("class_id", joinedBy(scope.user.id))
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }])
    .limit(MAX_MY_ASSIGNMENTS);
  const classRows: { id: number; name: string; owner_id: number }[] = rows.length
    ? await scope.db("classes").whereIn("id", [...new Set(rows.map((r) => r.class_id))]).select("id", "name", "owner_id")
    : [];
  const items = await presentAssignments(scope, rows, new Map(classRows.map((c) => [c.id, c])));
  const mine = withStates(scope, items, await assignmentAttempts(scope.db, rows.map((r) => r.id), { userId: scope.user.id }));
  const dueOrder = (a: MyAssignmentOut) => a.due_at ?? "9999";
  return mine.sort((a, b) => rank[a.state] - rank[b.state] || (a.state === "to_do" ? dueOrder(a).localeCompare(dueOrder(b)) : b.created_at.localeCompare(a.created_at)));
}

/**
 * A teacher's roster: students join with the class's code or are added by e-mail, and leave or are
 * removed. The rows are the classes feature's (src/study/classes/members.ts); this is who may write them.
 */
import type { Scope } from "../../core/context.ts";
import { lockKey, withTransaction } from "../../core/db.ts";
import { conflict, invalid, notFound } from "../../core/errors.ts";
import type { RateRule } from "../../core/rate-limit.ts";
import { findUser } from "../../accounts/directory.ts";
import { addMember, classIdByJoinCode, isMember, memberCounts, membershipCount, normaliseJoinCode, removeMember, setJoinCode } from "../../study/classes/members.ts";
import { findClass } from "../../study/classes/policy.ts";
import type { ClassDetailOut } from "../../study/classes/schema.ts";
import { getClass } from "../../study/classes/service.ts";
import { notify } from "../../study/notifications/service.ts";
import { MAX_MEMBERS, membersOf, type MemberOut } from "../assignments/queries.ts";
import type { JoinCodeOut } from "./schema.ts";

/** Classes one student may join: every course of a school career, and a bound on their lists. */
export const MAX_MEMBERSHIPS = 100;

/** Wrong codes per account: plenty for typos, hopeless for guessing 31^8 codes. */
export const WRONG_JOIN_CODES: RateRule = { limit: 10, windowMs: 15 * 60_000, message: "Too many wrong join codes. Try again in {minutes} minutes." };

export const NO_SUCH_CODE = "No class has this join code. Check the code with your teacher.";
const CLASS_FULL = `This class has ${MAX_MEMBERS} members, the most a class can have.`;

/** Adds the user to the class unless a limit says no; answers whether they are new. */
async function enrol(scope: Scope, classId: number, userId: number): Promise<boolean> {
  return withTransaction(scope, async (tx) => {
    await lockKey(tx.db, `class-members:${classId}`);
    if (await isMember(tx.db, classId, userId)) return false;
    if (((await memberCounts(tx.db, [classId])).get(classId) ?? 0) >= MAX_MEMBERS) throw conflict(CLASS_FULL);
    if ((await membershipCount(tx.db, userId)) >= MAX_MEMBERSHIPS) throw conflict(`That account is already in ${MAX_MEMBERSHIPS} classes, the most one account can join.`);
    return addMember(tx.db, classId, userId, tx.clock.now().toISOString());
  });
}

/**
 * POST /api/classes/join: the code's class, joined. Joining again, or one's own class, changes nothing.
 * Wrong codes count against the account (WRONG_JOIN_CODES), so codes cannot be guessed.
 */
export async function joinClass(scope: Scope, typed: string): Promise<ClassDetailOut> {
  const key = `join-code:${scope.user.id}`;
  await scope.limits.check(key, WRONG_JOIN_CODES);
  const classId = await classIdByJoinCode(scope.db, normaliseJoinCode(typed));
  if (classId === undefined) {
    await scope.limits.record(key, WRONG_JOIN_CODES);
    throw notFound(NO_SUCH_CODE);
  }
  const owner: { owner_id: number } = await scope.db("classes").where({ id: classId }).first("owner_id");
  if (owner.owner_id !== scope.user.id) await enrol(scope, classId, scope.user.id);
  return getClass(scope, classId);
}

/**
 * POST /api/classes/{id}/join-code: a new code; the old one stops working. A teacher's own class made
 * before they taught gets its first code here, and with it becomes a teacher's class.
 */
export async function regenerateJoinCode(scope: Scope, classId: number): Promise<JoinCodeOut> {
  const cls = await findClass(scope, classId, "code");
  return { join_code: await setJoinCode(scope.db, cls.id, scope.clock.now().toISOString()) };
}

export async function listMembers(scope: Scope, classId: number): Promise<MemberOut[]> {
  const cls = await findClass(scope, classId, "teach");
  return membersOf(scope, cls.id);
}

/**
 * POST /api/classes/{id}/members: adds the account with this e-mail. An unknown (or disabled) address
 * is one 404 that says nothing more about the account.
 */
export async function addMemberByEmail(scope: Scope, classId: number, email: string): Promise<{ member: MemberOut; created: boolean }> {
  const cls = await findClass(scope, classId, "teach");
  const user = await findUser(scope.db, email);
  if (!user || user.disabled || user.email !== email) throw notFound("No account uses this e-mail address. Ask the student to sign up first.");
  if (user.id === cls.owner_id) throw invalid("You teach this class: add your students to it.", ["body", "email"]);
  const created = await enrol(scope, cls.id, user.id);
  const member = (await membersOf(scope, cls.id)).find((m) => m.user_id === user.id)!;
  // Nobody typed a code, so the student learns of the class from this (once per time they are added).
  if (created) {
    await notify(scope, user.id, { kind: "class_added", message: `${scope.user.username} added you to the class ${cls.name}.`, link: `/classes/${cls.id}`, event_key: `class_added:${cls.id}:${member.joined_at}` });
  }
  return { member, created };
}

/** DELETE /api/classes/{id}/members/{user_id}: the teacher removes a member, or a member leaves. */
export async function removeClassMember(scope: Scope, classId: number, userId: number): Promise<void> {
  const seen = await findClass(scope, classId);
  const leaving = seen.relation === "member" && userId === scope.user.id;
  const cls = leaving ? seen : await findClass(scope, classId, "teach");
  if (!(await removeMember(scope.db, cls.id, userId))) throw notFound("That student is not a member of this class.");
}

/**
 * A teacher's roster: students join with the class's code or are added by e-mail, and leave or are
 * removed. The rows are the classes feature's (src/study/classes/members.ts); this is who may write them.
 */
import type { Scope } from "../../core/context.ts";
import { lockKey, withTransaction } from "../../core/db.ts";
import { conflict, invalid, notFound } from "../../core/errors.ts";
import type { RateRule } from "../../core/rate-limit.ts";
import { findUser } from "../../accounts/directory.ts";
import { addMember, classIdByJoinCode, classOwner, isMember, memberCounts, membershipCount, normaliseJoinCode, removeMember, setJoinCode, type MemberVia } from "../../study/classes/members.ts";
import { findClass } from "../../study/classes/policy.ts";
import type { ClassDetailOut } from "../../study/classes/schema.ts";
import { getClass } from "../../study/classes/service.ts";
import { notify, type NewNotification } from "../../study/notifications/service.ts";
import { MAX_MEMBERS, membersOf, type MemberOut } from "../assignments/queries.ts";
import type { JoinCodeOut } from "./schema.ts";

/** Classes one student may join: every course of a school career, and a bound on their lists. */
export const MAX_MEMBERSHIPS = 100;

/** Wrong codes per account: plenty for typos, hopeless for guessing 31^8 codes. */
export const WRONG_JOIN_CODES: RateRule = { limit: 10, windowMs: 15 * 60_000, message: "Too many wrong join codes. Try again in {minutes} minutes." };

export const NO_SUCH_CODE = "No class has this join code. Check the code with your teacher.";
const CLASS_FULL = `This class has ${MAX_MEMBERS} members, the most a class can have.`;
const TOO_MANY_JOINED = `You are already in ${MAX_MEMBERSHIPS} classes you joined, the most one account can join. Leave one you no longer need first.`;
const TOO_MANY_ADDED = `That student has already been added to ${MAX_MEMBERSHIPS} classes, the most one account can be added to. Give them the class's join code instead.`;
/** Unknown, disabled, or not a student's: one answer, so the form tells nothing about other accounts. */
const NO_SUCH_STUDENT = "No student account uses this e-mail address. Ask the student to sign up first.";

/** Students added by e-mail per teacher: a whole year's classes in an hour, not everyone in the school everywhere. */
export const CLASS_ADDS: RateRule = { limit: 200, windowMs: 60 * 60_000, message: "You have added many students in the last hour. Try again in {minutes} minutes, or give the class its join code." };

/** Adds the user to the class unless a limit says no; answers whether they are new. */
async function enrol(scope: Scope, classId: number, userId: number, via: MemberVia, notice?: (joinedAt: string) => NewNotification): Promise<boolean> {
  return withTransaction(scope, async (tx) => {
    await lockKey(tx.db, `class-members:${classId}`);
    if (await isMember(tx.db, classId, userId)) return false;
    if (((await memberCounts(tx.db, [classId])).get(classId) ?? 0) >= MAX_MEMBERS) throw conflict(CLASS_FULL);
    // Joined and added classes are limited apart: teachers adding a student cannot use up the classes they may join.
    if ((await membershipCount(tx.db, userId, via)) >= MAX_MEMBERSHIPS) throw conflict(via === "joined" ? TOO_MANY_JOINED : TOO_MANY_ADDED);
    const now = tx.clock.now().toISOString();
    const added = await addMember(tx.db, classId, userId, now, via);
    // Told in the same transaction: the membership and its notification are written together or not at all.
    if (added && notice) await notify(tx, userId, notice(now));
    return added;
  });
}

/**
 * POST /api/classes/join: the code's class, joined. Joining again, or one's own class, changes nothing.
 * Wrong codes count against the account (WRONG_JOIN_CODES), so codes cannot be guessed.
 */
export async function joinClass(scope: Scope, typed: string): Promise<ClassDetailOut> {
  const key = `join-code:${scope.user.id}`;
  // Counted before the lookup (and taken back when the code is right), so codes tried at once cannot pass the limit.
  await scope.limits.hit(key, WRONG_JOIN_CODES);
  const classId = await classIdByJoinCode(scope.db, normaliseJoinCode(typed));
  // A class whose owner no longer teaches keeps its code in the table but takes nobody in.
  const owner = classId === undefined ? undefined : await classOwner(scope.db, classId);
  if (classId === undefined || !owner?.teaches) throw notFound(NO_SUCH_CODE);
  await scope.limits.forgive(key);
  if (owner.id !== scope.user.id) await enrol(scope, classId, scope.user.id, "joined");
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
  await scope.limits.hit(`class-adds:${scope.user.id}`, CLASS_ADDS);
  const user = await findUser(scope.db, email);
  if (user?.id === cls.owner_id) throw invalid("You teach this class: add your students to it.", ["body", "email"]);
  // Only students are added: a teacher or an administrator joins a class themselves, if at all.
  if (!user || user.disabled || user.email !== email || user.role !== "student") throw notFound(NO_SUCH_STUDENT);
  // Nobody typed a code, so the student learns of the class from this (once per time they are added).
  const created = await enrol(scope, cls.id, user.id, "added", (joinedAt) => ({
    kind: "class_added",
    message: `${scope.user.username} added you to the class ${cls.name}.`,
    link: `/classes/${cls.id}`,
    event_key: `class_added:${cls.id}:${joinedAt}`,
  }));
  const member = (await membersOf(scope, cls.id)).find((m) => m.user_id === user.id)!;
  return { member, created };
}

/** DELETE /api/classes/{id}/members/{user_id}: the teacher removes a member, or a member leaves. */
export async function removeClassMember(scope: Scope, classId: number, userId: number): Promise<void> {
  const seen = await findClass(scope, classId);
  const leaving = seen.relation === "member" && userId === scope.user.id;
  const cls = leaving ? seen : await findClass(scope, classId, "teach");
  if (!(await removeMember(scope.db, cls.id, userId))) throw notFound("That student is not a member of this class.");
}

/**
 * The classes feature's membership list (`class_members`) and join codes (`classes.join_code`). The
 * tables sit beside `classes` because the classes policy decides what a member sees; the teacher's
 * workflows over them (joining by code, adding by e-mail, removing) live in src/teaching/classes.
 */
import { randomInt } from "node:crypto";
import type { Knex } from "knex";
import type { Db } from "../../core/db.ts";
import { findUser, TEACHING_ROLES, teachingAccounts } from "../../accounts/directory.ts";

/** Readable in a classroom: no 0/O, 1/I/L, so a code read aloud or off a board is typed right. */
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** 31^8 ≈ 8.5·10^11 codes: guessing one at the join limit would take millions of years. */
export const JOIN_CODE_LENGTH = 8;

/** A fresh code from the system's cryptographic random source. */
export function newJoinCode(): string {
  let code = "";
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** What a student typed, as stored: case, spaces and dashes do not matter ("abcd-efgh" = "ABCDEFGH"). */
export const normaliseJoinCode = (typed: string) => typed.toUpperCase().replace(/[\s-]+/g, "");

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed|duplicate key/i.test(String((err as Error)?.message));

/**
 * Writes a new code on the class and answers it; the old one stops working at once. A collision with
 * another class's code (about one in 10^11) is retried with another.
 */
export async function setJoinCode(db: Db, classId: number, now: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    const code = newJoinCode();
    try {
      await db("classes").where({ id: classId }).update({ join_code: code, updated_at: now });
      return code;
    } catch (err) {
      if (!isUniqueViolation(err) || tries >= 4) throw err;
    }
  }
}

/** The class a code names, if any. */
export async function classIdByJoinCode(db: Db, code: string): Promise<number | undefined> {
  const row: { id: number } | undefined = await db("classes").where({ join_code: code }).first("id");
  return row?.id;
}

export async function isMember(db: Db, classId: number, userId: number): Promise<boolean> {
  return Boolean(await db("class_members").where({ class_id: classId, user_id: userId }).first("user_id"));
}

/** Narrows a query on `classes` (or anything with a class id column) to classes the user joined. */
export const joinedBy = (userId: number) => (q: Knex.QueryBuilder) => q.select("class_id").from("class_members").where("user_id", userId);

/** How a member came in: they joined with the code, or the teacher added them (by e-mail). */
export type MemberVia = "joined" | "added";

/** Adds the user to the class; answers whether they were not a member before. */
export async function addMember(db: Db, classId: number, userId: number, now: string, via: MemberVia = "joined"): Promise<boolean> {
  const rows = await db("class_members")
    .insert({ class_id: classId, user_id: userId, joined_at: now, added: via === "added" })
    .onConflict(["class_id", "user_id"])
    .ignore()
    .returning("user_id");
  return rows.length > 0;
}

/** Removes the user from the class; answers whether they were a member. */
export async function removeMember(db: Db, classId: number, userId: number): Promise<boolean> {
  return (await db("class_members").where({ class_id: classId, user_id: userId }).delete()) > 0;
}

export interface MemberRow {
  user_id: number;
  joined_at: string;
}

/** A class's members in the order they joined (at most `limit`). */
export async function membersOf(db: Db, classId: number, limit: number): Promise<MemberRow[]> {
  return db("class_members").where({ class_id: classId }).orderBy([{ column: "joined_at", order: "asc" }, { column: "user_id", order: "asc" }]).limit(limit).select("user_id", "joined_at");
}

/** How many members each class has. */
export async function memberCounts(db: Db, classIds: number[]): Promise<Map<number, number>> {
  if (!classIds.length) return new Map();
  const rows: { class_id: number; n: number | string }[] = await db("class_members").whereIn("class_id", classIds).groupBy("class_id").select("class_id").count({ n: "*" });
  return new Map(rows.map((r) => [r.class_id, Number(r.n)]));
}

/** How many classes the user is a member of (not counting their own) that they joined, or were added to. */
export async function membershipCount(db: Db, userId: number, via: MemberVia): Promise<number> {
  return Number((await db("class_members").where({ user_id: userId, added: via === "added" }).count({ n: "*" }).first())?.n ?? 0);
}

/**
 * Narrows a query to the classes the user joined whose owner still teaches: what a class lends its
 * members (materials, assigned tests) stops when its teacher is made a student again.
 */
export const joinedTaughtBy = (userId: number) => (q: Knex.QueryBuilder) =>
  q.select("id").from("classes").whereIn("id", joinedBy(userId)).whereIn("owner_id", teachingAccounts);

/** Whether one of the classes the user joined, of a teacher who still teaches, holds this study material (as its syllabus or attached). */
export async function materialSharedWith(db: Db, userId: number, materialId: number): Promise<boolean> {
  const asSyllabus = await db("classes").whereIn("id", joinedTaughtBy(userId)).where({ syllabus_id: materialId }).first("id");
  if (asSyllabus) return true;
  return Boolean(await db("class_materials").whereIn("class_id", joinedTaughtBy(userId)).where({ study_material_id: materialId }).first("class_id"));
}

/** The class's owner, and whether they still teach (a teacher or an administrator). */
export async function classOwner(db: Db, classId: number): Promise<{ id: number; teaches: boolean } | undefined> {
  const row: { owner_id: number } | undefined = await db("classes").where({ id: classId }).first("owner_id");
  if (!row) return undefined;
  const owner = await findUser(db, row.owner_id);
  return { id: row.owner_id, teaches: owner !== undefined && TEACHING_ROLES.includes(owner.role) };
}

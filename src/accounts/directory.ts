/**
 * The user directory as administration sees it: search and pages of users, sign-ups and activity per
 * day. Reads only the accounts feature's own tables.
 */
import type { Knex } from "knex";
import type { AppContext, Role } from "../core/context.ts";
import type { Db } from "../core/db.ts";
import { countPerDay, whereContains } from "../core/db.ts";

export { ROLES, type Role } from "../core/context.ts";

export const USER_SORTS = ["username", "email", "role", "created_at", "last_active_at"] as const;

export interface DirectoryUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  is_verified: boolean;
  disabled: boolean;
  created_at: string;
  last_active_at: string | null;
}

interface Row extends Omit<DirectoryUser, "is_verified" | "disabled"> {
  is_verified: number | boolean;
  disabled: number | boolean;
}

const present = (r: Row): DirectoryUser => ({
  id: r.id,
  username: r.username,
  email: r.email,
  role: r.role,
  is_verified: Boolean(r.is_verified),
  disabled: Boolean(r.disabled),
  created_at: r.created_at,
  last_active_at: r.last_active_at,
});

const COLUMNS = ["id", "username", "email", "role", "is_verified", "disabled", "created_at", "last_active_at"];

export interface UserQuery {
  q?: string;
  role?: Role;
  sort?: (typeof USER_SORTS)[number];
  order?: "asc" | "desc";
  offset: number;
  limit: number;
}

/** A page of users matching `q` (in the username or e-mail) and `role`. */
export async function searchUsers(db: Db, query: UserQuery): Promise<{ items: DirectoryUser[]; total: number }> {
  const base = db("users").modify((q) => {
    if (query.q) q.where((w) => whereContains(whereContains(w, "username", query.q!), "email", query.q!, true));
    if (query.role) q.where({ role: query.role });
  });
  const total = Number((await base.clone().count({ n: "*" }).first())?.n ?? 0);
  const rows: Row[] = await base
    .clone()
    .orderBy([{ column: query.sort ?? "created_at", order: query.order ?? (query.sort && query.sort !== "created_at" && query.sort !== "last_active_at" ? "asc" : "desc") }, { column: "id", order: "asc" }])
    .offset(query.offset)
    .limit(query.limit)
    .select(COLUMNS);
  return { items: rows.map(present), total };
}

/** Ids of users whose username or e-mail contains `q` (at most `limit`), to search files by owner. */
export async function userIdsMatching(db: Db, q: string, limit = 500): Promise<number[]> {
  return db("users").where((w) => whereContains(whereContains(w, "username", q), "email", q, true)).limit(limit).pluck("id");
}

/** Users by id, for showing the owners of a page of records. */
export async function usersByIds(db: Db, ids: number[]): Promise<Map<number, DirectoryUser>> {
  if (!ids.length) return new Map();
  const rows: Row[] = await db("users").whereIn("id", [...new Set(ids)]).select(COLUMNS);
  return new Map(rows.map((r) => [r.id, present(r)]));
}

/** Roles that teach: teachers, and administrators, who can do everything a teacher can. */
export const TEACHING_ROLES: readonly Role[] = ["teacher", "admin"];

/** Narrows a query on anything with a user id column to accounts that teach now (a subquery, as members.ts's joinedBy). */
export const teachingAccounts = (q: Knex.QueryBuilder) => q.select("id").from("users").whereIn("role", TEACHING_ROLES);

/** One user by id, or by e-mail when the reference contains an @ (the CLI's `<email|id>`). */
export async function findUser(db: Db, ref: string | number): Promise<DirectoryUser | undefined> {
  const where = typeof ref === "number" || /^\d+$/.test(ref) ? { id: Number(ref) } : { email: String(ref).trim().toLowerCase() };
  const row: Row | undefined = await db("users").where(where).first(COLUMNS);
  return row && present(row);
}

/**
 * Notes that the user used the service now: their last-active time, and today in the activity record.
 * Called at most about once a minute per user (see `noteActivity`), so it costs no write per request.
 */
export async function recordActivity(app: AppContext, userId: number): Promise<void> {
  const now = app.clock.now().toISOString();
  await app.db("users").where({ id: userId }).update({ last_active_at: now });
  await app.db("activity_days").insert({ user_id: userId, day: now.slice(0, 10) }).onConflict(["user_id", "day"]).ignore();
}

const lastNoted = new Map<number, number>();
const NOTE_EVERY_MS = 60_000;

/** recordActivity, at most once a minute per user and process; failures are logged, never felt by the request. */
export function noteActivity(app: AppContext, userId: number): void {
  const now = app.clock.now().getTime();
  if (now - (lastNoted.get(userId) ?? -Infinity) < NOTE_EVERY_MS) return;
  lastNoted.set(userId, now);
  if (lastNoted.size > 100_000) lastNoted.clear(); // bounded: forgetting only means one extra write
  recordActivity(app, userId).catch((err: unknown) => app.log.warn({ err, user_id: userId }, "could not record activity"));
}

export const signupsPerDay = (db: Db, since: string) => countPerDay(db("users"), since);

/** Distinct active users per day since `since`. */
export async function activeUsersPerDay(db: Db, since: string): Promise<Record<string, number>> {
  const rows: { day: string; n: number | string }[] = await db("activity_days").where("day", ">=", since.slice(0, 10)).groupBy("day").select("day").count({ n: "*" });
  return Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]));
}

/** Users active (signed in or used the service) at any time since `since`. */
export async function countActiveUsers(db: Db, since: string): Promise<number> {
  return Number((await db("users").where("last_active_at", ">=", since).count({ n: "*" }).first())?.n ?? 0);
}

export async function countUsersByRole(db: Db): Promise<Record<Role, number>> {
  const rows: { role: Role; n: number | string }[] = await db("users").groupBy("role").select("role").count({ n: "*" });
  const counts = { student: 0, teacher: 0, admin: 0 };
  for (const r of rows) counts[r.role] = Number(r.n);
  return counts;
}

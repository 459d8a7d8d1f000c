/** The `user_identities` table: provider accounts linked to users (owned by accounts). */
import type { Db } from "../../core/db.ts";

export interface IdentityRow {
  id: number;
  user_id: number;
  provider: string;
  issuer: string;
  subject: string;
  email: string;
  linked_at: string;
}

export const findIdentity = (db: Db, issuer: string, subject: string): Promise<IdentityRow | undefined> =>
  db("user_identities").where({ issuer, subject }).first();

export const identitiesOf = (db: Db, userId: number): Promise<IdentityRow[]> =>
  db("user_identities").where({ user_id: userId }).orderBy("linked_at").limit(50);

/** Links the provider account to the user; a user has at most one account per provider (a new link replaces the old). */
export async function linkIdentity(db: Db, row: Omit<IdentityRow, "id">): Promise<void> {
  await db("user_identities").where({ user_id: row.user_id, provider: row.provider }).delete();
  await db("user_identities").insert(row);
}

export const unlinkIdentity = async (db: Db, userId: number, provider: string): Promise<boolean> =>
  (await db("user_identities").where({ user_id: userId, provider }).delete()) > 0;

/**
 * How each of these users signs in, for the admin's users table: "password" when they have one they
 * know, then each linked provider's name (its id when no longer configured).
 */
export async function signInMethods(db: Db, userIds: number[], providers: readonly { id: string; name: string }[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!userIds.length) return out;
  const ids = [...new Set(userIds)];
  const [users, links]: [{ id: number; password_set: number | boolean }[], { user_id: number; provider: string }[]] = await Promise.all([
    db("users").whereIn("id", ids).select("id", "password_set"),
    db("user_identities").whereIn("user_id", ids).orderBy("linked_at").select("user_id", "provider"),
  ]);
  for (const u of users) out.set(u.id, u.password_set ? ["password"] : []);
  for (const l of links) out.get(l.user_id)?.push(providers.find((p) => p.id === l.provider)?.name ?? l.provider);
  return out;
}

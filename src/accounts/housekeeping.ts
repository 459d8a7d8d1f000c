/** Accounts' part of housekeeping: sign-ups that were never verified. Reads only the accounts tables. */
import type { Db } from "../core/db.ts";
import { usersByIds, type DirectoryUser } from "./directory.ts";

/**
 * Accounts created before `before` (ISO) whose address was never verified; never administrators
 * (an installation without mail has an unverified first administrator).
 */
export async function unverifiedAccountsBefore(db: Db, before: string): Promise<DirectoryUser[]> {
  const ids: number[] = await db("users").where({ is_verified: false }).whereNot({ role: "admin" }).where("created_at", "<", before).orderBy("id").limit(10_000).pluck("id");
  const users = await usersByIds(db, ids);
  return ids.flatMap((id) => users.get(id) ?? []);
}

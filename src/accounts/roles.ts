/**
 * Roles and account status, as administration changes them. The rule that holds throughout: an
 * installation always keeps at least one enabled administrator, so it can always be administered
 * (and the next stranger to sign up never becomes admin by default).
 */
import type { AppContext } from "../core/context.ts";
import { lockKey } from "../core/db.ts";
import { conflict, notFound } from "../core/errors.ts";
import { findUser, type DirectoryUser, type Role } from "./directory.ts";
import { endSessions } from "./sessions.ts";

/** What a role change writes: is_admin is kept equal to role = 'admin' for older readers. */
export const roleColumns = (role: Role) => ({ role, is_admin: role === "admin" });

export const LAST_ADMIN = {
  demote: "This is the only administrator: make another user an administrator first.",
  disable: "This is the only administrator, so the account cannot be disabled.",
  delete: "This is the only administrator, so the account cannot be deleted until another administrator exists.",
  deleteOwn: "You are the only administrator, so your account cannot be deleted until another administrator exists.",
} as const;

/**
 * Throws 409 unless an enabled administrator other than `userId` exists. Call it inside the
 * transaction that demotes, disables or deletes, so two admins demoting each other at once cannot
 * both succeed (lockKey serialises them on PostgreSQL; SQLite runs one transaction at a time).
 */
export async function assertAnotherAdmin(app: AppContext, userId: number, action: keyof typeof LAST_ADMIN): Promise<void> {
  await lockKey(app.db, "admins");
  const other = await app.db("users").where({ role: "admin", disabled: false }).whereNot({ id: userId }).first("id");
  if (!other) throw conflict(LAST_ADMIN[action]);
}

export interface AccountChanges {
  role?: Role;
  disabled?: boolean;
  is_verified?: boolean;
}

/**
 * Changes a user's role, disabled flag or verified flag (run it in a transaction). Disabling ends the
 * user's sessions at once. Returns the user before and after, for the audit log.
 */
export async function changeAccount(app: AppContext, userId: number, changes: AccountChanges): Promise<{ before: DirectoryUser; after: DirectoryUser }> {
  const before = await findUser(app.db, userId);
  if (!before) throw notFound("User not found.");
  const demoting = before.role === "admin" && changes.role !== undefined && changes.role !== "admin";
  if (demoting) await assertAnotherAdmin(app, userId, "demote");
  if (changes.disabled && !before.disabled && before.role === "admin") await assertAnotherAdmin(app, userId, "disable");
  const update: Record<string, unknown> = { updated_at: app.clock.now().toISOString() };
  if (changes.role !== undefined) Object.assign(update, roleColumns(changes.role));
  if (changes.is_verified !== undefined) update.is_verified = changes.is_verified;
  if (changes.disabled !== undefined) {
    update.disabled = changes.disabled;
    if (changes.disabled && !before.disabled) update.session_version = app.db.raw("session_version + 1");
  }
  await app.db("users").where({ id: userId }).update(update);
  if (changes.disabled && !before.disabled) await endSessions(app, userId);
  return { before, after: (await findUser(app.db, userId))! };
}

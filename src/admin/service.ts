/**
 * Administration of people and files: the directory with counts, role and status changes, deletions
 * and reset links. Every change writes its audit entry in the same transaction as the change.
 */
import type { AppContext } from "../core/context.ts";
import { withTransaction } from "../core/db.ts";
import { conflict, notFound } from "../core/errors.ts";
import { deleteUserRows, releaseDocuments } from "../accounts/cleanup.ts";
import { findUser, searchUsers, userIdsMatching, usersByIds, type DirectoryUser, type UserQuery } from "../accounts/directory.ts";
import { signInMethods } from "../accounts/oidc/identities.ts";
import { issueResetLink, mailResetLink } from "../accounts/reset-link.ts";
import { assertAnotherAdmin, changeAccount } from "../accounts/roles.ts";
import { testsByUser } from "../generation/stats.ts";
import { fileOwnedBy, listAllFiles, removeFileRecord, storageByUser } from "../materials/directory.ts";
import { releaseDocument } from "../materials/service.ts";
import { resultsByUser } from "../practice/stats.ts";
import { recordAudit, type Actor } from "./audit.ts";
import type { AdminFileOut, AdminUserOut, Paged, UserPatch } from "./schema.ts";

/** An administrator (or the CLI) at work: the context plus who acts, for the audit log. */
export interface AdminScope extends AppContext {
  actor: Actor;
}

const page = (p: { page: number; per_page: number }) => ({ offset: (p.page - 1) * p.per_page, limit: p.per_page });

/** Users with what they have: tests, results, files and the bytes of their PDFs. */
async function withCounts(app: AppContext, users: DirectoryUser[]): Promise<AdminUserOut[]> {
  const ids = users.map((u) => u.id);
  const [tests, results, storage, signIn] = await Promise.all([
    testsByUser(app.db, ids),
    resultsByUser(app.db, ids),
    storageByUser(app.db, ids),
    signInMethods(app.db, ids, app.config.oidcProviders),
  ]);
  return users.map((u) => ({
    ...u,
    is_admin: u.role === "admin",
    tests: tests.get(u.id) ?? 0,
    results: results.get(u.id) ?? 0,
    files: storage.get(u.id)?.files ?? 0,
    storage_bytes: storage.get(u.id)?.bytes ?? 0,
    sign_in: signIn.get(u.id) ?? [],
  }));
}

export async function listUsers(app: AppContext, query: Omit<UserQuery, "offset" | "limit"> & { page: number; per_page: number }): Promise<Paged<AdminUserOut>> {
  const { items, total } = await searchUsers(app.db, { ...query, ...page(query) });
  return { items: await withCounts(app, items), total, page: query.page, per_page: query.per_page };
}

/** Files of every user, found by file name or by their owner's name or e-mail. */
export async function listFiles(app: AppContext, query: { q?: string; page: number; per_page: number }): Promise<Paged<AdminFileOut>> {
  const ownerIds = query.q ? await userIdsMatching(app.db, query.q) : undefined;
  const { items, total } = await listAllFiles(app.db, { q: query.q, ownerIds, ...page(query) });
  const owners = await usersByIds(app.db, items.map((f) => f.user_id));
  const files = items.map(({ user_id, ...f }) => {
    const o = owners.get(user_id);
    return { ...f, owner: o ? { id: o.id, username: o.username, email: o.email } : null };
  });
  return { items: files, total, page: query.page, per_page: query.per_page };
}

async function userOrNotFound(app: AppContext, ref: string | number): Promise<DirectoryUser> {
  const user = await findUser(app.db, ref);
  if (!user) throw notFound(typeof ref === "string" && ref.includes("@") ? `No user has the e-mail ${ref}.` : `User ${ref} not found.`);
  return user;
}

export async function getUser(app: AppContext, ref: string | number): Promise<AdminUserOut> {
  return (await withCounts(app, [await userOrNotFound(app, ref)]))[0]!;
}

/** Role, disabled and verified changes, each audited; the last enabled administrator stays one. */
export async function updateUser(scope: AdminScope, ref: string | number, patch: UserPatch): Promise<AdminUserOut> {
  const user = await userOrNotFound(scope, ref);
  await withTransaction(scope, async (tx) => {
    const { before, after } = await changeAccount(tx, user.id, patch);
    const target = { type: "user" as const, id: user.id, label: user.email };
    if (before.role !== after.role) await recordAudit(tx, scope.actor, { action: "user.role", target, details: { from: before.role, to: after.role } });
    if (before.disabled !== after.disabled) await recordAudit(tx, scope.actor, { action: after.disabled ? "user.disable" : "user.enable", target });
    if (before.is_verified !== after.is_verified) await recordAudit(tx, scope.actor, { action: after.is_verified ? "user.verify" : "user.unverify", target });
  });
  return getUser(scope, user.id);
}

/** Deletes a user and everything they own; their stored PDFs go when nobody else refers to them. */
export async function deleteUser(scope: AdminScope, ref: string | number): Promise<void> {
  const user = await userOrNotFound(scope, ref);
  const hashes = await withTransaction(scope, async (tx) => {
    if (user.role === "admin") await assertAnotherAdmin(tx, user.id, "delete");
    await recordAudit(tx, scope.actor, { action: "user.delete", target: { type: "user", id: user.id, label: user.email }, details: { username: user.username } });
    return deleteUserRows(tx, user.id);
  });
  await releaseDocuments(scope, hashes);
}

/** Any user's file (an administrator's cleanup); the bytes go when no other file refers to them. */
export async function deleteFile(scope: AdminScope, id: number): Promise<void> {
  const removed = await withTransaction(scope, async (tx) => {
    const row = await removeFileRecord(tx.db, id);
    if (!row) throw notFound("File not found.");
    await recordAudit(tx, scope.actor, { action: "file.delete", target: { type: "file", id, label: row.filename }, details: { owner_id: row.user_id } });
    return row;
  });
  await releaseDocument(scope, removed.hash);
}

/** Mails the user a reset link; without SMTP the link comes back for the administrator to pass on. */
export async function sendPasswordReset(scope: AdminScope, ref: string | number): Promise<{ message: string; link: string | null }> {
  const user = await userOrNotFound(scope, ref);
  if (user.disabled) throw conflict("This account is disabled: enable it before sending a reset link.");
  // The link and its audit entry commit together; the mail goes after the commit.
  const link = await withTransaction(scope, async (tx) => {
    await recordAudit(tx, scope.actor, { action: "user.password_reset", target: { type: "user", id: user.id, label: user.email } });
    return issueResetLink(tx, user);
  });
  await mailResetLink(scope, user, link);
  if (scope.config.smtpUrl) return { message: `A reset link was sent to ${user.email}.`, link: null };
  return { message: `Mail is not configured, so no e-mail was sent: give ${user.email} this link.`, link };
}


/** Whether file `id` is the user's own (an administrator's own files are deleted like anyone's). */
export async function isOwnFile(app: AppContext, userId: number, id: number): Promise<boolean> {
  return Boolean(await fileOwnedBy(app.db, id, userId));
}

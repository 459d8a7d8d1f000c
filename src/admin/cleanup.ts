/**
 * End-of-term cleanup (`studyforge cleanup`): what can go, listed with its size, and then deleted and
 * audited. Each feature finds and deletes its own leftovers; this only puts them together.
 *
 * - unverified accounts created more than N days ago, with nothing in them, when e-mail verification
 *   is required (without it an unverified account is an ordinary working account), never admins;
 * - generation jobs that failed or were cancelled more than N days ago;
 * - abandoned uploads in DATA_DIR/tmp and stored PDFs nothing refers to, older than an hour (the
 *   hourly maintenance's rule, so an upload in progress is never touched).
 */
import path from "node:path";
import type { AppContext } from "../core/context.ts";
import { withTransaction } from "../core/db.ts";
import { deleteUserRows, releaseDocuments } from "../accounts/cleanup.ts";
import { unverifiedAccountsBefore } from "../accounts/housekeeping.ts";
import { deleteEndedJobs, failedJobsBefore } from "../core/jobs.ts";
import { testsByUser } from "../generation/stats.ts";
import { storageByUser } from "../materials/directory.ts";
import { abandonedUploads, orphanedBlobs, removeFiles, removeOrphanedBlobs, unreferencedDocuments } from "../materials/housekeeping.ts";
import { blobPath } from "../materials/storage.ts";
import { resultsByUser } from "../practice/stats.ts";
import { recordAudit } from "./audit.ts";
import type { AdminScope } from "./service.ts";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
export const DEFAULT_CLEANUP_DAYS = 90;

interface Category<T> {
  count: number;
  /** Bytes freed on disk (null where nothing on disk is freed). */
  bytes: number | null;
  items: T[];
  /** Why the category was not looked at, if it was not. */
  skipped?: string;
}

const category = <T extends object>(items: T[], sized: boolean, skipped?: string): Category<T> => ({
  count: items.length,
  bytes: sized ? items.reduce((sum, i) => sum + ((i as { bytes?: number }).bytes ?? 0), 0) : null,
  items,
  ...(skipped ? { skipped } : {}),
});

/** Unverified accounts from before `before` with nothing in them: no tests, results or files. */
async function emptyUnverifiedAccounts(db: AppContext["db"], before: string) {
  const candidates = await unverifiedAccountsBefore(db, before);
  const ids = candidates.map((u) => u.id);
  const [tests, results, storage] = await Promise.all([testsByUser(db, ids), resultsByUser(db, ids), storageByUser(db, ids)]);
  return candidates
    .filter((u) => !tests.get(u.id) && !results.get(u.id) && !storage.get(u.id)?.files)
    .map((u) => ({ id: u.id, email: u.email, username: u.username, created_at: u.created_at }));
}

/** What a cleanup would delete now, with `olderThanDays` for accounts and jobs. */
export async function planCleanup(app: AppContext, olderThanDays = DEFAULT_CLEANUP_DAYS) {
  const { db } = app;
  const { dataDir } = app.config;
  const now = app.clock.now().getTime();
  const before = new Date(now - olderThanDays * DAY).toISOString();
  const hourAgo = now - HOUR;

  let accounts: { id: number; email: string; username: string; created_at: string }[] = [];
  let skipped: string | undefined;
  if (!app.config.requireEmailVerification) {
    skipped = "e-mail verification is not required on this installation, so unverified accounts are in use";
  } else {
    accounts = await emptyUnverifiedAccounts(db, before);
  }
  const jobs = await failedJobsBefore(db, before);
  const temp = await abandonedUploads(dataDir, hourAgo);
  const documents = await unreferencedDocuments(db, new Date(hourAgo).toISOString());
  const orphans = await orphanedBlobs(app, hourAgo);

  return {
    older_than_days: olderThanDays,
    unverified_accounts: category(accounts, false, skipped),
    failed_jobs: category(jobs, false),
    abandoned_uploads: category(
      temp.map((f) => ({ file: path.relative(dataDir, f.path), bytes: f.bytes, modified_at: f.modified_at })),
      true,
    ),
    unreferenced_pdfs: category(
      [
        ...documents.map((d) => ({ hash: d.hash, file: path.relative(dataDir, blobPath(dataDir, d.hash)), bytes: d.bytes, kind: "document without files" })),
        ...orphans.map((f) => ({ hash: f.hash, file: path.relative(dataDir, f.path), bytes: f.bytes, kind: "file without document" })),
      ],
      true,
    ),
  };
}

export type CleanupPlan = Awaited<ReturnType<typeof planCleanup>>;

/** The plan's counts and bytes, as the audit entry and summaries state them. */
export function cleanupCounts(plan: CleanupPlan) {
  const { unverified_accounts, failed_jobs, abandoned_uploads, unreferenced_pdfs } = plan;
  return {
    unverified_accounts: unverified_accounts.count,
    failed_jobs: failed_jobs.count,
    abandoned_uploads: abandoned_uploads.count,
    unreferenced_pdfs: unreferenced_pdfs.count,
    bytes: (abandoned_uploads.bytes ?? 0) + (unreferenced_pdfs.bytes ?? 0),
  };
}

/**
 * Deletes what `planCleanup` finds. The accounts, the jobs and the audit entry commit together; files
 * go after the commit (a stored PDF is released only if still unused, checked under its lock).
 */
export async function runCleanup(scope: AdminScope, olderThanDays = DEFAULT_CLEANUP_DAYS): Promise<CleanupPlan> {
  const plan = await planCleanup(scope, olderThanDays);
  const { unverified_accounts, failed_jobs, abandoned_uploads, unreferenced_pdfs } = plan;
  const released = await withTransaction(scope, async (tx) => {
    const hashes: string[] = [];
    // Checked again inside the transaction: an account verified or used since the plan is kept.
    const before = new Date(scope.clock.now().getTime() - olderThanDays * DAY).toISOString();
    const stillEmpty = new Set(scope.config.requireEmailVerification ? (await emptyUnverifiedAccounts(tx.db, before)).map((u) => u.id) : []);
    for (const user of unverified_accounts.items) if (stillEmpty.has(user.id)) hashes.push(...(await deleteUserRows(tx, user.id)));
    await deleteEndedJobs(tx.db, failed_jobs.items.map((j) => j.id));
    await recordAudit(tx, scope.actor, {
      action: "cleanup",
      target: { type: "system", label: "cleanup" },
      details: { older_than_days: olderThanDays, ...cleanupCounts(plan), accounts: unverified_accounts.items.slice(0, 100).map((u) => u.email) },
    });
    return hashes;
  });
  const dataDir = scope.config.dataDir;
  await releaseDocuments(scope, [...released, ...unreferenced_pdfs.items.filter((p) => p.kind === "document without files").map((p) => p.hash)]);
  await removeFiles(abandoned_uploads.items.map((f) => ({ path: path.join(dataDir, f.file) })));
  await removeOrphanedBlobs(scope, unreferenced_pdfs.items.filter((p) => p.kind === "file without document").map((p) => p.hash));
  return plan;
}

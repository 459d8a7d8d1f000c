import { mkdirSync } from "node:fs";
import { rename, rm, copyFile } from "node:fs/promises";
import path from "node:path";
import type { Knex } from "knex";
import type { Clock } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { whileHoldingLease } from "../core/leader.ts";
import { keyedMutex } from "../core/mutex.ts";

/**
 * Where the original files live: DATA_DIR/uploads/ab/abcdef….pdf, named by content hash. Word, PowerPoint,
 * OpenDocument and text files are kept the same way under the same suffix (housekeeping and backups find
 * every stored file by it); documents.format says what each one is, for its download.
 */
export function blobPath(dataDir: string, hash: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error("not a content hash");
  return path.join(dataDir, "uploads", hash.slice(0, 2), `${hash}.pdf`);
}

/** Temporary uploads stay inside DATA_DIR so moving one into the store is a rename. */
export function uploadTempDir(dataDir: string): string {
  const dir = path.join(dataDir, "tmp");
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function storeBlob(dataDir: string, hash: string, tempFile: string): Promise<void> {
  const target = blobPath(dataDir, hash);
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    await rename(tempFile, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await copyFile(tempFile, target);
  }
}

export async function removeBlob(dataDir: string, hash: string): Promise<void> {
  await rm(blobPath(dataDir, hash), { force: true });
}

const inThisProcess = keyedMutex();

/**
 * Serialises work on one content hash (storing, referencing and releasing its bytes) in this process
 * and across the instances that share the data directory: without it, two instances scanning the same
 * new bytes both stored them and the one whose document insert lost deleted the file the winner's
 * document names; and a release on one could delete the file an upload on another had just referred
 * to. One lease row per hash (core/leader.ts); calls in this process queue in memory first, so only
 * one of them at a time asks the database. The holder may be scanning, so a waiter waits as long as a
 * scan may take.
 */
export function withHashLock<T>(app: { db: Knex; clock: Clock; config: { scanTimeoutS: number } }, hash: string, task: () => Promise<T>): Promise<T> {
  const busy = () => new AppError(503, "The same file is being stored by another upload right now. Try again in a minute.", { headers: { "Retry-After": "60" } });
  const lease = { ttlMs: 60_000, waitMs: app.config.scanTimeoutS * 1000 + 60_000, busy };
  return inThisProcess(hash, () => whileHoldingLease(app, `stored-file:${hash}`, lease, task));
}

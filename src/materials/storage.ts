import { mkdirSync } from "node:fs";
import { rename, rm, copyFile } from "node:fs/promises";
import path from "node:path";
import { keyedMutex } from "../core/mutex.ts";

/** Where the original PDFs live: DATA_DIR/uploads/ab/abcdef….pdf, named by content hash. */
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

/** Serialises work on one content hash: storing, referencing and releasing its bytes. */
export const withHashLock = keyedMutex();

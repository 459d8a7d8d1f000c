/**
 * What is stored and what is left over, for housekeeping (the hourly maintenance, `studyforge cleanup`),
 * `studyforge doctor` and backups. Reads only the materials feature's tables and its folders in DATA_DIR
 * (uploads/, tmp/).
 */
import { existsSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { AppContext } from "../core/context.ts";
import type { Db } from "../core/db.ts";
import { blobPath, withHashLock } from "./storage.ts";

export interface StoredFile {
  path: string;
  bytes: number;
  modified_at: string;
}

/** Files under `dir` (recursively), optionally only those last changed before `before` (ms). */
async function filesIn(dir: string, before = Infinity): Promise<StoredFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: StoredFile[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    // An upload may finish (and remove its temporary file) while we look.
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < before) files.push({ path: file, bytes: info.size, modified_at: info.mtime.toISOString() });
  }
  return files;
}

const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** Uploads abandoned half-way: temporary files in DATA_DIR/tmp last written before `before` (ms). */
export const abandonedUploads = (dataDir: string, before: number) => filesIn(path.join(dataDir, "tmp"), before);

/** Stored PDFs (DATA_DIR/uploads), each named by its content hash. */
export async function storedBlobs(dataDir: string, before = Infinity): Promise<(StoredFile & { hash: string })[]> {
  return (await filesIn(uploadsDir(dataDir), before)).map((f) => ({ ...f, hash: path.basename(f.path, ".pdf") }));
}

/** Documents (scanned PDFs) that no user's file refers to any more, stored before `before` (ISO). */
export async function unreferencedDocuments(db: Db, before: string): Promise<{ hash: string; bytes: number }[]> {
  const rows: { hash: string; size_bytes: number }[] = await db("documents as d")
    .leftJoin("study_materials as m", "m.hash", "d.hash")
    .whereNull("m.id")
    .where("d.created_at", "<", before)
    .select("d.hash", "d.size_bytes");
  return rows.map((r) => ({ hash: r.hash, bytes: Number(r.size_bytes) }));
}

/** Every stored document's hash. */
export async function documentHashes(db: Db): Promise<Set<string>> {
  return new Set(await db("documents").pluck("hash"));
}

/** PDF files in uploads/ without a document (left by a crash between storing and committing). */
export async function orphanedBlobs(app: AppContext, before: number) {
  const known = await documentHashes(app.db);
  return (await storedBlobs(app.config.dataDir, before)).filter((f) => !known.has(f.hash));
}

/**
 * Deletes stored PDFs found without a document, each under its hash's lock and only if still without
 * one: an upload of the same bytes may have committed its document since they were found.
 */
export async function removeOrphanedBlobs(app: AppContext, hashes: string[]): Promise<number> {
  let removed = 0;
  for (const hash of hashes) {
    await withHashLock(app, hash, async () => {
      if (await app.db("documents").where({ hash }).first("hash")) return;
      await rm(blobPath(app.config.dataDir, hash), { force: true });
      removed++;
    });
  }
  return removed;
}

/** Deletes files (temporary uploads); one already gone is not an error. */
export async function removeFiles(files: { path: string }[]): Promise<void> {
  for (const f of files) await rm(f.path, { force: true });
}

/** Documents whose PDF is missing from uploads/, with how many users' files refer to each. */
export async function missingBlobs(db: Db, dataDir: string): Promise<{ hash: string; files: number }[]> {
  const rows: { hash: string; files: number | string }[] = await db("documents as d")
    .leftJoin("study_materials as m", "m.hash", "d.hash")
    .groupBy("d.hash")
    .select("d.hash")
    .count({ files: "m.id" });
  return rows.filter((r) => !existsSync(blobPath(dataDir, r.hash))).map((r) => ({ hash: r.hash, files: Number(r.files) }));
}

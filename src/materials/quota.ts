/**
 * Each user's storage limit (MAX_USER_STORAGE_MB). What counts is what their files take on this
 * server: each PDF's bytes and the UTF-8 bytes of the text extracted from it, because text, not the
 * PDF, is what a hostile file amplifies (24 KB of PDF once became 140 MB of page text). A PDF shared
 * with other users counts for each of them: it is in each one's list of files.
 */
import type { Db } from "../core/db.ts";
import { lockKey } from "../core/db.ts";
import { AppError } from "../core/errors.ts";

const MB = 1024 * 1024;

/** The bytes of `userId`'s files: their PDFs and those PDFs' text. */
export async function storageUsed(db: Db, userId: number): Promise<number> {
  const row = await db("study_materials as m")
    .join("documents as d", "d.hash", "m.hash")
    .where("m.user_id", userId)
    .sum({ pdf: "d.size_bytes", text: "d.text_bytes" })
    .first();
  return Number(row?.pdf ?? 0) + Number(row?.text ?? 0);
}

/**
 * Refuses (413) a file of `bytes` that would take `userId` past `limitMb`. Inside a transaction that
 * then records the file, the check and the record act as one step (lockKey), so two uploads at once
 * cannot both take the last of the room.
 */
export async function ensureRoom(db: Db, userId: number, bytes: number, limitMb: number): Promise<void> {
  if (db.isTransaction) await lockKey(db, `storage:${userId}`);
  const used = await storageUsed(db, userId);
  if (used + bytes <= limitMb * MB) return;
  throw new AppError(
    413,
    `This file would take you past your storage limit of ${limitMb} MB (your files use ${(used / MB).toFixed(1)} MB). ` +
      "Delete files you no longer need, then upload it again.",
  );
}

/** What a document's text takes, as ensureRoom counts it. */
export const textBytes = (pages: { text: string }[]) => pages.reduce((sum, page) => sum + Buffer.byteLength(page.text), 0);

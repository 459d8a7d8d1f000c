/** Study materials as administration sees them: every file, uploads per day, storage. Reads only materials tables. */
import type { Db } from "../core/db.ts";
import { countPerDay, whereContains } from "../core/db.ts";

export const uploadsPerDay = (db: Db, since: string) => countPerDay(db("study_materials"), since);

export async function countUploads(db: Db): Promise<number> {
  return Number((await db("study_materials").count({ n: "*" }).first())?.n ?? 0);
}

/** Files and their bytes per user, counted as the storage quota counts them (quota.ts): PDF plus text. */
export async function storageByUser(db: Db, userIds: number[]): Promise<Map<number, { files: number; bytes: number }>> {
  if (!userIds.length) return new Map();
  const rows: { user_id: number; files: number | string; pdf: number | string | null; text: number | string | null }[] = await db("study_materials as m")
    .join("documents as d", "d.hash", "m.hash")
    .whereIn("m.user_id", userIds)
    .groupBy("m.user_id")
    .select("m.user_id")
    .count({ files: "*" })
    .sum({ pdf: "d.size_bytes", text: "d.text_bytes" });
  return new Map(rows.map((r) => [r.user_id, { files: Number(r.files), bytes: Number(r.pdf ?? 0) + Number(r.text ?? 0) }]));
}

/** What the installation stores: distinct PDFs with their text (each stored once), and users' records of them. */
export async function storageTotals(db: Db) {
  const docs = await db("documents").count({ n: "*" }).sum({ pdf: "size_bytes", text: "text_bytes" }).first();
  return { documents: Number(docs?.n ?? 0), bytes: Number(docs?.pdf ?? 0) + Number(docs?.text ?? 0), files: await countUploads(db) };
}

export interface FileListing {
  id: number;
  user_id: number;
  filename: string;
  uploaded_at: string;
  size_bytes: number;
  pages: number;
}

/** Every user's files, newest first, optionally those whose name contains `q` or whose owner is in `ownerIds`. */
export async function listAllFiles(db: Db, opts: { q?: string; ownerIds?: number[]; offset: number; limit: number }) {
  const base = db("study_materials as m")
    .join("documents as d", "d.hash", "m.hash")
    .modify((q) => {
      if (opts.q) {
        q.where((w) => {
          whereContains(w, "m.filename", opts.q!);
          if (opts.ownerIds?.length) w.orWhereIn("m.user_id", opts.ownerIds);
        });
      }
    });
  const total = Number((await base.clone().count({ n: "*" }).first())?.n ?? 0);
  const items: FileListing[] = await base
    .clone()
    .orderBy([{ column: "m.created_at", order: "desc" }, { column: "m.id", order: "desc" }])
    .offset(opts.offset)
    .limit(opts.limit)
    .select("m.id", "m.user_id", "m.filename", { uploaded_at: "m.created_at" }, "d.size_bytes", { pages: "d.page_count" });
  return { items, total };
}

/** The distinct stored documents a user's files refer to (released after the user is deleted). */
export async function hashesOfUser(db: Db, userId: number): Promise<string[]> {
  return db("study_materials").where({ user_id: userId }).distinct("hash").pluck("hash");
}

/** Deletes one file record (any user's), returning what it was; release its document after the commit. */
export async function removeFileRecord(db: Db, id: number): Promise<{ hash: string; filename: string; user_id: number } | undefined> {
  const row = await db("study_materials").where({ id }).first("hash", "filename", "user_id");
  if (row) await db("study_materials").where({ id }).delete();
  return row;
}

/** The file `id` if `userId` owns it. */
export function fileOwnedBy(db: Db, id: number, userId: number): Promise<{ id: number } | undefined> {
  return db("study_materials").where({ id, user_id: userId }).first("id");
}

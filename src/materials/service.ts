import { rm } from "node:fs/promises";
import type { AppContext, Scope } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { ReceivedFile } from "../http/multipart.ts";
import { documentText, insertDocumentText } from "./document-text.ts";
import { cleanFilename } from "./filename.ts";
import { FORMATS, type DocumentFormat } from "./formats/types.ts";
import { findMaterial, MATERIAL_DOCUMENT_COLUMNS, type MaterialRow } from "./policy.ts";
import { scanPool } from "./pool.ts";
import type { ScanOptions } from "./scan/types.ts";
import { ensureRoom } from "./quota.ts";
import type { FileOut } from "./schema.ts";
import { excerpt, searchChunks } from "./search.ts";
import { blobPath, removeBlob, storeBlob, withHashLock } from "./storage.ts";

export const toFileOut = (row: MaterialRow): FileOut => ({
  file_id: row.id,
  filename: row.filename,
  uploadedAt: row.created_at,
  size: Math.round((row.size_bytes / 1024) * 100) / 100,
  pages: row.page_count,
  page_unit: row.page_unit,
});

const materials = (app: AppContext) =>
  app.db("study_materials as m").join("documents as d", "d.hash", "m.hash").select("m.*", ...MATERIAL_DOCUMENT_COLUMNS);

export async function listFiles(scope: Scope): Promise<FileOut[]> {
  const rows: MaterialRow[] = await materials(scope).where("m.user_id", scope.user.id).orderBy([{ column: "m.created_at", order: "desc" }, { column: "m.id", order: "desc" }]);
  return rows.map(toFileOut);
}

export async function getFile(scope: Scope, id: number): Promise<FileOut> {
  return toFileOut(await findMaterial(scope, id, "view"));
}

/**
 * Takes an uploaded file (already streamed to a temporary file and hashed), scans it and keeps
 * it. The record is committed only after a successful scan; the temporary file is gone either
 * way. The same user uploading the same bytes again gets the existing record back. A file that
 * would take the user past their storage limit is refused: before the scan when its PDF alone
 * would, after it when its text would. Aborting `signal` (the client went away) drops the scan.
 */
export async function uploadFile(
  scope: Scope,
  upload: ReceivedFile,
  { signal, progress }: { signal?: AbortSignal; progress?: ScanOptions["progress"] } = {},
): Promise<{ file: FileOut; created: boolean }> {
  try {
    if (upload.size === 0) throw new AppError(422, "The file is empty.");
    const filename = cleanFilename(upload.originalName);
    const hash = upload.sha256;
    return await withHashLock(scope, hash, async () => {
      const mine: MaterialRow | undefined = await materials(scope).where({ "m.user_id": scope.user.id, "m.hash": hash }).first();
      if (mine) return { file: toFileOut(mine), created: false };

      const userId = scope.user.id;
      const limitMb = scope.config.maxUserStorageMb;
      const material = { user_id: userId, hash, filename, created_at: scope.clock.now().toISOString() };
      const insertMaterial = async (db: typeof scope.db) => {
        const [row] = await db("study_materials").insert(material).returning("id");
        return (typeof row === "object" ? row.id : row) as number;
      };
      let id: number;
      const known: { size_bytes: number; text_bytes: number } | undefined = await scope.db("documents").where({ hash }).first("size_bytes", "text_bytes");
      if (known) {
        id = await scope.db.transaction(async (trx) => {
          await ensureRoom(trx, userId, Number(known.size_bytes) + Number(known.text_bytes), limitMb);
          return insertMaterial(trx);
        });
      } else {
        await ensureRoom(scope.db, userId, upload.size, limitMb);
        const scanned = await scanPool(scope).scan(upload.path, { owner: userId, signal, progress });
        const format = scanned.format ?? "pdf";
        const text = await documentText(scanned.pages, { printed: format === "pdf" });
        const text_bytes = text.textBytes;
        await storeBlob(scope.config.dataDir, hash, upload.path);
        try {
          // The document and the user's record of it commit together: never one without the other.
          id = await scope.db.transaction(async (trx) => {
            await ensureRoom(trx, userId, upload.size + text_bytes, limitMb);
            await trx("documents").insert({
              hash,
              size_bytes: upload.size,
              text_bytes,
              page_count: scanned.pageCount,
              format,
              page_unit: FORMATS[format].unit,
              created_at: material.created_at,
            });
            await insertDocumentText(trx, hash, text);
            return insertMaterial(trx);
          });
        } catch (err) {
          await removeBlob(scope.config.dataDir, hash);
          throw err;
        }
      }
      return { file: toFileOut(await findMaterial(scope, id)), created: true };
    });
  } finally {
    await rm(upload.path, { force: true });
  }
}

/** Drops a document's text and bytes once no study material refers to it any more. */
export async function releaseDocument(app: AppContext, hash: string): Promise<void> {
  await withHashLock(app, hash, async () => {
    const used = await app.db("study_materials").where({ hash }).first("id");
    if (used) return;
    await app.db("documents").where({ hash }).delete();
    await removeBlob(app.config.dataDir, hash);
  });
}

export async function deleteFile(scope: Scope, id: number): Promise<void> {
  const row = await findMaterial(scope, id);
  await scope.db("study_materials").where({ id: row.id }).delete();
  await releaseDocument(scope, row.hash);
}

export async function searchFile(scope: Scope, id: number, q: string, limit: number) {
  const row = await findMaterial(scope, id, "view");
  const hits = await searchChunks(scope.db, row.hash, q, { limit, mode: "any" });
  return { file_id: row.id, query: q, results: hits.map((h) => ({ page: h.page, text: excerpt(h.text, q) })) };
}

export async function downloadFile(scope: Scope, id: number): Promise<{ path: string; filename: string; size: number; contentType: string }> {
  const row = await findMaterial(scope, id, "view");
  const contentType = FORMATS[row.format as DocumentFormat]?.contentType ?? "application/octet-stream";
  return { path: blobPath(scope.config.dataDir, row.hash), filename: row.filename, size: row.size_bytes, contentType };
}

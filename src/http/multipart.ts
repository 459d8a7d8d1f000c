import { rm } from "node:fs/promises";
import formidable, { errors as formidableErrors } from "formidable";
import { AppError } from "../core/errors.ts";
import type { Ctx } from "./state.ts";

export interface ReceivedFile {
  /** A temporary file the caller must move or remove. */
  path: string;
  /** The name the browser sent, unsanitised. */
  originalName: string;
  size: number;
  /** SHA-256 of the bytes, computed while they streamed to disk. */
  sha256: string;
}

/**
 * Streams one file field of a multipart request to a temporary file, never holding it in
 * memory, with a size limit checked as the bytes arrive. Other fields come back as text.
 */
export async function receiveFile(
  ctx: Ctx,
  opts: { field: string; maxBytes: number; tempDir: string; tooLarge: string; required?: boolean },
): Promise<{ file?: ReceivedFile; fields: Record<string, string> }> {
  if (!ctx.is("multipart/form-data")) {
    throw new AppError(415, `Send the file as multipart/form-data in the field "${opts.field}".`);
  }
  const form = formidable({
    uploadDir: opts.tempDir,
    maxFiles: 1,
    maxFields: 20,
    maxFieldsSize: 64 * 1024,
    maxFileSize: opts.maxBytes,
    maxTotalFileSize: opts.maxBytes,
    allowEmptyFiles: true,
    minFileSize: 0,
    hashAlgorithm: "sha256",
    // The stored name is formidable's random one; the browser's name never reaches the file system.
    keepExtensions: false,
  });
  let fields: formidable.Fields;
  let files: formidable.Files;
  try {
    [fields, files] = await form.parse(ctx.req);
  } catch (err) {
    const code = (err as { code?: number }).code;
    // formidable removes what it wrote for a failed parse only sometimes; clean up after it.
    for (const f of Object.values((form as unknown as { openedFiles?: { filepath: string }[] }).openedFiles ?? [])) await rm(f.filepath, { force: true });
    if (code === formidableErrors.biggerThanTotalMaxFileSize || code === formidableErrors.biggerThanMaxFileSize) throw new AppError(413, opts.tooLarge);
    if (code === formidableErrors.maxFilesExceeded) throw new AppError(400, `Send one file in the field "${opts.field}".`);
    throw new AppError(400, "The upload could not be read. Please try again.", { cause: err });
  }
  const all = Object.entries(files).flatMap(([name, list]) => (list ?? []).map((f) => ({ name, f })));
  const chosen = all.find((x) => x.name === opts.field)?.f;
  for (const { f } of all) if (f !== chosen) await rm(f.filepath, { force: true });
  const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v?.[0] ?? "")]));
  if (!chosen) {
    if (opts.required !== false) throw new AppError(400, `No file was uploaded: send it in the multipart field "${opts.field}".`);
    return { fields: text };
  }
  return {
    fields: text,
    file: { path: chosen.filepath, originalName: chosen.originalFilename ?? "upload.pdf", size: chosen.size, sha256: String(chosen.hash) },
  };
}

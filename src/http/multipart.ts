import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
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
 * A rejected request leaves no file behind (see discardParts).
 */
export async function receiveFile(
  ctx: Ctx,
  opts: { field: string; maxBytes: number; tempDir: string; tooLarge: string; required?: boolean },
): Promise<{ file?: ReceivedFile; fields: Record<string, string> }> {
  if (!ctx.is("multipart/form-data")) {
    throw new AppError(415, `Send the file as multipart/form-data in the field "${opts.field}".`);
  }
  // Every file formidable starts, whenever it starts it: after an error it may still open the file
  // parts it had already parsed, and it never tells anyone about those.
  const parts: WriteStream[] = [];
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
    fileWriteStreamHandler: (file) => {
      const stream = createWriteStream((file as unknown as { filepath: string }).filepath);
      parts.push(stream);
      return stream;
    },
  });
  let fields: formidable.Fields;
  let files: formidable.Files;
  try {
    [fields, files] = await form.parse(ctx.req);
  } catch (err) {
    await discardParts(ctx.req, parts);
    const code = (err as { code?: number }).code;
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

/**
 * Removes every file part of a failed parse. Once formidable has failed it stops reading, but parts
 * it parsed from the same chunk still open their files a moment later, and a request it paused stays
 * paused. So: drain the rest of the request (formidable ignores it now), let those parts start, then
 * close each file and delete it. Waiting for the request to end costs a well-behaved client nothing (it
 * reads the answer once it has sent its body); a client that never stops is cut off by the server's
 * request timeout.
 */
async function discardParts(req: IncomingMessage, parts: WriteStream[]): Promise<void> {
  if (!req.readableEnded && !req.destroyed) {
    await new Promise<void>((resolve) => {
      req.once("end", resolve).once("close", resolve);
      req.resume();
    });
  }
  await new Promise<void>((resolve) => setImmediate(resolve));
  await Promise.all(
    parts.map(async (stream) => {
      stream.destroy();
      if (!stream.closed) await new Promise<void>((resolve) => stream.once("close", () => resolve()));
      await rm(stream.path, { force: true });
    }),
  );
}

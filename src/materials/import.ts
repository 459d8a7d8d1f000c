/**
 * A PDF on this machine's disk made into a user's study material, as if they had uploaded it: the same
 * size limit, scan and storage as an upload (`studyforge generate --pdf/--dir`).
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Scope } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { uploadFile } from "./service.ts";
import { uploadTempDir } from "./storage.ts";

export async function importPdf(scope: Scope, file: string): Promise<Awaited<ReturnType<typeof uploadFile>>> {
  const { maxUploadMb, dataDir } = scope.config;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new AppError(404, `${file}: no such file.`);
  if (info.size > maxUploadMb * 1024 * 1024) throw new AppError(413, `${file}: the file is larger than ${maxUploadMb} MB.`);
  // Copied into DATA_DIR/tmp like an upload (the store moves it from there), hashed on the way.
  const temp = path.join(uploadTempDir(dataDir), `import-${randomBytes(8).toString("hex")}`);
  const hash = createHash("sha256");
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(file), count, createWriteStream(temp));
  } catch (err) {
    await rm(temp, { force: true });
    throw new AppError(400, `${file}: could not be read (${(err as Error).message}).`, { cause: err });
  }
  return uploadFile(scope, { path: temp, originalName: path.basename(file), size, sha256: hash.digest("hex") });
}

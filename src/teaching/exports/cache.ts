/**
 * The last few export files made, by a digest of what they were made from (format, options and the whole
 * sorted test: title, questions, answers). Downloading the student copy again, or the same test's other
 * paper size back and forth, then costs a hash (well under a millisecond for a long test) instead of a
 * render. No access check is skipped: a file is only looked up after the test was loaded for this user, and
 * its digest says nothing about who may read it. Bounded by count and by bytes; the least recently used goes.
 */
import { createHash } from "node:crypto";
import type { ExportFile, ExportTest, RenderOptions } from "./model.ts";
import type { ExportFormat } from "./schema.ts";

const MAX_FILES = 32;
const MAX_BYTES = 32 * 1024 * 1024;

const files = new Map<string, ExportFile>();
let bytes = 0;

const sizeOf = (file: ExportFile) => (typeof file.body === "string" ? Buffer.byteLength(file.body) : file.body.byteLength);

export function testDigest(format: ExportFormat, options: RenderOptions, test: ExportTest): string {
  return createHash("sha256").update(JSON.stringify([format, options.key, options.paper, test])).digest("base64url");
}

export function cachedFile(digest: string): ExportFile | undefined {
  const file = files.get(digest);
  if (file) {
    // Most recently used last: Map keeps insertion order.
    files.delete(digest);
    files.set(digest, file);
  }
  return file;
}

export function rememberFile(digest: string, file: ExportFile) {
  if (files.has(digest) || sizeOf(file) > MAX_BYTES / 4) return;
  files.set(digest, file);
  bytes += sizeOf(file);
  for (const [oldest, old] of files) {
    if (files.size <= MAX_FILES && bytes <= MAX_BYTES) break;
    files.delete(oldest);
    bytes -= sizeOf(old);
  }
}

/**
 * A document's text as it is stored: its pages cleaned (clean/), split into the chunks that search
 * indexes and generation reads. Uploads store it this way, and migration 011 stored the documents kept
 * before cleaning existed this way again.
 */
import type { Db } from "../core/db.ts";
import { chunkPages, type Chunk } from "./chunks.ts";
import { cleanPagesInTurns, type CleanOptions } from "./clean/index.ts";
import { textBytes } from "./quota.ts";
import type { ScannedPage } from "./scan/index.ts";

export interface DocumentText {
  pages: ScannedPage[];
  chunks: Chunk[];
  /** UTF-8 bytes of the pages, as the storage limit counts them. */
  textBytes: number;
}

/** Rows per insert: well under SQLite's limit of bound parameters per statement. */
const BATCH = 200;

/** `options.printed`: whether the pages are a printer's, with running heads and wrapped lines (a PDF's are; see clean/). */
export async function documentText(scanned: readonly ScannedPage[], options: CleanOptions = {}): Promise<DocumentText> {
  // PostgreSQL's text cannot hold NUL, which a PDF's unmapped glyphs can extract as; it carries no word.
  const pages = (await cleanPagesInTurns(scanned, undefined, options)).map((p) => (p.text.includes("\0") ? { ...p, text: p.text.replaceAll("\0", "") } : p));
  // Cleaning rewrites pages' text; which of them OCR read is the scan's to say.
  const ocr = new Set(scanned.filter((p) => p.ocr).map((p) => p.page));
  for (const page of pages) if (ocr.has(page.page)) page.ocr = true;
  return { pages, chunks: chunkPages(pages), textBytes: textBytes(pages) };
}

/** Inserts the pages and chunks of document `hash` (the search index follows the chunks by trigger). */
export async function insertDocumentText(db: Db, hash: string, text: DocumentText): Promise<void> {
  for (let i = 0; i < text.pages.length; i += BATCH) {
    await db("document_pages").insert(text.pages.slice(i, i + BATCH).map((p) => ({ hash, page: p.page, text: p.text, ocr: p.ocr === true })));
  }
  await insertChunks(db, hash, text.chunks);
}

/** Inserts the chunks of document `hash` (the search index follows them by trigger). */
export async function insertChunks(db: Db, hash: string, chunks: readonly Chunk[]): Promise<void> {
  for (let i = 0; i < chunks.length; i += BATCH) {
    await db("document_chunks").insert(chunks.slice(i, i + BATCH).map((c) => ({ hash, page: c.page, seq: c.seq, text: c.text })));
  }
}

/**
 * pdf.js, as the scan workers use it: open a file, read the text of a range of pages. Runs only inside
 * a scan worker process (worker.ts), never in the server's process.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { MAX_IMAGE_PIXELS, OUT_OF_MEMORY } from "./limits.ts";
import type { WorkerFailure } from "./messages.ts";
import { pageText, type TextRun } from "./page-text.ts";

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
/** The PDF header may follow some junk, but readers only look this far for it. */
const HEADER_WINDOW = 1024;
/**
 * Pages read at once: while one waits for its streams to inflate (zlib runs on libuv's pool), pdf.js
 * works on the next. Measured on a 1,151-page book: 1 → 5.4 s, 4 → 4.1 s, 8 → no faster, more memory.
 */
const PAGES_IN_FLIGHT = 4;

/** A read that failed for a reason the user should hear about. */
export class ReadFailure extends Error {
  readonly failure: WorkerFailure;
  /** The page that failed, for "page-text". */
  readonly page?: number;

  constructor(failure: WorkerFailure, options?: { cause?: unknown; page?: number }) {
    super(failure, options);
    this.failure = failure;
    this.page = options?.page;
  }
}

/** Why reading failed: out of memory when V8 said so, else a damaged file (unless already known). */
const readFailure = (error: unknown): ReadFailure =>
  error instanceof ReadFailure
    ? error
    : new ReadFailure(OUT_OF_MEMORY.test(String(error)) ? "memory" : "damaged", { cause: error });

export interface OpenPdf {
  doc: PDFDocumentProxy;
  close(): Promise<void>;
}

export async function openPdf(filePath: string): Promise<OpenPdf> {
  const data = await readPdfBytes(filePath);
  const task = getDocument({
    data,
    // Warnings on: pdf.js reports the errors it recovers from only as warnings, and an allocation that
    // failed against the memory limit is one of them (worker.ts listens for it).
    verbosity: 1,
    useSystemFonts: false,
    // CMaps map the glyphs of CJK fonts to characters; without them such text comes out empty.
    cMapUrl: join(PDFJS_DIR, "cmaps") + "/",
    cMapPacked: true,
    standardFontDataUrl: join(PDFJS_DIR, "standard_fonts") + "/",
    // Decoders of scanners' image formats (JBIG2, JPEG 2000), for pages rendered for OCR.
    wasmUrl: join(PDFJS_DIR, "wasm") + "/",
    // A larger image is not drawn: one declared 100,000 pixels square would fill the worker's memory.
    maxImageSize: MAX_IMAGE_PIXELS,
  });
  try {
    const doc = await task.promise;
    return { doc, close: () => task.destroy() };
  } catch (error) {
    await task.destroy();
    throw (error as Error | undefined)?.name === "PasswordException" ? new ReadFailure("password", { cause: error }) : readFailure(error);
  }
}

async function readPdfBytes(filePath: string): Promise<Uint8Array> {
  let bytes: Buffer;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    throw new ReadFailure("unreadable", { cause: error });
  }
  if (bytes.length === 0) throw new ReadFailure("empty");
  if (!bytes.subarray(0, HEADER_WINDOW).includes("%PDF-")) throw new ReadFailure("not-pdf");
  // pdf.js wants a plain Uint8Array, not a Buffer; this is a view, not a copy.
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The text of pages `from`..`to` (1-based, inclusive), in page order. A page with more than
 * `maxPageChars` characters fails the read ("page-text").
 */
export async function readPages(doc: PDFDocumentProxy, from: number, to: number, maxPageChars: number): Promise<string[]> {
  const texts: string[] = [];
  let next = from;
  let failed = false;
  // A few lanes each take the next unread page, so several pages are in flight without a promise
  // being left unawaited when one fails.
  const lane = async () => {
    while (next <= to && !failed) {
      const number = next++;
      try {
        texts[number - from] = await readPage(doc, number, maxPageChars);
      } catch (error) {
        failed = true;
        throw readFailure(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, to - from + 1) }, lane));
  return texts;
}

/**
 * One page's text, read as pdf.js streams it so that a page drawing far more text than any real page
 * is given up as soon as it passes the limit, before pdf.js has worked through all of it.
 */
async function readPage(doc: PDFDocumentProxy, number: number, maxPageChars: number): Promise<string> {
  const page = await doc.getPage(number);
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<TextContent>;
  try {
    const runs: TextRun[] = [];
    const styles: TextContent["styles"] = {};
    let chars = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      // A chunk names only the fonts that are new in it: keep the page's so far.
      Object.assign(styles, chunk.value.styles);
      for (const item of chunk.value.items) {
        if (!isTextItem(item)) continue;
        runs.push({ str: item.str, transform: item.transform, hasEOL: item.hasEOL, mono: styles[item.fontName]?.fontFamily === "monospace" });
        // An item without text (a line end) counts as one: a page of nothing but those is no page either.
        chars += Math.max(1, item.str.length);
      }
      if (chars > maxPageChars) {
        const failure = new ReadFailure("page-text", { page: number });
        await reader.cancel(failure); // pdf.js stops working on the page
        throw failure;
      }
    }
    return pageText(runs);
  } finally {
    page.cleanup();
  }
}

type TextContent = Awaited<ReturnType<PDFPageProxy["getTextContent"]>>;
type ContentItem = TextContent["items"][number];
/** Marked-content items carry no text. */
const isTextItem = (item: ContentItem): item is Extract<ContentItem, { str: string }> => "str" in item;

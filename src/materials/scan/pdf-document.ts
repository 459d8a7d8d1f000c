/**
 * pdf.js, as the worker threads use it: open a file, read the text of a range of pages. Runs only inside
 * a scan worker (worker.ts), never on the server's main thread.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { WorkerFailure } from "./messages.ts";
import { pageText } from "./page-text.ts";

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

  constructor(failure: WorkerFailure, options?: { cause?: unknown }) {
    super(failure, options);
    this.failure = failure;
  }
}

export interface OpenPdf {
  doc: PDFDocumentProxy;
  close(): Promise<void>;
}

export async function openPdf(filePath: string): Promise<OpenPdf> {
  const data = await readPdfBytes(filePath);
  const task = getDocument({
    data,
    verbosity: 0, // errors only: pdf.js warns about every recoverable oddity of real-world files
    useSystemFonts: false,
    // CMaps map the glyphs of CJK fonts to characters; without them such text comes out empty.
    cMapUrl: join(PDFJS_DIR, "cmaps") + "/",
    cMapPacked: true,
    standardFontDataUrl: join(PDFJS_DIR, "standard_fonts") + "/",
  });
  try {
    const doc = await task.promise;
    return { doc, close: () => task.destroy() };
  } catch (error) {
    await task.destroy();
    const failure = (error as Error | undefined)?.name === "PasswordException" ? "password" : "damaged";
    throw new ReadFailure(failure, { cause: error });
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

/** The text of pages `from`..`to` (1-based, inclusive), in page order. */
export async function readPages(doc: PDFDocumentProxy, from: number, to: number): Promise<string[]> {
  const texts: string[] = [];
  let next = from;
  let failed = false;
  // A few lanes each take the next unread page, so several pages are in flight without a promise
  // being left unawaited when one fails.
  const lane = async () => {
    while (next <= to && !failed) {
      const number = next++;
      try {
        texts[number - from] = await readPage(doc, number);
      } catch (error) {
        failed = true;
        throw new ReadFailure("damaged", { cause: error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, to - from + 1) }, lane));
  return texts;
}

async function readPage(doc: PDFDocumentProxy, number: number): Promise<string> {
  const page = await doc.getPage(number);
  try {
    const content = await page.getTextContent();
    return pageText(content.items.filter(isTextItem));
  } finally {
    page.cleanup();
  }
}

type ContentItem = Awaited<ReturnType<PDFPageProxy["getTextContent"]>>["items"][number];
/** Marked-content items carry no text. */
const isTextItem = (item: ContentItem): item is Extract<ContentItem, { str: string }> => "str" in item;

/**
 * A scan worker: a child process of the server (started by worker-process.ts, under a memory limit the
 * kernel enforces) that reads files and extracts text with pdf.js, one task at a time, as told by the
 * pool (pool.ts) over IPC. Documents stay open between the page ranges of one scan, so a big file is
 * parsed once per worker rather than once per range.
 */
import { OUT_OF_MEMORY } from "./limits.ts";
import { readOtherFormat } from "../formats/read.ts";
import { FormatFailure } from "../formats/types.ts";
import type { FromWorker, ToWorker } from "./messages.ts";
import { pagesForOcr, readByOcr } from "./ocr-pages.ts";
import { openPdf, readPages, ReadFailure, type OpenPdf } from "./pdf-document.ts";

/** Open documents kept per worker: a worker takes turns between at most a few scans, and each costs memory. */
const MAX_OPEN = 2;

const send = process.send?.bind(process);
if (!send) throw new Error("worker.ts runs as a child process of the scan pool, with an IPC channel.");
// The server is this process's only reason to be: when the channel closes (the server stopped or died),
// go. (A worker stuck inside pdf.js never gets to see that; setpriv's parent-death signal covers it.)
process.on("disconnect", () => process.exit(0));

/**
 * pdf.js gets over most errors inside a page by keeping the text before them, and reports them only as
 * warnings. A failed allocation (this process's memory limit reached) is one it would get over, leaving
 * a truncated page that looks fine; it must fail the scan instead. So warnings are read here, and
 * otherwise dropped: pdf.js warns about every recoverable oddity of real-world files.
 */
let memoryRanOut = false;
console.warn = (...args: unknown[]) => {
  if (args.some((arg) => OUT_OF_MEMORY.test(String(arg)))) memoryRanOut = true;
};
// Tesseract (ocr.ts) prints its diagnostics to stdout, which is the server's: nothing there is for its log.
console.log = () => {};

// pdf.js parses in "a worker" of its own; give it the module to use in this process instead of having it
// import one lazily at the first scan.
const PDFJS_WORKER: string = "pdfjs-dist/legacy/build/pdf.worker.mjs";
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(PDFJS_WORKER);

const open = new Map<number, Promise<OpenPdf>>();

function documentFor(scanId: number, filePath: string): Promise<OpenPdf> {
  let pdf = open.get(scanId);
  if (pdf) open.delete(scanId); // re-inserted below as the most recently used
  pdf ??= openPdf(filePath);
  open.set(scanId, pdf);
  for (const oldest of open.keys()) {
    if (open.size <= MAX_OPEN) break;
    release(oldest);
  }
  return pdf;
}

function release(scanId: number): void {
  const pdf = open.get(scanId);
  open.delete(scanId);
  pdf?.then((p) => p.close()).catch(() => {}); // a document that failed to open has nothing to close
}

async function run(message: Exclude<ToWorker, { type: "release" }>): Promise<FromWorker> {
  const { scanId } = message;
  if (message.type === "open") {
    const other = await readOtherFormat(message.filePath, message.maxPages, (format) => process.send?.({ type: "detected", scanId, format } satisfies FromWorker));
    if (other) return { type: "opened", scanId, pageCount: other.pages.length, format: other.format, texts: other.pages };
  }
  const { doc } = await documentFor(scanId, message.filePath);
  if (message.type === "open") return { type: "opened", scanId, pageCount: doc.numPages };
  if (message.type === "ocr") return { type: "ocr", scanId, page: message.page, text: await readByOcr(doc, message.page, message.languages) };
  const texts = await readPages(doc, message.from, message.to, message.maxPageChars);
  const ocr = message.ocr ? await pagesForOcr(doc, message.from, texts) : [];
  return { type: "pages", scanId, from: message.from, texts, ...(ocr.length ? { ocr } : {}) };
}

async function handle(message: ToWorker): Promise<FromWorker | undefined> {
  if (message.type === "release") {
    release(message.scanId);
    return undefined;
  }
  memoryRanOut = false;
  let failure: ReadFailure;
  try {
    const reply = await run(message);
    if (!memoryRanOut) return reply;
    failure = new ReadFailure("memory");
  } catch (error) {
    if (error instanceof FormatFailure && !memoryRanOut) {
      return { type: "failed", scanId: message.scanId, failure: "refused", status: error.status, detail: error.message };
    }
    // A file that opened and whose pages were read is not damaged when OCR then fails on one of them.
    const unknown = message.type === "ocr" ? new ReadFailure("ocr", { cause: error, page: message.page }) : new ReadFailure("damaged", { cause: error });
    failure = memoryRanOut ? new ReadFailure("memory") : error instanceof ReadFailure ? error : unknown;
  }
  release(message.scanId);
  return { type: "failed", scanId: message.scanId, failure: failure.failure, ...(failure.page ? { page: failure.page } : {}) };
}

process.on("message", (message: ToWorker) => {
  void handle(message).then((reply) => reply && send(reply));
});
send({ type: "ready" } satisfies FromWorker);

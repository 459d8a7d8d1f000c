/**
 * A scan worker thread: reads files and extracts text with pdf.js, one task at a time, as told by the
 * pool (pool.ts). Documents stay open between the page ranges of one scan, so a big file is parsed once
 * per worker rather than once per range.
 */
import { parentPort } from "node:worker_threads";
import type { FromWorker, ToWorker } from "./messages.ts";
import { openPdf, readPages, ReadFailure, type OpenPdf } from "./pdf-document.ts";

/** Open documents kept per worker: a worker takes turns between at most a few scans, and each costs memory. */
const MAX_OPEN = 2;

const port = parentPort;
if (!port) throw new Error("worker.ts runs as a worker thread of the scan pool.");

// pdf.js parses in "a worker" of its own; this thread is one already, so give it the module to use
// in-thread instead of having it import one lazily at the first scan.
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

async function handle(message: ToWorker): Promise<FromWorker | undefined> {
  if (message.type === "release") {
    release(message.scanId);
    return undefined;
  }
  const { scanId } = message;
  try {
    const { doc } = await documentFor(scanId, message.filePath);
    if (message.type === "open") return { type: "opened", scanId, pageCount: doc.numPages };
    const texts = await readPages(doc, message.from, message.to);
    return { type: "pages", scanId, from: message.from, texts };
  } catch (error) {
    release(scanId);
    return { type: "failed", scanId, failure: error instanceof ReadFailure ? error.failure : "damaged" };
  }
}

port.on("message", (message: ToWorker) => {
  void handle(message).then((reply) => reply && port.postMessage(reply));
});
port.postMessage({ type: "ready" } satisfies FromWorker);

/**
 * The scan worker's OCR steps on an open document: which pages of a range OCR should read (their text
 * layer is not usable and what they draw says there is text: text-layer.ts), and reading one of them.
 */
import { readFileSync } from "node:fs";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { OCR_NEEDS_MB } from "./limits.ts";
import { recognize } from "./ocr.ts";
import { pageDrawing } from "./page-drawing.ts";
import { ReadFailure } from "./pdf-document.ts";
import { renderPage } from "./render-page.ts";
import { needsOcr, usableText } from "./text-layer.ts";

/** Of pages `from`, `from + 1`, … with these texts, the numbers of those OCR should read. */
export async function pagesForOcr(doc: PDFDocumentProxy, from: number, texts: readonly string[]): Promise<number[]> {
  const pages: number[] = [];
  for (const [i, text] of texts.entries()) {
    if (usableText(text)) continue; // the usual case: no operator list built
    const page = await doc.getPage(from + i);
    try {
      if (needsOcr(text, await pageDrawing(page))) pages.push(from + i);
    } finally {
      page.cleanup();
    }
  }
  return pages;
}

/**
 * What tesseract's WebAssembly (and the page's rendering) say when memory cannot grow under the worker's
 * limit: "Aborted(OOM)", "Cannot enlarge memory", and V8's "WebAssembly.Memory(): could not allocate memory"
 * or "Array buffer allocation failed" (a clean-clone CI once got "OCR could not read page 1" for a scan
 * that ran out of memory: the message was none of the first ones).
 */
const WASM_OUT_OF_MEMORY = /OOM|enlarge memory|out of memory|allocat(?:e|ion)\b.*\b(?:memory|failed)|(?:could not|cannot|failed to) allocate|maximum memory/i;

/** Whether a failure while reading a page by OCR was memory running out. */
export const ranOutOfMemory = (error: unknown) => WASM_OUT_OF_MEMORY.test(String(error)) || dataHeadroomMb() < OCR_NEEDS_MB;

/**
 * Megabytes this process may still map under its data limit (RLIMIT_DATA, which counts VmData), or Infinity
 * without one. Tesseract does not always say that memory ran out: an allocation failing inside its start
 * comes back as a failed start, and under load a scan whose OCR had too little memory failed as "OCR could
 * not read page 1" (tests/unit/ocr-pool.test.ts, in a unit suite beside a benchmark). With less left than OCR
 * needs, memory is what failed.
 */
export function dataHeadroomMb(): number {
  const limit = /^Max data size\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
  const used = /^VmData:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
  return limit && used ? (Number(limit) - Number(used) * 1024) / (1024 * 1024) : Infinity;
}

/**
 * Page `number`'s text as OCR reads it from the rendered page. Any failure is OCR's ("memory" or "ocr",
 * for that page), never the file's: its pages opened and their text layer was read before.
 */
export async function readByOcr(doc: PDFDocumentProxy, number: number, languages: string[]): Promise<string> {
  const page = await doc.getPage(number);
  try {
    const image = await renderPage(page);
    return await recognize(image.pgm, languages, image.dpi);
  } catch (error) {
    if (error instanceof ReadFailure) throw error;
    throw new ReadFailure(ranOutOfMemory(error) ? "memory" : "ocr", { cause: error, page: number });
  } finally {
    page.cleanup();
  }
}

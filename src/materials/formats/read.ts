/**
 * A scan worker's first look at a file: PDFs go on to pdf.js (undefined here, after reading only the
 * header); any other accepted kind is read whole, now, into its pages (extract.ts).
 */
import { open, readFile } from "node:fs/promises";
import { detect, pdfByHeader } from "./detect.ts";
import { extractPages, type Extracted } from "./extract.ts";
import type { DocumentFormat } from "./types.ts";

const HEADER_BYTES = 1024;

/**
 * `detected` hears what the file is as soon as that is known, before it is read (a crash or time-out
 * while reading can then name it; one while telling what it is names "the file"). A file of more pages
 * (slides, sections) than `maxPages` is refused here, before its pages cross over to the pool.
 */
export async function readOtherFormat(filePath: string, maxPages: number, detected?: (format: DocumentFormat) => void): Promise<Extracted | undefined> {
  // A file that cannot be opened is left to the PDF path too, which answers it as before.
  const file = await open(filePath).catch(() => undefined);
  if (!file) return undefined;
  try {
    const header = new Uint8Array(HEADER_BYTES);
    const { bytesRead } = await file.read(header, 0, HEADER_BYTES, 0);
    // An empty file, or one that cannot be read, is left to the PDF path, which names either case.
    if (bytesRead === 0) return undefined;
    if (pdfByHeader(header.subarray(0, bytesRead))) {
      detected?.("pdf");
      return undefined;
    }
  } finally {
    await file.close();
  }
  const kind = detect(new Uint8Array(await readFile(filePath)));
  detected?.(kind.format);
  if (kind.format === "pdf") return undefined;
  return extractPages(kind, maxPages);
}

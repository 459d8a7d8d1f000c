/**
 * A scan worker's first look at a file: PDFs go on to pdf.js (undefined here, after reading only the
 * header); any other accepted kind is read whole, now, into its pages (extract.ts).
 */
import { open, readFile } from "node:fs/promises";
import { detect, isPdf } from "./detect.ts";
import { extractPages, type Extracted } from "./extract.ts";

const HEADER_BYTES = 1024;

/** `detected` hears what the file is before it is read (a crash or time-out while reading can then name it). */
export async function readOtherFormat(filePath: string, detected?: (format: Extracted["format"]) => void): Promise<Extracted | undefined> {
  // A file that cannot be opened is left to the PDF path too, which answers it as before.
  const file = await open(filePath).catch(() => undefined);
  if (!file) return undefined;
  try {
    const header = new Uint8Array(HEADER_BYTES);
    const { bytesRead } = await file.read(header, 0, HEADER_BYTES, 0);
    // An empty file, or one that cannot be read, is left to the PDF path, which names either case.
    if (bytesRead === 0 || isPdf(header.subarray(0, bytesRead))) return undefined;
  } finally {
    await file.close();
  }
  const kind = detect(new Uint8Array(await readFile(filePath)));
  if (kind.format === "pdf") return undefined;
  detected?.(kind.format);
  return extractPages(kind);
}

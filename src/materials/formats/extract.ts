/**
 * The text of a file of any accepted kind but PDF (pdf.js reads those, page by page, in
 * ../scan/pdf-document.ts), page by page: slides of a presentation, sections of a text document. Runs
 * inside a scan worker process, under its memory limit and the pool's time limit; what it can refuse
 * early it refuses here, with a message for the user (FormatFailure).
 */
import { tooMuchText } from "../scan/failures.ts";
import { MAX_DOCUMENT_CHARS } from "../scan/limits.ts";
import type { Detected } from "./detect.ts";
import { docxBlocks } from "./docx.ts";
import { odpSlides, odtBlocks } from "./odf.ts";
import { textBlocks } from "./plain-text.ts";
import { pptxSlides } from "./pptx.ts";
import { sections } from "./sections.ts";
import { FORMATS, FormatFailure, type DocumentFormat } from "./types.ts";

export interface Extracted {
  format: Exclude<DocumentFormat, "pdf">;
  pages: string[];
}

export async function extractPages(detected: Exclude<Detected, { format: "pdf" }>): Promise<Extracted> {
  const { format } = detected;
  const pages = await readPages(detected);
  checkChars(
    pages.reduce((sum, page) => sum + page.length, 0),
    format,
  );
  if (pages.every((page) => !page.trim())) throw new FormatFailure(422, `This ${FORMATS[format].noun} has no text.`);
  return { format, pages };
}

async function readPages(detected: Exclude<Detected, { format: "pdf" }>): Promise<string[]> {
  switch (detected.format) {
    case "pptx":
      return pptxSlides(detected.zip);
    case "odp":
      return odpSlides(detected.zip);
    case "docx":
      return sections(await docxBlocks(detected.zip));
    case "odt":
      return sections(odtBlocks(detected.zip));
    default:
      checkChars(detected.text.length, detected.format);
      return sections(textBlocks(detected.text, detected.format));
  }
}

function checkChars(chars: number, format: DocumentFormat): void {
  if (chars <= MAX_DOCUMENT_CHARS) return;
  // The pool's own message for a PDF over the limit, said here before the pages cross over to it.
  const { status, detail } = tooMuchText(MAX_DOCUMENT_CHARS, format);
  throw new FormatFailure(status, String(detail));
}

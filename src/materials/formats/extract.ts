/**
 * The text of a file of any accepted kind but PDF (pdf.js reads those, page by page, in
 * ../scan/pdf-document.ts), page by page: slides of a presentation, sections of a text document. Runs
 * inside a scan worker process, under its memory limit and the pool's time limit; what it can refuse
 * early it refuses here, with a message for the user (FormatFailure).
 */
import { tooManyPages, tooMuchText } from "../scan/failures.ts";
import { MAX_DOCUMENT_CHARS } from "../scan/limits.ts";
import type { Detected } from "./detect.ts";
import { docxBlocks } from "./docx.ts";
import { odpSlides, odtBlocks } from "./odf.ts";
import { textBlocks } from "./plain-text.ts";
import { pptxSlides } from "./pptx.ts";
import { SECTION_CHARS, sections } from "./sections.ts";
import { asFormatFailure, FORMATS, FormatFailure, type DocumentFormat } from "./types.ts";

export interface Extracted {
  format: Exclude<DocumentFormat, "pdf">;
  pages: string[];
}

/** `maxPages`: the slides or sections one file may have (MAX_PDF_PAGES, the page limit of every kind). */
export async function extractPages(detected: Exclude<Detected, { format: "pdf" }>, maxPages: number): Promise<Extracted> {
  const { format } = detected;
  const pages = await readPages(detected, maxPages);
  if (pages.length > maxPages) {
    throw FORMATS[format].unit === "slide" ? asFormatFailure(tooManyPages(pages.length, maxPages, format)) : tooManySections(format, pages.length, maxPages);
  }
  checkChars(
    pages.reduce((sum, page) => sum + page.length, 0),
    format,
  );
  if (pages.every((page) => !page.trim())) throw new FormatFailure(422, `This ${FORMATS[format].noun} has no text.`);
  return { format, pages };
}

async function readPages(detected: Exclude<Detected, { format: "pdf" }>, maxPages: number): Promise<string[]> {
  switch (detected.format) {
    case "pptx":
      return pptxSlides(detected.zip, maxPages);
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

const count = (n: number) => n.toLocaleString("en-US");

/**
 * A text document's limit is on its sections, as a PDF's is on its pages, and so on how much text it
 * may hold: a section holds at most SECTION_CHARS (most hold a little less, as paragraphs are not split).
 */
const tooManySections = (format: DocumentFormat, sectionCount: number, limit: number) =>
  new FormatFailure(
    422,
    `This ${FORMATS[format].noun} is too long: it makes ${count(sectionCount)} sections of about a page (up to ${count(SECTION_CHARS)} characters each); the limit is ${count(limit)} sections.`,
  );

function checkChars(chars: number, format: DocumentFormat): void {
  if (chars <= MAX_DOCUMENT_CHARS) return;
  // The pool's own message for a PDF over the limit, said here before the pages cross over to it.
  throw asFormatFailure(tooMuchText(MAX_DOCUMENT_CHARS, format));
}

/**
 * The kinds of study material an upload may be, told apart by content (detect.ts), and what each
 * calls a "page": a PDF's page, a presentation's slide, a text document's section of about a page.
 */
export const DOCUMENT_FORMATS = ["pdf", "docx", "pptx", "odt", "odp", "txt", "md"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const PAGE_UNITS = ["page", "slide", "section"] as const;
export type PageUnit = (typeof PAGE_UNITS)[number];

interface FormatInfo {
  /** How messages name a file of this kind: "This {noun} is damaged…". */
  noun: string;
  unit: PageUnit;
  /** Content-Type of the original when it is downloaded. */
  contentType: string;
}

export const FORMATS: Record<DocumentFormat, FormatInfo> = {
  pdf: { noun: "PDF", unit: "page", contentType: "application/pdf" },
  docx: { noun: "Word document", unit: "section", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  pptx: { noun: "PowerPoint presentation", unit: "slide", contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation" },
  odt: { noun: "OpenDocument text", unit: "section", contentType: "application/vnd.oasis.opendocument.text" },
  odp: { noun: "OpenDocument presentation", unit: "slide", contentType: "application/vnd.oasis.opendocument.presentation" },
  txt: { noun: "text file", unit: "section", contentType: "text/plain; charset=utf-8" },
  md: { noun: "Markdown file", unit: "section", contentType: "text/markdown; charset=utf-8" },
};

/** The refusal of a file that is none of the accepted kinds (or one renamed to look like one). */
export const NOT_ACCEPTED =
  "Only PDF, Word (.docx), PowerPoint (.pptx), OpenDocument (.odt, .odp), text (.txt) and Markdown (.md) files are accepted; text files must be UTF-8.";

/** Why a file of an accepted kind was refused, as the upload answers it (sent from a scan worker as plain data). */
export class FormatFailure extends Error {
  readonly status: number;

  constructor(status: number, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.status = status;
  }
}

/** One of the pool's refusals (../scan/failures.ts), said by the worker in the same words. */
export const asFormatFailure = ({ status, detail }: { status: number; detail?: unknown }) => new FormatFailure(status, String(detail));

export const notAccepted = () => new FormatFailure(415, NOT_ACCEPTED);
export const damaged = (format: DocumentFormat | "zip", why: string, cause?: unknown) =>
  new FormatFailure(422, `This ${format === "zip" ? "file" : FORMATS[format].noun} is damaged and cannot be read: ${why}.`, { cause });

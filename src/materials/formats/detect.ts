/**
 * What an upload is, by its content and never by its name: a PDF by its header (see pdfByHeader); a zip container by its
 * parts (Word: [Content_Types].xml and word/document.xml; PowerPoint: ppt/presentation.xml; OpenDocument:
 * the `mimetype` part, which names text or presentation); otherwise text, if it is UTF-8 without binary
 * control characters. Anything else is refused with the list of what is accepted.
 */
import { decodeText, textFormat } from "./plain-text.ts";
import { notAccepted, type DocumentFormat } from "./types.ts";
import { isZip, openZip, type ZipArchive } from "./zip.ts";

/** Readers look this far into a file for the PDF header (some files start with junk). */
const PDF_HEADER_WINDOW = 1024;
const ODF_TYPES: Record<string, DocumentFormat> = {
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.presentation": "odp",
};

export type Detected =
  | { format: "pdf" }
  | { format: "docx" | "pptx" | "odt" | "odp"; zip: ZipArchive }
  | { format: "txt" | "md"; text: string };

/**
 * Whether a file is a PDF, from its first KB: surely when the header is at byte 0, or after bytes that
 * are not text (junk some programs write first, which PDF readers skip); undefined when the header
 * follows text, as in a note quoting "%PDF-1.7": then only the whole file tells (see detect).
 */
export function pdfByHeader(bytes: Uint8Array): boolean | undefined {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WINDOW)).indexOf("%PDF-");
  if (at < 0) return false;
  return at === 0 || decodeText(bytes.subarray(0, at)) === undefined ? true : undefined;
}

export function detect(bytes: Uint8Array): Detected {
  const pdf = pdfByHeader(bytes);
  if (pdf) return { format: "pdf" };
  if (isZip(bytes)) {
    const zip = openZip(bytes);
    const has = (name: string) => zip.entries.has(name);
    if (has("[Content_Types].xml") && has("word/document.xml")) return { format: "docx", zip };
    if (has("[Content_Types].xml") && has("ppt/presentation.xml")) return { format: "pptx", zip };
    const odf = has("mimetype") ? ODF_TYPES[(zip.text("mimetype") ?? "").trim()] : undefined;
    if (odf === "odt" || odf === "odp") return { format: odf, zip };
    throw notAccepted();
  }
  const text = decodeText(bytes);
  if (text === undefined) {
    // A text preamble before a PDF's header, then the PDF's binary body.
    if (pdf === undefined) return { format: "pdf" };
    throw notAccepted();
  }
  return { format: textFormat(text), text };
}

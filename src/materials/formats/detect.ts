/**
 * What an upload is, by its content and never by its name: a PDF by its header; a zip container by its
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

export const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WINDOW)).includes("%PDF-");

export function detect(bytes: Uint8Array): Detected {
  if (isPdf(bytes)) return { format: "pdf" };
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
  if (text === undefined) throw notAccepted();
  return { format: textFormat(text), text };
}

/**
 * Exports of a test into the tools schools already use. The catalogue below is the one list of formats:
 * the route validates against it, the registry (index.ts) must render each, and the UI's Export menu
 * shows its labels and explanations (imported as values: this file holds data and zod only).
 */
import { z } from "zod";

export const EXPORT_FORMATS = ["moodle-xml", "gift", "aiken", "qti", "anki-csv", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface FormatInfo {
  label: string;
  /** One line for the menu: where the file goes. */
  description: string;
}

export const FORMAT_INFO: Record<ExportFormat, FormatInfo> = {
  "moodle-xml": { label: "Moodle XML", description: "Import into a Moodle question bank (all question types, with feedback)." },
  gift: { label: "GIFT", description: "Moodle's text format; also read by other quiz tools." },
  aiken: { label: "Aiken", description: "Simple text format for Moodle; multiple-choice questions only." },
  qti: { label: "QTI 2.1 package", description: "A zip for learning platforms that import IMS QTI (e.g. TAO, Inspera, ONYX)." },
  "anki-csv": { label: "Anki flashcards (CSV)", description: "Import into Anki as a deck: one card per question." },
  pdf: { label: "Printable test (PDF)", description: "Student copy for paper, with a name line and space for answers." },
};

/** The PDF's second file: the answer key, asked for with `key=1` (printed once, not with every copy). */
export const ANSWER_KEY_INFO: FormatInfo = { label: "Answer key (PDF)", description: "The answers and explanations, for marking." };

/** Response headers the UI reads to say what a format left out (Aiken has no comment syntax to say it in the file). */
export const SKIPPED_HEADER = "X-Export-Skipped";
export const NOTICE_HEADER = "X-Export-Notice";

export const UNKNOWN_FORMAT = `Choose an export format: ${EXPORT_FORMATS.join(", ")}.`;

const flag = z.enum(["1", "0", "true", "false"], { error: "key must be 1 or 0." }).transform((v) => v === "1" || v === "true");

/** GET /api/tests/{id}/export?format=…[&key=1][&paper=a4|letter] */
export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: UNKNOWN_FORMAT }),
  key: flag.optional(),
  paper: z.enum(["a4", "letter"], { error: "paper must be a4 or letter." }).optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

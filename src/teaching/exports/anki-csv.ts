/**
 * Anki flashcards as CSV (docs.ankiweb.net/importing/text-files.html): one note per question with the
 * columns Front, Back and Tags. File headers (Anki 2.1.55 and later) tell the importer what the file is,
 * so the import dialog needs no settings: comma-separated, plain text (html:false: Anki escapes "<" and
 * keeps line breaks), tags in column 3, a deck named for the test. No note type is named: Anki's "Basic" is
 * called differently in other languages, and the importer's default is the Basic type anyway. Older Anki
 * versions show the header lines as comments to skip. Every field is quoted (RFC 4180), so commas, quotes,
 * line breaks and a leading "#" inside a question cannot break a record.
 */
import { keyText, letter, type ExportItem, type ExportTest, type Renderer } from "./model.ts";

const TYPE_TAG = { choice: "multiple_choice", truefalse: "true_false", short: "short_answer" } as const;

export const csvField = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** Anki tags are separated by spaces, so a topic becomes one word: "Linear algebra" → "linear_algebra". */
const tag = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "_").replace(/^_+|_+$/g, "");

function front(item: ExportItem): string {
  if (item.kind === "choice") return [item.text, ...item.options.map((o, i) => `${letter(i)}. ${o}`)].join("\n");
  if (item.kind === "truefalse") return `True or false? ${item.text}`;
  return item.text;
}

function back(item: ExportItem): string {
  return [keyText(item), item.explanation].filter(Boolean).join("\n\n");
}

export function ankiCsv(test: ExportTest): string {
  const topic = tag(test.topic);
  const header = [
    "#separator:Comma",
    "#html:false",
    // "::" in a deck name would make a sub-deck.
    `#deck:${test.title.replace(/::+/g, ":")}`,
    "#columns:Front,Back,Tags",
    "#tags column:3",
  ];
  const rows = test.items.map((item) => {
    const tags = ["studyforge", topic, TYPE_TAG[item.kind]].filter(Boolean).join(" ");
    return [front(item), back(item), tags].map(csvField).join(",");
  });
  return [...header, ...rows].join("\n") + "\n";
}

export const renderAnkiCsv: Renderer = (test) => ({
  body: ankiCsv(test),
  contentType: "text/csv; charset=utf-8",
  suffix: "Anki",
  extension: "csv",
});

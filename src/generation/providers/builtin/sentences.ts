import type { PageText } from "../types.ts";
import { wordsOf } from "./text.ts";

/** One sentence of running prose and the page it is printed on. */
export interface Sentence {
  page: number;
  text: string;
}

/**
 * Lines that are not running prose. Extracted PDF text keeps the visual lines, so code listings,
 * table-of-contents entries and headings are recognised line by line before lines are joined.
 */
const CODE_LINE = /^\s*(?:[>$%#]\s|\+\s|\/\/|\/\*|\*\s|[}\]])|<-|->|::|[{};]\s*$/;
const TOC_LINE = /(?:\.\s?){4,}|\s\.\s\.\s/;
const NUMBERED_HEADING = /^\s*(?:\d+(?:\.\d+)*|[A-Z]\.\d+(?:\.\d+)*)\.?\s+\p{Lu}/u;
const LIST_ITEM = /^\s*(?:\d+[.)]|[•◦▪–-])\s+/;
const ENDS_CLAUSE = /[.!?:;,]["”’)]?$/;
const SYMBOLS = /[{}[\]<>=$#_\\|~^*@]/g;

type LineKind = "prose" | "list" | "break";

function classifyLine(line: string): LineKind {
  const trimmed = line.trim();
  if (!trimmed) return "break";
  if (CODE_LINE.test(trimmed) || TOC_LINE.test(trimmed)) return "break";
  if ((trimmed.match(SYMBOLS)?.length ?? 0) > Math.max(1, trimmed.length * 0.04)) return "break";
  const endsClause = ENDS_CLAUSE.test(trimmed);
  // Headings, running heads, captions, page numbers and glyph debris are short and unpunctuated.
  if (!endsClause && (wordsOf(trimmed).length <= 8 || NUMBERED_HEADING.test(trimmed))) return "break";
  return LIST_ITEM.test(trimmed) ? "list" : "prose";
}

/**
 * The section titles of a page: numbered headings, short unpunctuated title lines, and the entries
 * of a table of contents without their dot leaders and page numbers. They say what the document
 * is about (suggested topics).
 */
export function headingLines(pageText: string): string[] {
  const headings: string[] = [];
  for (const raw of pageText.split(/\r?\n/)) {
    const line = raw.trim();
    const toc = TOC_LINE.test(line);
    const title = (toc ? line.replace(/(?:\s*\.){2,}.*$/, "") : line).replace(/^(?:Chapter\s+)?[\dA-Z]?[\d.]*:?\s+/, "");
    const words = wordsOf(title);
    if (words.length === 0 || words.length > 8 || !/^\p{Lu}/u.test(title) || /\d{2,}/.test(title)) continue;
    if (toc || (!ENDS_CLAUSE.test(line) && !CODE_LINE.test(line) && words.length >= 1 && /\p{Ll}/u.test(title))) headings.push(title);
  }
  return headings;
}

/** Joins wrapped lines; a hyphen at a line end followed by a lower-case letter was hyphenation. */
function joinLines(lines: string[]): string {
  let text = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (text.endsWith("-") && /^\p{Ll}/u.test(line) && /\p{L}-$/u.test(text)) text = text.slice(0, -1) + line;
    else text = text ? `${text} ${line}` : line;
  }
  return text;
}

function paragraphsOf(pageText: string): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) paragraphs.push(joinLines(current));
    current = [];
  };
  for (const line of pageText.split(/\r?\n/)) {
    const kind = classifyLine(line);
    if (kind === "break") {
      flush();
      continue;
    }
    if (kind === "list") {
      flush();
      current.push(line.replace(LIST_ITEM, ""));
      continue;
    }
    current.push(line);
  }
  flush();
  return paragraphs;
}

/** A full stop after these does not end a sentence. */
const ABBREVIATIONS = new Set(
  "e.g i.e etc cf vs al fig figs no nos vol eq eqs approx resp incl dr mr mrs ms prof st sec ch p pp ed".split(" "),
);

function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  const boundary = /[.!?]["”’)]?\s+(?=["“(]?[\p{Lu}\p{N}])/gu;
  let start = 0;
  for (let m = boundary.exec(paragraph); m; m = boundary.exec(paragraph)) {
    const before = paragraph.slice(start, m.index).match(/([\p{L}.]+)$/u)?.[1]?.toLowerCase() ?? "";
    // "e.g. Smith", "J. S. Bach": abbreviations and initials do not end a sentence.
    if (ABBREVIATIONS.has(before.replace(/\.$/, "")) || /^\p{L}$/u.test(before)) continue;
    const end = m.index + m[0].trimEnd().length;
    out.push(paragraph.slice(start, end).trim());
    start = m.index + m[0].length;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/**
 * Bibliographies, title pages and copyright pages: many of their lines carry a year. Their "sentences"
 * are citations, not statements about the subject.
 */
export function isReferencePage(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  const withYear = lines.filter((line) => /\b(?:1[5-9]|20)\d\d\b/.test(line)).length;
  return withYear >= 2 && withYear >= lines.length * 0.2;
}

export function pageSentences(page: PageText): Sentence[] {
  if (isReferencePage(page.text)) return [];
  return paragraphsOf(page.text).flatMap((paragraph) =>
    splitSentences(paragraph).map((text) => ({ page: page.page, text })),
  );
}

/**
 * Sentences that lean on the one before ("It …", "If they are not, …", "In this case …") make
 * questions nobody can answer without the page in front of them.
 */
const DANGLING_START = /^(?:It|Its|This|That|These|Those|They|Their|Them|He|She|His|Her|Such|Both|Here|Then|Otherwise|Instead|Likewise|Above|Below)\b/;
const DANGLING_EARLY = /^(?:\S+\s+){1,3}(?:it|this|these|those|they|them|he|she|former|latter)\b/;
const CROSS_REFERENCE = /\b(?:[Ss]ections?|[Cc]hapters?|[Aa]ppendix|[Ff]igures?|Table|[Pp]ages?|Fig\.|Eq\.)\s+[\p{N}\p{Lu}[“"‘]/u;
const CITATION = /\bpp\.|\bISBN\b|\bVol\.|\bet al\.|\bProceedings\b|\bJournal\b|\bPress\b|\(\d{4}\)|,\s*\d{4}\.$/;
const CODE_TRACE = /<-|->|::|==|!=|&&|\|\||\w\[|[{}]|https?:|www\.|@|\\[a-z]/;

/**
 * Whether a sentence can carry a study question: a complete statement of sensible length with no
 * code, cross-references or bibliography in it.
 */
export function isQuestionWorthy(text: string): boolean {
  if (text.length < 40 || text.length > 320) return false;
  if (!/^["“]?\p{Lu}/u.test(text) || !/[.!]["”’)]?$/.test(text)) return false;
  if (DANGLING_START.test(text) || DANGLING_EARLY.test(text) || CROSS_REFERENCE.test(text) || CITATION.test(text) || CODE_TRACE.test(text)) {
    return false;
  }
  // A footnote mark glued to a word ("coplot(),1 which", "like2 x") is extraction debris.
  if (/[\p{Ll})],?\d\s/u.test(text)) return false;
  const words = wordsOf(text);
  if (words.length < 8 || words.length > 45) return false;
  // Mostly numbers: a table row or a list of values, not a statement.
  const numeric = words.filter((w) => /^\p{N}/u.test(w)).length;
  if (numeric > words.length * 0.25) return false;
  // Unbalanced quotes or brackets mean the sentence was cut out of something larger.
  const opens = (text.match(/[(“]/g) ?? []).length;
  const closes = (text.match(/[)”]/g) ?? []).length;
  return opens === closes && (text.match(/"/g) ?? []).length % 2 === 0;
}

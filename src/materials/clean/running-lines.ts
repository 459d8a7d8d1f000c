/**
 * Running heads and feet: the lines a document prints at the top or bottom of its pages ("Chapter 3:
 * Vectors 17", "Shared MIME-info Database", "12", "3 / 40", "Page 3 of 40"). They can only be told from
 * content across pages: a line at a page's edge that the document repeats at the edges of other pages
 * (numbers aside), or the page's printed number, which follows the page sequence.
 */
import { BREAK, dropLines, edgeIndices, type CleanStats, type PageLines } from "./lines.ts";

/** Lines from each edge of a page that may be running heads or feet. */
const EDGE_LINES = 3;
/** Pages that must share an edge line (numbers aside) for it to be a running head. */
const MIN_REPEATS = 3;
/** Running heads are short; a longer line is content even when repeated. */
const MAX_HEAD_CHARS = 100;
/** Pages sharing a page-number offset (printed number − page) for it to be the document's. */
const MIN_OFFSET_PAGES = 3;

const ROMAN = /^[ivxlc]{1,7}$/i;
const SENTENCE_INSIDE = /[\p{Ll})\]"”’][.!?]\s+\p{Lu}/u;
const ARABIC = /^\d{1,5}$/;
/** "12", "- 12 -", "— xii —", "Page 12", "12 / 40", "12 of 40", "Page 12 of 40". */
const BARE_NUMBER = /^(?:page\s+)?[-–—]?\s*(\d{1,5}|[ivxlc]{1,7})\s*[-–—]?(?:\s*(?:\/|of)\s*\d{1,5})?$/i;
/** "n / N" and "Page n of N" are page numbers wherever they stand at an edge. */
const EXPLICIT_PAGE = /^(?:page\s+\d{1,5}(?:\s+of\s+\d{1,5})?|\d{1,5}\s*\/\s*\d{1,5})$/i;

export function dropRunningLines(pages: readonly PageLines[], stats?: CleanStats): PageLines[] {
  const headKey = memo(lineKey);
  const repeats = edgeLineRepeats(pages, headKey);
  const templates = headTemplates(pages, repeats, headKey);
  const offsets = pageNumberOffsets(pages);
  return pages.map(({ page, lines }) => {
    const edges = edgeIndices(lines, EDGE_LINES);
    const folio = folioLine(page, lines, edges, offsets, (line) => repeats.get(headKey(line)) ?? 0);
    const heads = new Set<number>();
    for (const i of edges) {
      const line = lines[i] as string;
      if (i === folio?.index) {
        // A sentence ending inside is text the extractor merged with the head: merged-heads.ts cuts that.
        if (folio.bare || (!isSentence(line) && !SENTENCE_INSIDE.test(line))) heads.add(i);
      } else if (EXPLICIT_PAGE.test(line)) heads.add(i);
      else if (line.length <= MAX_HEAD_CHARS && !isSentence(line)) {
        const key = headKey(line);
        if ((repeats.get(key) ?? 0) >= MIN_REPEATS || templates.has(template(key))) heads.add(i);
      }
    }
    return { page, lines: dropLines(lines, (_line, i) => heads.has(i), "running heads and page numbers", stats) };
  });
}

/** A line with digits and Roman numerals made alike, so "Chapter 3: Vectors 17" matches "… 18". */
export function lineKey(line: string): string {
  return line
    .toLowerCase()
    .replace(/\d+/g, "#")
    .split(" ")
    .map((word) => (ROMAN.test(word) ? "#" : word))
    .join(" ");
}

/** On how many pages each edge line (as headKey) stands at an edge. */
function edgeLineRepeats(pages: readonly PageLines[], headKey: (line: string) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { lines } of pages) {
    const seen = new Set<string>();
    for (const i of edgeIndices(lines, EDGE_LINES)) {
      const line = lines[i] as string;
      if (line.length <= MAX_HEAD_CHARS) seen.add(headKey(line));
    }
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * "chapter #:" from running heads like "Chapter 3: Vectors": a one-page chapter's head does not repeat,
 * but its form does. Only forms of a word and a number (or letter) count, from heads that repeat.
 */
function headTemplates(pages: readonly PageLines[], repeats: Map<string, number>, headKey: (line: string) => string): Set<string> {
  const counts = new Map<string, number>();
  for (const { lines } of pages) {
    const seen = new Set<string>();
    for (const i of edgeIndices(lines, EDGE_LINES)) {
      const line = lines[i] as string;
      if (line.length > MAX_HEAD_CHARS) continue;
      const key = headKey(line);
      const form = template(key);
      if (form && (repeats.get(key) ?? 0) >= MIN_REPEATS) seen.add(form);
    }
    for (const form of seen) counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= MIN_REPEATS * 2).map(([form]) => form));
}

/** `fn` with its results kept: the edge lines are keyed several times over. */
function memo(fn: (line: string) => string): (line: string) => string {
  const cache = new Map<string, string>();
  return (line) => {
    let value = cache.get(line);
    if (value === undefined) cache.set(line, (value = fn(line)));
    return value;
  };
}

function template(key: string): string {
  const match = /^(\p{L}{3,}) (#|\p{L})[.:]?(?= )/u.exec(key);
  return match ? match[0] : "";
}

/** A full sentence: several words ending in a full stop. Running heads are titles, never these. */
function isSentence(line: string): boolean {
  return /[.!?]["”’)]?$/.test(line) && line.split(" ").length > 8;
}

/** The number a line starts or ends with, and whether the line is nothing but it ("12", "- 12 -", "12 / 40"). */
function lineNumbers(line: string): { value: number; bare: boolean }[] {
  const bare = BARE_NUMBER.exec(line);
  if (bare) return [{ value: numberValue(bare[1] as string), bare: true }];
  if (line.length > MAX_HEAD_CHARS) return [];
  const words = line.split(" ");
  const found: { value: number; bare: boolean }[] = [];
  for (const word of [words[0], words.at(-1)]) {
    if (word && (ARABIC.test(word) || ROMAN.test(word))) found.push({ value: numberValue(word), bare: false });
  }
  return found;
}

function numberValue(word: string): number {
  if (ARABIC.test(word)) return Number(word);
  const digits: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let value = 0;
  const lower = word.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const digit = digits[lower[i] as string] ?? 0;
    const next = digits[lower[i + 1] as string] ?? 0;
    value += digit < next ? -digit : digit;
  }
  // Roman numbers count front matter separately: keep them apart from Arabic page numbers.
  return -value;
}

/**
 * Printed page number minus page, for the offsets that many pages share: front matter numbered i, ii,
 * … and the body 1, 2, … each have their own. Roman values are negative, so their offsets differ.
 */
function pageNumberOffsets(pages: readonly PageLines[]): Set<number> {
  const counts = new Map<number, number>();
  for (const { page, lines } of pages) {
    const seen = new Set<number>();
    for (const i of edgeIndices(lines, EDGE_LINES)) {
      for (const { value } of lineNumbers(lines[i] as string)) seen.add(offsetOf(value, page));
    }
    for (const offset of seen) counts.set(offset, (counts.get(offset) ?? 0) + 1);
  }
  const minPages = Math.min(MIN_OFFSET_PAGES, Math.max(1, pages.length - 1));
  return new Set([...counts].filter(([, n]) => n >= minPages).map(([offset]) => offset));
}

/** Roman numbers (negative) count down as pages go up, so their offset is value + page. */
const offsetOf = (value: number, page: number) => (value < 0 ? value + page : value - page);

/**
 * The line that carries this page's printed number: a line of the number alone if there is one (so a
 * heading "1 Introduction" on page 1 is not mistaken for it), else the outermost edge line that starts
 * or ends with it, one whose form other pages repeat first ("Chapter 3: Vectors 17" before a heading
 * "17 Graphics" that happens to start on printed page 17). One per page.
 */
function folioLine(
  page: number,
  lines: readonly string[],
  edges: number[],
  offsets: Set<number>,
  repeatsOf: (line: string) => number,
): { index: number; bare: boolean } | undefined {
  let withText: number | undefined;
  let repeated: number | undefined;
  for (const i of edges) {
    const line = lines[i] as string;
    if (line === BREAK) continue;
    for (const { value, bare } of lineNumbers(line)) {
      if (!offsets.has(offsetOf(value, page))) continue;
      if (bare) return { index: i, bare };
      withText ??= i;
      if (repeatsOf(line) >= 2) repeated ??= i;
    }
  }
  const index = repeated ?? withText;
  return index === undefined ? undefined : { index, bare: false };
}

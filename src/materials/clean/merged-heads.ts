/**
 * Running heads that the extractor merged into the first or last paragraph of a page ("Auto Multiple
 * Choice 75 / 92 Terms such as …"): the scan workers start a paragraph only at a wider gap, and a head
 * set close to the text has none. Such a head is the same words and a page number at the start (or
 * end) of many pages' first (or last) line: a prefix (or suffix) that ends (or starts) near a number,
 * repeats on several pages, and whose number follows the pages ("n / N", or printed number − page the
 * same on all of them). It is cut off the line; the rest of the line stays.
 */
import { BREAK, type CleanStats, type PageLines } from "./lines.ts";
import { lineKey } from "./running-lines.ts";

/** Words from a line's start (or end) a merged running head may take. */
const MAX_HEAD_WORDS = 12;
/** Pages that must share a head for it to be one. */
const MIN_PAGES = 3;
const NUMBER = /^\d{1,5}$/;

interface Candidate {
  page: number;
  /** The line's index on its page. */
  index: number;
  /** Words of the line the head takes, from its start (prefix) or end (suffix). */
  words: number;
  fromStart: boolean;
  key: string;
  offset: number;
  /** "n / N": a page counter, whatever its numbers. */
  counter: boolean;
}

export function dropMergedHeads(pages: readonly PageLines[], stats?: CleanStats): PageLines[] {
  const candidates = pages.flatMap(candidatesOf);
  const byKey = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const group = byKey.get(c.key);
    if (group) group.push(c);
    else byKey.set(c.key, [c]);
  }
  // Per page and line, the most words a confirmed head takes from each end.
  const cuts = new Map<number, Map<number, { head: number; foot: number }>>();
  for (const group of byKey.values()) {
    if (new Set(group.map((c) => c.page)).size < MIN_PAGES) continue;
    const offsets = new Map<number, number>();
    for (const c of group) offsets.set(c.offset, (offsets.get(c.offset) ?? 0) + 1);
    for (const c of group) {
      if (!c.counter && (offsets.get(c.offset) ?? 0) < MIN_PAGES) continue;
      let onPage = cuts.get(c.page);
      if (!onPage) cuts.set(c.page, (onPage = new Map()));
      const cut = onPage.get(c.index) ?? { head: 0, foot: 0 };
      if (c.fromStart) cut.head = Math.max(cut.head, c.words);
      else cut.foot = Math.max(cut.foot, c.words);
      onPage.set(c.index, cut);
    }
  }
  // Only a page's first and last lines are cut: the others are not looked at again.
  return pages.map(({ page, lines }) => {
    const onPage = cuts.get(page);
    if (!onPage) return { page, lines };
    const cut = [...lines];
    for (const [index, { head, foot }] of onPage) {
      const line = lines[index] as string;
      const words = line.split(" ");
      const kept = words.slice(head, words.length - foot).join(" ");
      if (stats) {
        const entry = (stats.dropped["running heads and page numbers"] ??= { lines: 0, chars: 0 });
        entry.chars += line.length - kept.length;
      }
      cut[index] = kept;
    }
    return { page, lines: cut };
  });
}

/**
 * The parts of a page's first line from its start, and of its last line up to its end, that begin or
 * end with a page number (a number, or "n / N") and hold a word: "Auto Multiple Choice 75 / 92",
 * "12 Vectors and assignment". A number alone is no head: chapters that start on consecutive pages
 * ("10 Testing R code", "11 Use of TeX dialects") look like page numbers too.
 */
function candidatesOf({ page, lines }: PageLines): Candidate[] {
  const found: Candidate[] = [];
  const first = lines.findIndex((line) => line !== BREAK);
  if (first < 0) return found;
  let last = lines.length - 1;
  while (lines[last] === BREAK) last--;
  for (const [index, fromStart] of [
    [first, true],
    [last, false],
  ] as const) {
    const words = (lines[index] as string).split(" ");
    // A head takes part of the line: the rest, the paragraph, is at least a word.
    const reach = Math.min(MAX_HEAD_WORDS, words.length - 1);
    for (let n = 2; n <= reach; n++) {
      const part = fromStart ? words.slice(0, n) : words.slice(words.length - n);
      if (!part.some((word) => LETTERS.test(word))) continue;
      const key = lineKey(part.join(" "));
      for (const [side, counterWords, edge] of [
        ["start", part.slice(0, 3), part[0]],
        ["end", part.slice(-3), part.at(-1)],
      ] as const) {
        const counter = isCounter(counterWords);
        if (!counter && !NUMBER.test(edge ?? "")) continue;
        const number = Number(counter ? counterWords[0] : edge);
        found.push({ page, index, words: n, fromStart, key: `${side} ${key}`, offset: number - page, counter });
      }
    }
  }
  return found;
}

const LETTERS = /\p{L}{2,}/u;

/** "75 / 92" */
const isCounter = (words: string[]) => words.length === 3 && NUMBER.test(words[0] as string) && words[1] === "/" && NUMBER.test(words[2] as string);

/**
 * Tables of contents and back-of-book indexes: pages of titles or terms that point at page numbers.
 * They name every topic of the book, so retrieval ranks them high, yet they say nothing about any. Such
 * a page becomes empty (it keeps its number, so citations of other pages stay exact); a page that only
 * ends or starts with a few entries loses those lines.
 */
import { BREAK, dropLines, type CleanStats, type PageLines } from "./lines.ts";

/** Share of a page's text in entries that makes it a contents or index page. */
const PAGE_SHARE = 0.5;
/** Share of a line in dot-leader entries that makes it an entry line on an ordinary page. */
const LINE_SHARE = 0.7;
/** Entries a page needs before it can count as contents at all. */
const MIN_ENTRIES = 5;

/**
 * A dot leader and the page number it leads to: "Vectors . . . . . 12", "Vectors.......12", or the end
 * of the line where the number was set apart ("Vectors . . . . ." and "12" on a line of its own). Five
 * dots at least: an ellipsis is not one. The lookbehind starts a match only at a run's first dot, so a
 * long run is tried once: linear.
 */
const LEADER = /(?<!\.\s?)\.(?:\s?\.){4,}(?:\s*(?:\d{1,5}|[ivxlc]{1,7})\b|\s*$)/gi;
/** An index reference list: ", 12", ", 12–15", ", 12f". */
const INDEX_REF = /,\s?\d{1,5}(?:[–-]\d{1,5})?f{0,2}(?=[,;\s]|$)/g;
/** Code has numbers after commas too ("int ia[] = {1, 2, 3};"); an index term has none of these. */
const CODE_CHARS = /[{}=;]/;
/** What else a contents page holds: page numbers and section numbers on lines of their own. */
const NUMBER_LINE = /^(?:\d{1,5}(?:\.\d{1,3})*\.?|[ivxlc]{1,7})$/i;
const MAX_TITLE_CHARS = 150;
/** An index term: "type: anonymous, local". */
const MAX_TERM_CHARS = 50;
const SENTENCE_END = /[.!?]\s+\p{Lu}/u;
/** A contents line without leaders: a title and a page number ("10 Exceptions 269"). */
const ENDS_IN_NUMBER = /\s\d{1,5}$/;
const LETTER = /\p{L}/u;

export function dropContentsPages(pages: readonly PageLines[], stats?: CleanStats): PageLines[] {
  return pages.map(({ page, lines }) => {
    let chars = 0;
    let entries = 0;
    let covered = 0;
    const leaderShare = lines.map((line) => {
      if (line === BREAK) return 0;
      chars += line.length;
      if (NUMBER_LINE.test(line)) {
        covered += line.length;
        return 0;
      }
      const leaders = line.includes("...") || line.includes(". . .") ? scoreMatches(line, LEADER, MAX_TITLE_CHARS) : NONE;
      // Most lines have neither leaders nor references: the cheap looks first.
      const refs = line.includes(",") ? scoreMatches(line, INDEX_REF, MAX_TERM_CHARS) : NONE;
      const best = leaders.chars >= refs.chars ? leaders : refs;
      entries += best.entries;
      covered += best.chars;
      return leaders.chars / line.length;
    });
    const contents = (entries >= MIN_ENTRIES && covered >= chars * PAGE_SHARE) || numberedTitles(lines);
    if (contents) stats?.emptiedPages.push(page);
    const drop = (_line: string, i: number) => contents || (leaderShare[i] as number) >= LINE_SHARE;
    return { page, lines: dropLines(lines, drop, "contents and index pages", stats) };
  });
}

interface Score {
  entries: number;
  /** Characters of the line in entries: each entry from the end of the one before to its number. */
  chars: number;
}

const NONE: Score = { entries: 0, chars: 0 };

function scoreMatches(line: string, pattern: RegExp, maxEntry: number): Score {
  let entries = 0;
  let chars = 0;
  let from = 0;
  for (const match of line.matchAll(pattern)) {
    const end = match.index + match[0].length;
    // An entry is a title or a term: short, and not the end of a sentence ("… 1:30 is the vector c(1, 2").
    const before = line.slice(from, match.index);
    if (before.length <= maxEntry && !SENTENCE_END.test(before) && !CODE_CHARS.test(before)) {
      entries++;
      chars += end - from;
    }
    from = end;
  }
  return { entries, chars };
}

/**
 * A contents page without dot leaders: most lines are a title ending in a page number, and the numbers
 * go up the page. (Code and tables end in numbers too, but not in ascending ones under titles.)
 */
function numberedTitles(lines: readonly string[]): boolean {
  const numbers: number[] = [];
  let count = 0;
  for (const line of lines) {
    if (line === BREAK) continue;
    count++;
    if (line.length <= MAX_TITLE_CHARS && ENDS_IN_NUMBER.test(line) && LETTER.test(line) && !/[;={}]/.test(line)) numbers.push(Number(line.slice(line.lastIndexOf(" ") + 1)));
  }
  if (numbers.length < 8 || numbers.length < count * LINE_SHARE) return false;
  let rising = 0;
  for (let i = 1; i < numbers.length; i++) if ((numbers[i] as number) >= (numbers[i - 1] as number)) rising++;
  return rising >= (numbers.length - 1) * 0.8;
}

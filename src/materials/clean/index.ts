/**
 * Cleans a document's page texts before they are stored, so that search, every provider and the
 * built-in generator see the document's prose and not its furniture: running heads and page numbers,
 * contents and index pages, code listings and option tables go; words broken at line ends and
 * sentences broken across lines are joined. Pure and linear in the text; runs once per file, on all of
 * its pages at once, because running heads are only known across pages. Pages keep their numbers: a
 * page that was all contents stays, empty.
 */
import type { ScannedPage } from "../scan/index.ts";
import { dropCode } from "./code.ts";
import { dropContentsPages } from "./contents-pages.ts";
import { dropGlyphRuns } from "./glyphs.ts";
import { brokenWordReadings, vocabulary } from "./hyphens.ts";
import { toLines, type CleanStats, type PageLines } from "./lines.ts";
import { dropMergedHeads } from "./merged-heads.ts";
import { joinParagraphs } from "./paragraphs.ts";
import { dropRunningLines } from "./running-lines.ts";

export { newStats, type CleanStats } from "./lines.ts";

/**
 * Characters a page-by-page pass cleans before cleanPagesInTurns lets other work run (some 10 ms of
 * CPU). Counted in characters, not pages: one page can hold a whole book's text.
 */
export const CHARS_PER_TURN = 200_000;

/**
 * `printed: false`: the pages are not a printer's (slides, or sections of a Word or text file, cut by
 * length): no running heads or footers to drop (a slide may repeat its deck's title), and each line is a
 * paragraph already, never a line wrapped by width.
 */
export interface CleanOptions {
  printed?: boolean;
}

export function cleanPages(pages: readonly ScannedPage[], stats?: CleanStats, options: CleanOptions = {}): ScannedPage[] {
  const steps = cleaningSteps(pages, stats, options);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * cleanPages for the server's main thread: the same steps, with a turn for other work between slices
 * of pages, so that cleaning a long document holds up no request for all of it.
 */
export async function cleanPagesInTurns(pages: readonly ScannedPage[], stats?: CleanStats, options: CleanOptions = {}): Promise<ScannedPage[]> {
  const steps = cleaningSteps(pages, stats, options);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * `work` over consecutive slices of `items` (pages, in the document's order) of some CHARS_PER_TURN
 * characters each, yielding after each slice; the results in order. `chars[i]` is item i's size.
 */
function* inTurns<T, R>(items: readonly T[], chars: readonly number[], work: (slice: readonly T[]) => Iterable<R>): Generator<void, R[]> {
  const done: R[] = [];
  let start = 0;
  let size = 0;
  for (let i = 0; i < items.length; i++) {
    size += chars[i] ?? 0;
    if (size < CHARS_PER_TURN && i < items.length - 1) continue;
    for (const result of work(items.slice(start, i + 1))) done.push(result);
    start = i + 1;
    size = 0;
    yield;
  }
  return done;
}

/**
 * The steps of cleaning; it yields between slices of the page-by-page passes. The two steps that must
 * see all pages at once (merged heads, running lines) run whole, with a turn before and after each.
 */
function* cleaningSteps(pages: readonly ScannedPage[], stats?: CleanStats, { printed = true }: CleanOptions = {}): Generator<void, ScannedPage[]> {
  // Cleaning only drops and joins: a page's original length bounds its size in every pass.
  const chars = pages.map((p) => p.text.length);
  let split: PageLines[] = yield* inTurns(pages, chars, (slice) => slice.map(({ page, text }) => ({ page, lines: toLines(text) })));
  if (stats) {
    stats.pages += pages.length;
    for (const { lines } of split) {
      for (const line of lines) {
        if (!line) continue;
        stats.lines++;
        stats.chars += line.length;
      }
    }
  }
  yield;
  // The steps that must see all pages at once. Heads merged into text first: the running-lines step
  // takes whole lines, and a line that is a merged head and text must lose the head only.
  if (printed) {
    split = dropMergedHeads(split, stats);
    yield;
    split = dropRunningLines(split, stats);
  }
  for (const step of [dropContentsPages, dropCode, dropGlyphRuns]) {
    yield;
    split = yield* inTurns(split, chars, (slice) => step(slice, stats));
  }
  const readings = new Set<string>();
  yield* inTurns(split, chars, (slice) => {
    for (const { lines } of slice) brokenWordReadings(lines, readings);
    return [];
  });
  const words = new Set<string>();
  yield* inTurns(pages, chars, (slice) => {
    const found = vocabulary(
      slice.map((p) => p.text),
      readings,
    );
    for (const word of found) words.add(word);
    return [];
  });
  return yield* inTurns(split, chars, (slice) => slice.map(({ page, lines }) => ({ page, text: joinParagraphs(lines, words, stats, { wrapped: printed }) })));
}

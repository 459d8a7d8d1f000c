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

/** Pages a page-by-page step cleans before cleanPagesInTurns lets other work run (some 10 ms of CPU). */
const PAGES_PER_TURN = 200;

export function cleanPages(pages: readonly ScannedPage[], stats?: CleanStats): ScannedPage[] {
  const steps = cleaningSteps(pages, stats);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * cleanPages for the server's main thread: the same steps, with a turn for other work between them, so
 * that cleaning a book of a thousand pages (some 150 ms of CPU) holds up no request for all of it.
 */
export async function cleanPagesInTurns(pages: readonly ScannedPage[], stats?: CleanStats): Promise<ScannedPage[]> {
  const steps = cleaningSteps(pages, stats);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The steps of cleaning, each over the whole document; it yields between them. */
function* cleaningSteps(pages: readonly ScannedPage[], stats?: CleanStats): Generator<void, ScannedPage[]> {
  let split: PageLines[] = pages.map(({ page, text }) => ({ page, lines: toLines(text) }));
  if (stats) {
    stats.pages += pages.length;
    for (const line of split.flatMap((p) => p.lines)) {
      if (!line) continue;
      stats.lines++;
      stats.chars += line.length;
    }
  }
  yield;
  // The steps that must see all pages at once. Heads merged into text first: the running-lines step
  // takes whole lines, and a line that is a merged head and text must lose the head only.
  split = dropMergedHeads(split, stats);
  split = dropRunningLines(split, stats);
  // The others look at one page at a time: a turn between slices of pages.
  for (const step of [dropContentsPages, dropCode, dropGlyphRuns]) {
    const done: PageLines[] = [];
    for (let i = 0; i < split.length; i += PAGES_PER_TURN) {
      yield;
      done.push(...step(split.slice(i, i + PAGES_PER_TURN), stats));
    }
    split = done;
  }
  yield;
  const readings = new Set<string>();
  for (const { lines } of split) brokenWordReadings(lines, readings);
  const words = vocabulary(
    pages.map((p) => p.text),
    readings,
  );
  return split.map(({ page, lines }) => ({ page, text: joinParagraphs(lines, words, stats) }));
}

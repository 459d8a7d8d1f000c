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
import { joinParagraphs } from "./paragraphs.ts";
import { dropRunningLines } from "./running-lines.ts";

export { newStats, type CleanStats } from "./lines.ts";

export function cleanPages(pages: readonly ScannedPage[], stats?: CleanStats): ScannedPage[] {
  let split: PageLines[] = pages.map(({ page, text }) => ({ page, lines: toLines(text) }));
  if (stats) {
    stats.pages += pages.length;
    for (const line of split.flatMap((p) => p.lines)) {
      if (!line) continue;
      stats.lines++;
      stats.chars += line.length;
    }
  }
  split = dropRunningLines(split, stats);
  split = dropContentsPages(split, stats);
  split = dropCode(split, stats);
  split = dropGlyphRuns(split, stats);
  const readings = new Set<string>();
  for (const { lines } of split) brokenWordReadings(lines, readings);
  const words = vocabulary(
    pages.map((p) => p.text),
    readings,
  );
  return split.map(({ page, lines }) => ({ page, text: joinParagraphs(lines, words, stats) }));
}

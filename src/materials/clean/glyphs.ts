/**
 * Glyph runs: music, symbols and figure labels that a PDF maps to letters ("h h hP h", "S S #S 0S") or
 * to characters of no script at all. A line with no word in it (three letters or more, not one letter
 * repeated like "hhhh", or one of English's two-letter words, which may be a wrapped sentence's last)
 * is no text to ask about.
 */
import { dropLines, type CleanStats, type PageLines } from "./lines.ts";

const LETTER_RUN = /\p{L}{2,}/gu;
const TWO_LETTER_WORDS = new Set("am an as at be by do eg go he ie if in is it me my no of on or so to up us we".split(" "));

export function dropGlyphRuns(pages: readonly PageLines[], stats?: CleanStats): PageLines[] {
  return pages.map(({ page, lines }) => ({ page, lines: dropLines(lines, (line) => !hasWord(line), "glyph runs", stats) }));
}

function hasWord(line: string): boolean {
  for (const [run] of line.matchAll(LETTER_RUN)) {
    if (run.length === 2) {
      if (TWO_LETTER_WORDS.has(run.toLowerCase())) return true;
      continue;
    }
    const first = run[0];
    for (const letter of run) if (letter !== first) return true;
  }
  return false;
}

/**
 * Turns pdf.js text items of one page into plain text: lines in the order the PDF draws them (which is
 * reading order for the documents people upload; re-sorting by position breaks columns), words split
 * across a line end joined again, whitespace collapsed, paragraphs kept as "\n".
 */

/** The part of a pdf.js TextItem this module reads. */
export interface TextRun {
  str: string;
  /** [a, b, c, d, x, y]: the text matrix; y is the baseline, hypot(c, d) the font size. */
  transform: number[];
  /** pdf.js saw a line break after this run. */
  hasEOL: boolean;
  /** The run is set in a monospaced font (pdf.js's style for its font says so). */
  mono?: boolean;
}

interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
  /** Every run with text on the line is monospaced: a line of a code listing, as books print them. */
  mono: boolean;
}

/** Line spacing of a page with too few lines to measure it (baseline distance / font size). */
const DEFAULT_LEADING = 1.2;
/** A gap this much wider than the page's usual line spacing starts a new paragraph. */
const PARAGRAPH_GAP = 1.15;
/** Lines whose font sizes differ by more than this factor belong to different paragraphs (a heading and its text). */
const HEADING_SIZE = 1.15;

const SOFT_HYPHEN = "\u00ad";
const HYPHENS = new Set(["-", "\u2010"]);
// The lookbehinds make each regex try a run of letters once, from its start: linear on any line.
/** A line that ends in letters and a hyphen: the word may go on at the start of the next line. */
const BROKEN_WORD = /(?<!\p{L})(\p{L}+)[-\u2010]$/u;
const LOWERCASE_WORD = /^\p{Ll}\p{L}*/u;
const HYPHENATED_WORD = /(?<!\p{L})\p{L}+[-\u2010]\p{L}+/gu;
/** Control characters other than whitespace: stray codes some PDFs map glyphs to. */
const CONTROL_CHARS = /(?![\t\n\v\f\r])\p{Cc}/gu;

export function pageText(runs: readonly TextRun[]): string {
  const lines = headingsInPlace(collectLines(runs));
  const first = lines[0];
  if (!first) return "";
  const leading = medianLeading(lines);
  const compounds = hyphenatedWords(lines);
  // Pieces alternate line texts and separators, so the last piece is always the previous line.
  const pieces = [first.text];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1] as Line;
    const line = lines[i] as Line;
    const hyphen = lineEndHyphen(prev.text, line.text, compounds);
    if (hyphen === "none") pieces.push(startsParagraph(prev, line, leading) ? "\n" : " ");
    else if (hyphen === "drop") pieces.push((pieces.pop() as string).slice(0, -1));
    pieces.push(line.text);
  }
  return pieces.join("").replaceAll(SOFT_HYPHEN, "");
}

function collectLines(runs: readonly TextRun[]): Line[] {
  const lines: Line[] = [];
  let parts: string[] = [];
  let start: { x: number; y: number; size: number; mono: boolean } | undefined;
  const endLine = () => {
    const text = parts.join("").replace(CONTROL_CHARS, "").replace(/\s+/g, " ").trim();
    if (text && start) lines.push({ text, ...start });
    parts = [];
    start = undefined;
  };
  for (const run of runs) {
    if (run.str) {
      const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = run.transform;
      const size = Math.hypot(c, d) || Math.hypot(a, b);
      // Spaces count for neither: a proportional line may put them in the monospaced font, and back.
      const mono = run.mono === true || !run.str.trim();
      if (!start) start = { x, y, size, mono };
      else {
        start.size = Math.max(start.size, size);
        start.mono &&= mono;
      }
      parts.push(run.str);
    }
    if (run.hasEOL) endLine();
  }
  endLine();
  return lines;
}

/** More candidate headings than a page has are not looked at (each costs a pass over the page's lines, moved or not). */
const MAX_HEADING_CANDIDATES = 50;

/**
 * Headings drawn after the text they stand over: a browser's printout of Node.js's documentation draws each
 * section's heading last on its page ("Buffers and character encodings" after every paragraph of it), and the
 * section's text, read in drawing order, fell under the heading before it. A line set larger than the page's
 * text that goes back up the page is put back where it stands: before the first line drawn earlier below it,
 * when that line starts at its left edge (a heading at the top of a second column is far right of the first's).
 * One above everything drawn (a running head) stays where it is.
 */
function headingsInPlace(lines: Line[]): Line[] {
  const body = medianSize(lines);
  let candidates = 0;
  for (let i = 1; i < lines.length && candidates < MAX_HEADING_CANDIDATES; i++) {
    const line = lines[i] as Line;
    if (line.size <= body * HEADING_SIZE || line.y <= (lines[i - 1] as Line).y) continue;
    candidates++;
    const below = lines.findIndex((other, j) => j < i && other.y < line.y);
    const at = lines[below];
    if (below <= 0 || !at || Math.abs(at.x - line.x) > 2 * line.size || (lines[below - 1] as Line).y <= line.y) continue;
    lines.splice(i, 1);
    lines.splice(below, 0, line);
  }
  return lines;
}

function medianSize(lines: readonly Line[]): number {
  const sizes = lines.map((line) => line.size).sort((p, q) => p - q);
  return sizes[Math.floor(sizes.length / 2)] ?? 0;
}

/** Baseline distance in font sizes between most neighbouring lines of this page. */
function medianLeading(lines: Line[]): number {
  const ratios: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1] as Line;
    const line = lines[i] as Line;
    const gap = prev.y - line.y;
    if (gap > 0) ratios.push(gap / Math.min(prev.size, line.size));
  }
  ratios.sort((p, q) => p - q);
  // The lower median: with few lines, one paragraph gap must not pass for the usual spacing.
  return ratios[Math.floor((ratios.length - 1) / 2)] ?? DEFAULT_LEADING;
}

function startsParagraph(prev: Line, line: Line, leading: number): boolean {
  const gap = prev.y - line.y;
  const size = Math.min(prev.size, line.size);
  // Moving up the page means a new column or box; an indented first line or extra space, a new paragraph;
  // a code listing (lines all in a monospaced font) is a paragraph apart from the prose around it.
  // A heading is set larger or smaller than the text under it ("9.7. Scheduling Tasks with cron and atd"
  // above "cron is the daemon …"): a change of font size ends a paragraph.
  const resized = Math.max(prev.size, line.size) > Math.min(prev.size, line.size) * HEADING_SIZE;
  return gap < 0 || gap / size > leading * PARAGRAPH_GAP || line.x - prev.x > line.size || prev.mono !== line.mono || resized;
}

/** Hyphenated words written whole inside a line ("user-visible"): a line break after their hyphen keeps it. */
function hyphenatedWords(lines: Line[]): Set<string> {
  const words = new Set<string>();
  for (const line of lines) {
    for (const match of line.text.matchAll(HYPHENATED_WORD)) words.add(match[0].toLowerCase().replace("\u2010", "-"));
  }
  return words;
}

/**
 * What to do with a hyphen that ends a line: "photo-" + "synthesis" drops it ("photosynthesis");
 * "Hewlett-" + "Packard" keeps it, and so does "user-" + "visible" when the page writes "user-visible"
 * inside a line elsewhere. "none" when the line does not end in a broken word.
 */
function lineEndHyphen(text: string, next: string, compounds: Set<string>): "none" | "keep" | "drop" {
  const last = text.at(-1) ?? "";
  if (last === SOFT_HYPHEN) return "drop";
  if (!HYPHENS.has(last)) return "none";
  const broken = BROKEN_WORD.exec(text);
  if (!broken) return "none";
  const tail = LOWERCASE_WORD.exec(next);
  return !tail || compounds.has(`${broken[1]}-${tail[0]}`.toLowerCase()) ? "keep" : "drop";
}

/**
 * The shape every cleaning step works on: a page as its lines, in order. Extractors differ in what a
 * line is: the scan workers (scan/page-text.ts) already join a paragraph's lines with spaces and put
 * "\n" between paragraphs; pdftotext-like text has one line per printed line and a blank line between
 * blocks. Both become lines here, a blank line a `BREAK`; steps drop lines and mark where they did, and
 * paragraphs.ts joins what is left back into the stored shape (one paragraph per line).
 */

export interface PageLines {
  page: number;
  lines: string[];
}

/** A line that separates paragraphs: a blank line in the input, or the place a dropped line was. */
export const BREAK = "";

/** Characters of fonts' private areas: music and symbol glyphs that map to no character of any script. */
const PRIVATE_USE = /\p{Co}/gu;
/** Whitespace other than line ends (tabs, form feeds, no-break spaces), runs of it made one space. */
const SPACES = /[^\S\n]+/g;

/**
 * "… for the event named eventName .", "Unlike EventEmitter , any …", "All EventEmitter s emit …": a browser's print
 * of documentation sets inline code in boxes, and the extractor puts a space after each box, before the punctuation
 * or the plural "s" that followed it (Node.js's API pages). Not before an ellipsis's dots (". . .").
 */
const SPACE_BEFORE_PUNCTUATION = /(?<=[\p{L}\p{N})\]'"’”]) (?=[.,;:!?](?:\s(?![.,;:!?](?:\s|$))|$))/gu;
/** A CamelCase name and a boxed plural "s": never an English word ("Let s be …" is no CamelCase name). */
const SPACED_PLURAL = /(?<=\b\p{Lu}\p{Ll}+\p{Lu}\w*) s(?=[\s.,;:!?)]|$)/gu;

export function tidySpacing(line: string): string {
  return line.replace(SPACE_BEFORE_PUNCTUATION, "").replace(SPACED_PLURAL, "s");
}

export function toLines(text: string): string[] {
  const lines: string[] = [];
  const plain = PRIVATE_USE.test(text) ? text.replace(PRIVATE_USE, "") : text;
  for (const raw of plain.replace(SPACES, " ").split("\n")) {
    const line = tidySpacing(raw.trim());
    // Runs of breaks collapse to one, and none leads: a break only ever stands between two lines.
    if (line || (lines.length > 0 && lines.at(-1) !== BREAK)) lines.push(line);
  }
  if (lines.at(-1) === BREAK) lines.pop();
  return lines;
}

/** The indices of a page's first and last `count` lines (the page's edges), outermost first. */
export function edgeIndices(lines: readonly string[], count: number): number[] {
  const top: number[] = [];
  const bottom: number[] = [];
  for (let i = 0; i < lines.length && top.length < count; i++) if (lines[i] !== BREAK) top.push(i);
  for (let i = lines.length - 1; i >= 0 && bottom.length < count; i--) if (lines[i] !== BREAK) bottom.push(i);
  const order: number[] = [];
  for (let k = 0; k < count; k++) {
    for (const i of [top[k], bottom[k]]) if (i !== undefined && !order.includes(i)) order.push(i);
  }
  return order;
}

/** What cleaning dropped, by step, for the benchmark and the README's figures. */
export interface CleanStats {
  pages: number;
  lines: number;
  chars: number;
  /** Lines and characters each step dropped. */
  dropped: Record<string, { lines: number; chars: number }>;
  /** Pages that became empty (tables of contents, indexes). */
  emptiedPages: number[];
  /** Words broken by a hyphen at a line end that were joined again. */
  hyphensJoined: number;
}

export function newStats(): CleanStats {
  return { pages: 0, lines: 0, chars: 0, dropped: {}, emptiedPages: [], hyphensJoined: 0 };
}

/**
 * Drops the lines `drop` says to, leaving a BREAK where they were (so that the text before and after a
 * dropped code listing is never joined into one false sentence), and counts them under `step`.
 */
export function dropLines(lines: readonly string[], drop: (line: string, i: number) => boolean, step: string, stats?: CleanStats): string[] {
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line !== BREAK && drop(line, i)) {
      if (stats) {
        const entry = (stats.dropped[step] ??= { lines: 0, chars: 0 });
        entry.lines++;
        entry.chars += line.length;
      }
      if (kept.length > 0 && kept.at(-1) !== BREAK) kept.push(BREAK);
    } else if (line !== BREAK || (kept.length > 0 && kept.at(-1) !== BREAK)) kept.push(line);
  }
  if (kept.at(-1) === BREAK) kept.pop();
  return kept;
}

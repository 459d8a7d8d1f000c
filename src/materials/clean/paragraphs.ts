/**
 * Lines back into paragraphs, in the stored shape: one paragraph per line. A line joins the next when
 * the sentence evidently goes on (no closing punctuation and the next line starts in lower case, or a
 * word broken by a hyphen), or when it is a full-width line of wrapped text; a short line ending a
 * sentence, a heading, a list item and a break (a blank line, or where a step dropped something) end
 * a paragraph.
 */
import { brokenWordJoin } from "./hyphens.ts";
import { BREAK, type CleanStats } from "./lines.ts";
import { isEntrySignature } from "./signatures.ts";

/** Wrapped text: lines this long (as a share of the page's usual long line) were broken by width. */
const FULL_LINE = 0.8;
/** Lines longer than this are paragraphs already (the scan workers' shape), never wrapped lines. */
const MAX_WRAPPED_LINE = 140;
const ENDS_SENTENCE = /[.!?:]["'”’)\]]?$/;
const STARTS_LOWER = /^\p{Ll}/u;
/** A list item or a numbered heading starts its own paragraph: "•", "1.", "2.3", "(a)", "b)". */
const STARTS_ITEM = /^(?:[•◦▪‣–—*-]\s|\d{1,3}[.)]\s|\(?[a-z]\)\s|\([ivx]{1,4}\)\s|\d+(?:\.\d+)+\.?\s)/u;

/** `wrapped: false`: the lines are paragraphs already (see CleanOptions), joined only where a word was broken or a sentence goes on. */
export function joinParagraphs(lines: readonly string[], words: ReadonlySet<string>, stats?: CleanStats, { wrapped = true } = {}): string {
  const width = wrapped ? wrapWidth(lines) : 0;
  const paragraphs: string[] = [];
  // The paragraph so far, as its lines and the spaces between them: its last part is always the
  // previous line, so a join looks at that line only and the paragraph is put together once.
  let current: string[] = [];
  let previous = "";
  const end = () => {
    if (current.length > 0) paragraphs.push(current.join(""));
  };
  for (const line of lines) {
    if (current.length > 0 && line !== BREAK) {
      const join = brokenWordJoin(previous, line, words);
      if (join !== undefined) {
        if (stats) stats.hyphensJoined++;
        if (join === "drop") current[current.length - 1] = previous.slice(0, -1);
        current.push(line);
      } else if (continues(previous, line, width)) current.push(" ", line);
      else {
        end();
        current = [line];
      }
    } else {
      end();
      current = line ? [line] : [];
    }
    previous = line;
  }
  end();
  return paragraphs.join("\n");
}

/**
 * A heading ends its paragraph even when the text under it starts in lower case ("9.7. Scheduling Tasks
 * with cron and atd" / "cron is the daemon …"; "TIP Text shortcuts for cron" / "cron recognizes …"): a
 * short line numbered like a section, or led by an upper-case label, with no closing punctuation.
 */
const HEADING = /^(?:\d+(?:\.\d+)+\.?\s+\p{Lu}|\p{Lu}{3,}(?:\s\p{Lu}{2,})*\s+\p{Lu}\p{Ll})/u;
const MAX_HEADING = 80;
/** A short capitalised line without a sentence's end (or a clause's: "For example,"). */
const TITLE = /^\p{Lu}(?=(?:\S+\s+){0,7}\S+$)[^.!?:;,]{0,79}[^\s.!?:;,"”’)\]]$/u;

function continues(previous: string, next: string, width: number): boolean {
  // A library entry's signature stands alone: "rl.resume()" and "rl.setPrompt(prompt)" are two entries, and the
  // sentence before one is no part of it.
  if (STARTS_ITEM.test(next) || isEntrySignature(next) || isEntrySignature(previous)) return false;
  if (previous.length <= MAX_HEADING && HEADING.test(previous) && !ENDS_SENTENCE.test(previous)) return false;
  if (!ENDS_SENTENCE.test(previous) && STARTS_LOWER.test(next)) return true;
  // "… the rest of the Git documentation." / "The Git object database": after a sentence's end, a short
  // capitalised line without one is a heading, not the wrapped paragraph's next line.
  if (ENDS_SENTENCE.test(previous) && next.length <= MAX_HEADING && TITLE.test(next)) return false;
  // A line as wide as the page's text was broken by the width, whatever it ends in.
  // (Not after a colon: what it introduces, a list or a program's output, is set apart.)
  return width > 0 && previous.length >= width * FULL_LINE && !previous.endsWith(":");
}

/**
 * The width lines wrap at on a page of wrapped text (most lines short enough to be printed lines, and
 * enough of them); 0 on a page of paragraphs, whose line lengths say nothing.
 */
function wrapWidth(lines: readonly string[]): number {
  const lengths: number[] = [];
  let count = 0;
  for (const line of lines) {
    if (line === BREAK) continue;
    count++;
    if (line.length <= MAX_WRAPPED_LINE) lengths.push(line.length);
  }
  if (lengths.length < 5 || lengths.length < count * 0.8) return 0;
  lengths.sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length * 0.75)] as number;
}

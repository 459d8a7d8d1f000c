/**
 * Words broken at a line end: "exam-" + "ple". Joined when the whole word is the likelier reading: the
 * document writes it whole elsewhere, or it never writes the hyphenated form and the second part goes
 * on in lower case without the first being a prefix that keeps its hyphen ("well-", "self-"). The scan
 * workers decide this within a page already; text from other extractors arrives with the breaks.
 */

/** A line ending in a word and a hyphen. The lookbehind tries each run of letters once: linear. */
const BROKEN = /(?<!\p{L})(\p{L}+)[-\u2010]$/u;
const CONTINUATION = /^(\p{L}+)/u;
/** Prefixes that keep their hyphen when nothing in the document says otherwise. */
const COMPOUND_PREFIXES = new Set("well self non all ex half quasi cross so semi co pre post anti multi sub inter".split(" "));
const WORDS = /\p{L}+(?:[-\u2010]\p{L}+)*/gu;

/**
 * Of the words `needed`, those the document writes within a line (whole or hyphenated), in lower case.
 * Only the few words that decide a broken word are looked for; a document without any is not read.
 */
export function vocabulary(texts: Iterable<string>, needed: ReadonlySet<string>): Set<string> {
  const words = new Set<string>();
  if (needed.size === 0) return words;
  for (const text of texts) {
    for (const [word] of text.toLowerCase().replaceAll("\u2010", "-").matchAll(WORDS)) if (needed.has(word)) words.add(word);
  }
  return words;
}

/** The two readings of each broken word in these lines ("example", "exam-ple"), for vocabulary(). */
export function brokenWordReadings(lines: readonly string[], into: Set<string>): void {
  for (let i = 0; i + 1 < lines.length; i++) {
    const parts = brokenWord(lines[i] as string, lines[i + 1] as string);
    if (parts) into.add(`${parts.head}${parts.rest}`).add(`${parts.head}-${parts.rest}`);
  }
}

function brokenWord(line: string, next: string): { head: string; rest: string } | undefined {
  if (!line.endsWith("-") && !line.endsWith("\u2010")) return undefined;
  const broken = BROKEN.exec(line);
  const tail = CONTINUATION.exec(next);
  return broken && tail ? { head: (broken[1] as string).toLowerCase(), rest: tail[1] as string } : undefined;
}

/**
 * How `line` and `next` join when `line` ends in a broken word that `next` finishes, else undefined:
 * "keep" its hyphen ("well-" + "known" → "well-known", "Hewlett-" + "Packard" → "Hewlett-Packard") or
 * "drop" it ("exam-" + "ple is" → "example is"). Only the line is looked at, never the paragraph it ends:
 * a paragraph of many broken lines is joined in linear time.
 */
export function brokenWordJoin(line: string, next: string, words: ReadonlySet<string>): "keep" | "drop" | undefined {
  const parts = brokenWord(line, next);
  if (!parts) return undefined;
  const { head, rest } = parts;
  // A capital goes on a name: "Hewlett-" + "Packard".
  if (!/^\p{Ll}/u.test(rest)) return "keep";
  const whole = `${head}${rest}`;
  const keep = words.has(`${head}-${rest}`) || (!words.has(whole) && COMPOUND_PREFIXES.has(head));
  return keep ? "keep" : "drop";
}

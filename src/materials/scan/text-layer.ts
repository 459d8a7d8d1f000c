/**
 * Whether a page's text layer is worth keeping, or the page should be read by OCR instead. Pure: the scan
 * worker asks it about every page, and the pool compares a page's OCR text with its text layer by it.
 *
 * The criterion, in full:
 * - A text layer is usable when it has at least MIN_WORDS readable words (letters, with a vowel, of a
 *   sensible length and case; see isReadableWord) and they are at least a quarter of its tokens with a
 *   letter or digit in them. Contents pages (numbers and dot leaders), tables of identifiers and code
 *   pass; garbage (symbols, broken glyph mappings, misread letter salad) does not.
 * - A page whose text layer is not usable is read by OCR when what it draws says there is text to read:
 *   images over at least MIN_IMAGE_COVER of the page with next to no words (fewer than FEW_WORDS) or
 *   mostly garbage on it (a scanned or photographed page; a slide's photo under its title is not), or far more
 *   glyphs than its words account for: at least MIN_GLYPHS, over four times GLYPHS_PER_WORD a readable
 *   word (text drawn in fonts without a Unicode mapping, as pdf.js reads some typeset manuals).
 * - A page that mixes a usable text layer with a pasted-in scan keeps its text layer: the scan's words
 *   are not read.
 * - A blank page, a title page ("Chapter 3": its few glyphs are all readable words) and a page of vector
 *   drawings are not; nor is a page of good text, whatever else it draws.
 */

/** Readable words a page of prose has at least: a short paragraph. Fewer, and what the page draws decides. */
export const MIN_WORDS = 20;
/** Share of the page's area its images cover that makes it a picture of a page. */
export const MIN_IMAGE_COVER = 0.25;
/** Readable words of a page that is a picture with next to no text: a page number, a scanner's stamp. */
export const FEW_WORDS = 3;
/** Glyphs drawn on a page that make it worth reading when its text layer does not hold them. */
export const MIN_GLYPHS = 100;
/** Glyphs an English word takes with its space, about. */
const GLYPHS_PER_WORD = 6;

/** What a page draws, as the scan worker counts it from pdf.js's operator list (page-drawing.ts). */
export interface PageDrawing {
  /** Share of the page's area covered by images (overlaps counted twice, capped at 1). */
  imageCover: number;
  /** Glyphs drawn by text operators, visible or not. */
  glyphs: number;
}

const TOKEN = /\S+/g;
/** A token that could be a word or a number; dot leaders and rules are neither. */
const ALNUM = /[\p{L}\p{N}]/u;
/** Letters, maybe joined by an apostrophe or hyphen; punctuation around them is allowed. */
const WORD = /^[("'‘“[]*(\p{L}+(?:['’-]\p{L}+)*)[)"'’”\].,;:!?]*$/u;
/** A vowel in the scripts whose words have them; other scripts count every word as readable. */
const LATIN = /\p{Script=Latin}/u;
const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ]/iu;
/** "iPhone", "McDonald" and "HTML" are words; "hEllO" and "tHE" are OCR or font debris. */
const ODD_CASE = /\p{Ll}\p{Lu}\p{Ll}*\p{Lu}|^\p{Ll}+\p{Lu}{2}/u;
const MAX_WORD = 24;

export function isReadableWord(token: string): boolean {
  const word = WORD.exec(token)?.[1];
  if (!word || word.length > MAX_WORD) return false;
  if (LATIN.test(word) && !VOWEL.test(word)) return false;
  return !ODD_CASE.test(word);
}

export interface WordCount {
  /** Tokens with a letter or digit. */
  tokens: number;
  /** Readable words (isReadableWord). */
  words: number;
}

export function countWords(text: string): WordCount {
  let tokens = 0;
  let words = 0;
  for (const [token] of text.matchAll(TOKEN)) {
    if (!ALNUM.test(token)) continue;
    tokens++;
    if (isReadableWord(token)) words++;
  }
  return { tokens, words };
}

/** Readable words are at least a quarter of the tokens: text, not garbage (see above). */
const mostlyWords = ({ tokens, words }: WordCount) => words * 4 >= tokens;

export function usableText(text: string): boolean {
  const count = countWords(text);
  return count.words >= MIN_WORDS && mostlyWords(count);
}

/** Whether a page with this text layer and drawing is read by OCR (see the criterion above). */
export function needsOcr(text: string, drawing: PageDrawing): boolean {
  const count = countWords(text);
  if (count.words >= MIN_WORDS && mostlyWords(count)) return false;
  if (drawing.imageCover >= MIN_IMAGE_COVER && (count.words < FEW_WORDS || !mostlyWords(count))) return true;
  return drawing.glyphs >= MIN_GLYPHS && drawing.glyphs > 4 * GLYPHS_PER_WORD * count.words;
}

/**
 * Whether OCR's reading of a page is better than its text layer: more readable words, and mostly words
 * (tesseract reads a photo or a gradient as stray marks, which are not worth keeping).
 */
export function betterText(ocr: string, layer: string): boolean {
  const read = countWords(ocr);
  return read.words > countWords(layer).words && mostlyWords(read);
}

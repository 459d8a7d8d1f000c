/**
 * Sentences of OCR'd pages (document_pages.ocr) that OCR may have misread: the built-in generator never
 * asks about them, nor takes their words as options. OCR's misreadings have a shape ("l0ve", "|",
 * "hELlo", a stray "l" or "»", words without vowels), and on such pages a sentence with any of it is dropped:
 * losing a good sentence costs a question, keeping a garbled one costs a student's trust.
 */
import type { PageText } from "../types.ts";
import type { Sentence } from "./sentences.ts";

/** Characters prose is made of; anything else on an OCR'd page is a misread mark. */
const ODD_CHAR = /[^\p{L}\p{N}\s.,;:!?'"’‘“”()[\]\-–—%/&+=]/u;
/** A word of letters (maybe with an inner apostrophe or hyphen), around it only punctuation. */
const WORD = /^\p{L}+(?:['’-]\p{L}+)*$/u;
/** A lowercase letter against a digit: "l0ve", "1ike" (not "CO2", "H2O", "MP3", "5th"). */
const LETTER_DIGIT = /\p{Ll}\d\p{Ll}|\d\p{Ll}\p{L}*\d|^(?:[a-z]\d|\d[a-z]{1,2}(?<!st|nd|rd|th))$/u;
/** Case changing inside a word: "hEllo", "tHe" (not "iPhone", "McDonald", "HTML"). */
const ODD_CASE = /\p{Ll}\p{Lu}\p{Ll}*\p{Lu}|^\p{Ll}+\p{Lu}{2}|^\p{Lu}\p{Ll}+\p{Lu}\p{Ll}*\p{Lu}/u;
const LATIN = /\p{Script=Latin}/u;
const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ]/iu;
/** A lowercase letter alone other than "a" is a broken word ("l", "ener gy"); a capital may be a name ("R", "C"). */
const STRAY_LETTER = /^[b-z]$/u;
/** Share of a sentence's words that must read as words. */
const MIN_WORD_SHARE = 0.9;

export function looksGarbled(sentence: Pick<Sentence, "text" | "tokens">): boolean {
  if (ODD_CHAR.test(sentence.text)) return true;
  let words = 0;
  let readable = 0;
  for (const { text } of sentence.tokens) {
    if (!/\p{L}/u.test(text)) continue;
    words++;
    if (LETTER_DIGIT.test(text) || ODD_CASE.test(text)) return true;
    if (STRAY_LETTER.test(text)) return true;
    if (WORD.test(text) && (!LATIN.test(text) || VOWEL.test(text) || text.length === 1)) readable++;
  }
  return words === 0 || readable < MIN_WORD_SHARE * words;
}

/** A page's sentences without those OCR may have misread, when OCR read the page. */
export const trustedSentences = (page: Pick<PageText, "ocr"> | undefined, sentences: Sentence[]): Sentence[] =>
  page?.ocr ? sentences.filter((sentence) => !looksGarbled(sentence)) : sentences;

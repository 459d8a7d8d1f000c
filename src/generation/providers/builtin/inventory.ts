import type { PageText } from "../types.ts";
import { stem, STOPWORDS, VAGUE_MODIFIERS } from "./text.ts";

/**
 * What a term is, so that a distractor is of the same kind as the answer: a year gets years, a
 * function name gets function names, a multi-word technical term gets multi-word terms.
 * People, places and products are all "proper" here; they are told apart lazily (see pos.ts).
 */
export type TermKind = "year" | "number" | "code" | "proper" | "term" | "noun";

export interface Term {
  /** The spelling the document uses most. */
  text: string;
  kind: TermKind;
  count: number;
  /** Pages it occurs on, and the first and last of them: how widely and where it is used. */
  pageCount: number;
  firstPage: number;
  lastPage: number;
}

export interface Inventory {
  pageCount: number;
  /** Terms of each kind by lower-case spelling. */
  terms: Record<TermKind, Map<string, Term>>;
  /** Occurrences of a lower-case word as a capitalised word in mid-sentence. */
  capitalized: Map<string, number>;
  /**
   * Lower-case words the document writes as a whole noun phrase after an article ("the list of",
   * "a plot."): evidence that an ambiguous word is a noun.
   */
  nounHeads: Set<string>;
  /** How often the document writes a lower-case word right after an article: things, not actions. */
  afterArticle: Map<string, number>;
  /**
   * Two-word runs that are mostly part of one three-word term ("value decomposition" of "singular
   * value decomposition"): pieces, not terms.
   */
  fragments: Set<string>;
}

/**
 * Tokens as the inventory sees them: backslash commands, identifiers with dots, underscores or a
 * call "()", words with inner apostrophes or hyphens, and numbers.
 */
const TOKEN =
  /\\[A-Za-z]+|[\p{L}_][\p{L}\p{N}_]*(?:[.'’-][\p{L}\p{N}_]+)*(?:\(\))?|\p{N}+(?:[.,]\p{N}+)*%?/gu;
const ARTICLES = new Set(["a", "an", "the"]);
const YEAR = /^(?:1[5-9]|20)\d\d$/;

export function isCodeToken(token: string): boolean {
  if (token.startsWith("\\") || token.endsWith("()") || token.includes("_")) return true;
  // data.frame, help.start: dotted names whose parts are real words (not "e.g", "U.S").
  if (token.includes(".")) return token.split(".").every((part) => part.length >= 2 && /^[a-z]/.test(part));
  return /^\p{Ll}+\p{Lu}/u.test(token);
}

function classifyToken(token: string, lower: string): "code" | "year" | "number" | "capital" | "word" {
  const first = token.charCodeAt(0);
  if (first >= 48 && first <= 57) return YEAR.test(token) ? "year" : "number";
  // Cheap tests first: this runs for every word of the book.
  if (first === 92 || token.includes("_") || token.includes(".") || token.endsWith(")")) return isCodeToken(token) ? "code" : "word";
  if (token === lower) return "word";
  if (lower.charAt(0) === token.charAt(0)) return isCodeToken(token) ? "code" : "word";
  return /^\p{N}/u.test(token) ? "number" : "capital";
}

function bump(map: Map<string, Term>, kind: TermKind, key: string, surface: string, page: number): void {
  const term = map.get(key);
  if (!term) {
    map.set(key, { text: surface, kind, count: 1, pageCount: 1, firstPage: page, lastPage: page });
    return;
  }
  term.count++;
  if (term.lastPage !== page) {
    term.pageCount++;
    term.lastPage = page;
  }
}

/** What lies between two tokens, as flags: read character by character, it is the hot loop. */
const GAP_SEPARATES = 1; // punctuation or a paragraph break: the tokens are not one term
const GAP_ENDS_SENTENCE = 2;
const GAP_CLAUSE = 4; // , ; : . ) — a noun phrase ended
const GAP_SPACE = 8; // nothing but white space

function gapFlags(text: string, from: number, to: number): number {
  let flags = GAP_SPACE;
  let newlines = 0;
  let lastMark = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) newlines++;
    if (c === 32 || c === 10 || c === 13 || c === 9 || c === 12) continue;
    if (c === 45 || c === 0x2013) {
      flags &= ~GAP_SPACE;
      continue;
    }
    flags = (flags & ~GAP_SPACE) | GAP_SEPARATES;
    if (c === 44 || c === 59 || c === 58 || c === 46 || c === 41) flags |= GAP_CLAUSE;
    // Quotes and brackets after a full stop still end the sentence.
    if (c === 46 || c === 33 || c === 63 || c === 58) lastMark = 1;
    else if (c !== 0x201d && c !== 0x2019 && c !== 34 && c !== 41) lastMark = 0;
  }
  if (lastMark) flags |= GAP_ENDS_SENTENCE;
  if (newlines >= 2) flags |= GAP_SEPARATES | GAP_ENDS_SENTENCE;
  return flags;
}

/**
 * One pass over the whole document: counts lower-case nouns and their two- and three-word runs
 * (technical terms), capitalised runs (names), numbers, years and code identifiers. Cheap enough
 * for a 1,000-page book; part-of-speech checks happen later and only for the few terms used.
 */
export function buildInventory(pages: readonly PageText[]): Inventory {
  const terms: Record<TermKind, Map<string, Term>> = {
    year: new Map(),
    number: new Map(),
    code: new Map(),
    proper: new Map(),
    term: new Map(),
    noun: new Map(),
  };
  const capitalized = new Map<string, number>();
  const nounHeads = new Set<string>();
  const afterArticle = new Map<string, number>();

  for (const { page, text } of pages) {
    let run: string[] = [];
    let names: string[] = [];
    const flushRun = () => {
      for (let i = 0; i + 1 < run.length; i++) {
        const two = `${run[i]} ${run[i + 1]}`;
        bump(terms.term, "term", two, two, page);
        if (i + 2 < run.length) {
          const three = `${two} ${run[i + 2]}`;
          bump(terms.term, "term", three, three, page);
        }
      }
      run = [];
    };
    const flushNames = () => {
      if (names.length > 1) {
        const name = names.join(" ");
        bump(terms.proper, "proper", name.toLowerCase(), name, page);
      }
      names = [];
    };

    let previousEnd = 0;
    // The two tokens before this one, to spot "article, word, then a break or a function word".
    let previousLower = "";
    let beforePrevious = "";
    for (const match of text.matchAll(TOKEN)) {
      const raw = match[0];
      // Possessives count as the name itself: "LilyPond’s" is "LilyPond".
      const token = raw.length > 2 && raw.endsWith("s") && /['’]/.test(raw.charAt(raw.length - 2)) ? raw.slice(0, -2) : raw;
      const gap = gapFlags(text, previousEnd, match.index);
      const sentenceStart = previousEnd === 0 || (gap & GAP_ENDS_SENTENCE) !== 0;
      previousEnd = match.index + raw.length;
      if (gap & GAP_SEPARATES) {
        flushRun();
        flushNames();
      }

      const lower = token.toLowerCase();
      const tokenKind = classifyToken(token, lower);
      const isStopword = STOPWORDS.has(lower);
      if (ARTICLES.has(beforePrevious) && (isStopword || gap & GAP_CLAUSE)) nounHeads.add(previousLower);
      if (gap & GAP_SPACE && ARTICLES.has(previousLower)) afterArticle.set(lower, (afterArticle.get(lower) ?? 0) + 1);
      beforePrevious = gap & GAP_SPACE ? previousLower : "";
      previousLower = lower;
      if (tokenKind === "word" && !isStopword && token.length > 2 && !token.includes("'")) {
        bump(terms.noun, "noun", lower, token, page);
        run.push(token);
        flushNames();
        continue;
      }
      flushRun();
      if (tokenKind === "capital" && !isStopword) {
        if (!sentenceStart) {
          capitalized.set(lower, (capitalized.get(lower) ?? 0) + 1);
          bump(terms.proper, "proper", lower, token, page);
        }
        // A name may start a sentence ("Johann Sebastian Bach wrote…"); a lone capital word there proves nothing.
        names.push(token);
        continue;
      }
      flushNames();
      if (tokenKind === "code" || tokenKind === "year" || tokenKind === "number") bump(terms[tokenKind], tokenKind, lower, token, page);
    }
    flushRun();
    flushNames();
  }
  return { pageCount: pages.length, terms, capitalized, nounHeads, afterArticle, fragments: fragmentsOf(terms.term) };
}

function fragmentsOf(runs: Map<string, Term>): Set<string> {
  const fragments = new Set<string>();
  for (const [key, term] of runs) {
    const words = key.split(" ");
    if (words.length !== 3 || term.count < 2) continue;
    for (const part of [`${words[0]} ${words[1]}`, `${words[1]} ${words[2]}`]) {
      const whole = runs.get(part);
      if (whole && term.count >= whole.count * 0.6) fragments.add(part);
    }
  }
  return fragments;
}

/**
 * Share of a noun's uses (singular and plural together) that follow an article: high for things
 * ("a list", "the function"), low for words mostly used as verbs ("returns a value").
 */
export function articleShare(inventory: Inventory, word: string): number {
  const forms = new Set([word.toLowerCase(), stem(word)]);
  let after = 0;
  let total = 0;
  for (const form of forms) {
    after += inventory.afterArticle.get(form) ?? 0;
    total += inventory.terms.noun.get(form)?.count ?? 0;
  }
  // Plurals rarely follow "a": count "the vectors" with the singular's "a vector".
  for (const plural of [`${stem(word)}s`, `${stem(word)}es`]) total += forms.has(plural) ? 0 : (inventory.terms.noun.get(plural)?.count ?? 0);
  return total ? after / total : 0;
}

/** A recurring run of words that names something: not a fragment, not led by a vague adjective. */
export function isTermLike(inventory: Inventory, phrase: string): boolean {
  const key = phrase.toLowerCase();
  return !inventory.fragments.has(key) && !VAGUE_MODIFIERS.has(key.split(" ")[0] ?? "");
}

/**
 * A single capitalised word is a name when the document mostly writes it capitalised even in
 * mid-sentence ("LilyPond", "Bach"), not when it is an ordinary word that started a sentence.
 */
export function isNameLike(inventory: Inventory, word: string): boolean {
  const key = word.toLowerCase();
  const capital = inventory.capitalized.get(key) ?? 0;
  return capital > 0 && capital >= (inventory.terms.noun.get(key)?.count ?? 0);
}

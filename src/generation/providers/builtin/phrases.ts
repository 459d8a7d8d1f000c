import { isEnglishWord } from "./english.ts";
import type { Token } from "./nlp.ts";
import { GENERAL_VOCABULARY, GENERIC_NOUNS, stem, STOPWORDS, VAGUE_MODIFIERS } from "./text.ts";

/**
 * A noun phrase built from part-of-speech patterns: an optional article, then adjectives, nouns or
 * names, ending in a noun or a name ("a discrete classification", "data frames", "the R language").
 */
export interface Phrase {
  /** Token positions in the sentence: [first, end). `termFirst` skips the article and vague adjectives. */
  first: number;
  termFirst: number;
  end: number;
  /** Characters in the sentence of the whole phrase (with its article) and of the term alone. */
  start: number;
  termStart: number;
  stop: number;
  /** The term as printed, without article: "discrete classification". */
  text: string;
  /** Identity of the term: lower-case modifiers and the head's lemma ("data frame"). */
  key: string;
  plural: boolean;
  proper: boolean;
  words: number;
}

const ARTICLES = new Set(["a", "an", "the"]);
const INNER = new Set(["ADJ", "NOUN", "PROPN"]);
const HEAD = new Set(["NOUN", "PROPN"]);
/** Words wink may tag as nouns that never make a term on their own. */
/** Words never in a term, including conjunctions the tagger takes for nouns ("error whilst reading"). */
const NOT_TERMS = new Set([...STOPWORDS, "e.g.", "i.e.", "etc", "etc.", "whilst", "whereas", "thereby", "hence", "amongst", "unless", "until"]);

function isWordToken(token: Token): boolean {
  // A name from code is one token, a name of the thing ("the rotate() method", "cg_merge").
  return token.code === true || /^[\p{L}][\p{L}\p{N}'’-]*$/u.test(token.text);
}

/** The head is plural when its lemma differs from it by an ending ("vectors", "matrices"). */
function isPlural(head: Token): boolean {
  if (head.pos !== "NOUN" || !/s$/.test(head.lower) || /ss$/.test(head.lower)) return false;
  // "iterators", "tuples": a word the tagger does not know keeps its ending as its lemma; read the
  // ending ("analysis", "status", "physics", "series" are singular), or options come in the wrong number.
  return head.lower !== head.lemma || (head.lower.length >= 5 && !/(?:us|is|ics|news|series|species)$/.test(head.lower));
}

/**
 * "comma-separated list", "run-time library": the tagger splits a hyphenated word; a hyphen with no
 * space on either side, between words of the phrase, keeps them one term ("separated list" was offered
 * as an option, and "comma" as a term).
 */
function innerHyphen(tokens: readonly Token[], i: number, bodyStart: number): boolean {
  const [before, hyphen, after] = [tokens[i - 1], tokens[i] as Token, tokens[i + 1]];
  return hyphen.text === "-" && i > bodyStart && before !== undefined && after !== undefined && before.end === hyphen.start && after.start === hyphen.end && INNER.has(after.pos) && isWordToken(after);
}

/** Words that label a name by its kind: "the variable ibase", "the function sqrt", "the option -x". */
const KIND_LABELS = new Set(["variable", "variables", "function", "functions", "option", "options", "command", "commands", "keyword", "keywords", "macro", "macros", "parameter", "parameters", "constant", "constants", "flag", "flags",
  // "the program grep" (GNU time's manual, round 45: "program grep" was offered beside "command line").
  "program", "programs", "utility", "utilities", "tool", "tools", "module", "modules", "package", "packages", "method", "methods", "property", "properties", "attribute", "attributes"]);

/** A name in lower case that is no English word: "ibase", "obase" (not "body" or "scale"). */
const isBareName = (token: Token) => /^\p{Ll}[\p{Ll}\d_]{2,}$/u.test(token.text) && !isEnglishWord(token.text);

export function nounPhrases(text: string, tokens: readonly Token[]): Phrase[] {
  const out: Phrase[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = i;
    if (ARTICLES.has((tokens[i] as Token).lower)) i++;
    const bodyStart = i;
    while (i < tokens.length && ((INNER.has((tokens[i] as Token).pos) && isWordToken(tokens[i] as Token)) || innerHyphen(tokens, i, bodyStart))) i++;
    // Back off to the last noun: "discrete classification" of "discrete classification useful".
    let end = i;
    while (end > bodyStart && !HEAD.has((tokens[end - 1] as Token).pos)) end--;
    if (end === bodyStart) {
      i = Math.max(i, first + 1);
      continue;
    }
    let termFirst = bodyStart;
    while (termFirst < end - 1 && VAGUE_MODIFIERS.has((tokens[termFirst] as Token).lower)) termFirst++;
    // "the variable ibase", "the special variables ibase, obase …" (bc's manual, round 43): a kind's word before a
    // name is the name's label, and the term is the name (raters keyed "ibase", not "variable ibase").
    if (termFirst === end - 2 && KIND_LABELS.has((tokens[termFirst] as Token).lower) && isBareName(tokens[end - 1] as Token)) termFirst++;
    // A capitalised word opening the sentence is tagged a name ("Factors are …"); it is one only when
    // it is not an ordinary capitalised word (all capitals and inner capitals stay names: "ODBC", "LilyPond").
    const termTokens = tokens.slice(termFirst, end).map((t) =>
      t.start === 0 && t.pos === "PROPN" && /^\p{Lu}\p{Ll}+$/u.test(t.text) ? { ...t, pos: "NOUN", lemma: stem(t.lower) } : t,
    );
    const head = termTokens.at(-1) as Token;
    if (!termTokens.some((t) => NOT_TERMS.has(t.lower))) {
      const start = (tokens[first] as Token).start;
      const termStart = (tokens[termFirst] as Token).start;
      const stop = head.end;
      const modifiers = termTokens.slice(0, -1).map((t) => (t.pos === "PROPN" ? t.text : t.lower));
      const words = termTokens.filter((t) => t.text !== "-").length;
      out.push({
        first,
        termFirst,
        end,
        start,
        termStart,
        stop,
        text: text.slice(termStart, stop),
        key: [...modifiers, head.pos === "PROPN" ? head.text : head.lemma].join(" ").replaceAll(" - ", "-"),
        plural: isPlural(head),
        proper: termTokens.every((t) => t.pos === "PROPN"),
        words,
      });
    }
    i = Math.max(end, first + 1);
  }
  return out;
}

const PEOPLE = new Set("mathematician author writer reader user people person scientist engineer programmer developer beginner expert novice student's".split(" "));

/** A phrase worth asking about: not a vague noun ("example", "way"), not a pronoun-like word. */
export function isTermWorthy(phrase: Phrase): boolean {
  const head = phrase.key.split(" ").at(-1) ?? "";
  if (phrase.words === 1 && (GENERIC_NOUNS.has(head.toLowerCase()) || head.length < 3)) return false;
  // "command", "technique", "course": general vocabulary is what a sentence says things with, not what it teaches.
  if (phrase.words === 1 && !phrase.proper && (GENERAL_VOCABULARY.has(head.toLowerCase()) || GENERAL_VOCABULARY.has(phrase.text.toLowerCase()))) return false;
  // "applied mathematician", "the professional user": people who read or write the subject, not its terms.
  if (PEOPLE.has(head.toLowerCase())) return false;
  // "classs": a typo is no term to learn.
  return !/\d/.test(phrase.text) && !/(\p{L})\1\1/u.test(phrase.text) && phrase.text.length <= 40;
}

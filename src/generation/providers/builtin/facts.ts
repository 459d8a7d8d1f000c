import type { Token } from "./nlp.ts";
import { isTermWorthy, nounPhrases, type Phrase } from "./phrases.ts";
import type { Sentence } from "./sentences.ts";

/**
 * What a sentence states, read from its parts of speech:
 * - definition: "X is a/an/the Y …" (the best material: "What is X?");
 * - relation: "X consists of …", "X is used to …", "X refers to …", "X means …", "X allows …";
 * - naming: "… are called X";
 * - statement: any other complete sentence (a cloze or a true statement).
 */
export type FactKind = "definition" | "relation" | "naming" | "statement";

export interface Fact {
  sentence: Sentence;
  kind: FactKind;
  /** The sentence's noun phrases (cloze answers and distractor vocabulary). */
  phrases: Phrase[];
  /** The term the sentence is about: the subject, or the named term of "… is called X". */
  subject?: Phrase;
  /**
   * What is said of the subject, as printed, from the verb to the end without the full stop:
   * "is a vector object used to …", "consists of …". For "naming", the description before "called".
   */
  predicate?: string;
  /** Definitions: the defining phrase after the copula ("a vector object used to …"), cut to a readable length. */
  complement?: string;
  /** Head lemma of the complement's first noun phrase ("object" in "a vector object"): the genus. */
  genus?: string;
}

const COPULA = new Set(["is", "are"]);
const RELATION_VERBS = new Set([
  "consist", "refer", "mean", "denote", "represent", "allow", "let", "provide", "contain", "store", "describe",
  "specify", "define", "hold", "enable", "support", "determine", "control", "produce", "create", "generate",
  "compute", "return", "indicate", "include", "require",
]);
const NAMING = new Set(["called", "named", "termed", "known"]);
/** A definition's phrase is cut at a clause boundary after this many words, and refused beyond the limit. */
const COMPLEMENT_SOFT_WORDS = 14;
const COMPLEMENT_MAX_WORDS = 20;

function withoutStop(text: string): string {
  return text.replace(/\s*[.!]["”’]?$/, "");
}

/** The defining phrase, cut at a comma, "which" or "and" when long; undefined when it stays too long. */
function complementOf(sentence: Sentence, from: number): string | undefined {
  const all = sentence.tokens.slice(from);
  // A colon or semicolon ends the definition: what follows is a comment on it.
  const stop = all.findIndex((t) => t.text === ":" || t.text === ";");
  const tokens = stop > 0 ? all.slice(0, stop) : all;
  let cut = tokens.length;
  if (tokens.length > COMPLEMENT_SOFT_WORDS) {
    const boundary = tokens.findIndex((t, i) => i >= 4 && (t.text === "," || t.text === ";" || t.text === "(" || t.lower === "which" || t.lower === "and" || t.lower === "but" || t.lower === "of"));
    if (boundary > 0) cut = boundary;
  }
  const kept = tokens.slice(0, cut).filter((t) => t.pos !== "PUNCT" || t.text !== ".");
  if (kept.length < 2 || kept.length > COMPLEMENT_MAX_WORDS) return undefined;
  const last = kept.at(-1) as Token;
  // Ending on a function word means the cut left half a phrase.
  if (["ADP", "DET", "CCONJ", "SCONJ", "PART", "AUX", "PRON"].includes(last.pos)) return undefined;
  return withoutStop(sentence.text.slice((kept[0] as Token).start, last.end));
}

/**
 * "A set is an unordered collection …", "A method is a function that …": a word of everyday or general
 * vocabulary is a term where the document defines it in this form (a Python tutorial's sets, keys and
 * methods), though alone it is too vague to ask about anywhere else.
 */
function definesWord(tokens: readonly Token[], subject: Phrase): boolean {
  return subject.words === 1 && subject.text.length >= 3 && !subject.proper && /^an?$/i.test(tokens[0]?.text ?? "") && COPULA.has(tokens[subject.end]?.lower ?? "") && /^an?$/.test(tokens[subject.end + 1]?.lower ?? "");
}

export function factOf(sentence: Sentence): Fact {
  const phrases = nounPhrases(sentence.text, sentence.tokens).filter(isTermWorthy);
  const all = nounPhrases(sentence.text, sentence.tokens);
  const { tokens } = sentence;
  const base: Fact = { sentence, kind: "statement", phrases };
  const subject = all[0];
  // "… are called factors": the named term ends the sentence.
  const naming = tokens.findIndex((t, i) => NAMING.has(t.lower) && COPULA.has(tokens[i - 1]?.lower ?? ""));
  if (naming > 1) {
    const after = naming + (tokens[naming]?.lower === "known" ? 2 : 1);
    const named = all.find((p) => p.first === after && p.end >= tokens.length - 2 && isTermWorthy(p));
    const description = withoutStop(sentence.text.slice(0, tokens[naming - 1]?.start ?? 0).trim());
    if (named && description.split(" ").length >= 2) return { ...base, kind: "naming", subject: named, predicate: description };
  }
  // "Many experiments …", "Other types …": a quantified subject is not a term the sentence defines.
  if (!subject || subject.first !== 0 || !(isTermWorthy(subject) || definesWord(tokens, subject)) || subject.termFirst > subject.first + (["a", "an", "the"].includes(tokens[0]?.lower ?? "") ? 1 : 0)) return base;
  const verb = tokens[subject.end];
  const next = tokens[subject.end + 1];
  if (!verb || !next) return base;
  // The predicate ends where the sentence's first clause does: at a colon, a semicolon or ", but …"
  // (not at ", and", which as often ends a list as it starts a clause).
  const predicate = withoutStop(sentence.text.slice(verb.start).split(/\s*[:;]\s|,\s+(?:but|so|while|whereas|and in any case)\s/)[0] ?? "");
  // "… is used to", "… is called on", "SyntaxError is raised when …" (a library's entry, api-entries.ts).
  if (COPULA.has(verb.lower) && ["used", "called", "raised"].includes(next.lower)) return { ...base, kind: "relation", subject, predicate };
  // "colorsys.rgb_to_yiq() converts the color …": what a function does, its description named for it (sentences.ts).
  if (sentence.described?.name === subject.text && verb.pos === "VERB") return { ...base, kind: "relation", subject, predicate };
  // "X is a/an/the Y …", and without an article for plurals and mass nouns ("Arrays are multiply
  // subscripted collections …", "Lava is magma that …"): the complement opens with a noun phrase.
  const genusAt = all.find((p) => p.first === subject.end + 1);
  const opensWithPhrase = genusAt !== undefined && (["a", "an", "the"].includes(next.lower) || (genusAt.termFirst === genusAt.first && !genusAt.proper && (subject.plural ? genusAt.plural : !genusAt.plural)));
  if (COPULA.has(verb.lower) && opensWithPhrase) {
    const complement = complementOf(sentence, subject.end + 1);
    if (complement) {
      return { ...base, kind: "definition", subject, predicate, complement, genus: genusAt?.key.split(" ").at(-1) };
    }
    return { ...base, kind: "relation", subject, predicate };
  }
  if (verb.pos === "VERB" && RELATION_VERBS.has(verb.lemma) && !verb.lower.endsWith("ing") && !verb.lower.endsWith("ed")) {
    return { ...base, kind: "relation", subject, predicate };
  }
  if (verb.pos === "AUX" && COPULA.has(verb.lower)) return { ...base, kind: "statement", subject, predicate };
  if (verb.pos === "VERB" && !verb.lower.endsWith("ing")) return { ...base, kind: "statement", subject, predicate };
  return base;
}

import { isCodeToken, isNameLike, isTermLike, occurrences, type Inventory, type TermKind } from "./inventory.ts";
import { tagTerms, type NameClass, type PhraseTagger } from "./pos.ts";
import { GENERIC_NOUNS, STOPWORDS, stem, termKey, wordsOf } from "./text.ts";

/** A term of a sentence that can be blanked out and asked for. */
export interface KeyTerm {
  /** Exactly as the sentence spells it. */
  text: string;
  start: number;
  end: number;
  kind: TermKind;
  /** For proper names: whom or what they name. */
  name?: NameClass;
  /** Occurrences in the whole document: how prominent the term is. */
  count: number;
  /** The sentence defines it ("A factor is …", "… is called a factor"). */
  definitional: boolean;
  score: number;
}

/** How much a kind of term is worth asking about, before prominence and definitions. */
const KIND_WEIGHT: Record<TermKind, number> = { term: 3, proper: 2.5, year: 2.5, code: 2, noun: 1.5, number: 0.5 };

const COPULA = /^(?:is|are|was|were)$/i;
const DEFINING_VERB = /^(?:means|refers|represents|denotes|consists|describes|defines|stands)$/i;
const NAMING_WORDS = /\b(?:called|named|termed|known as|referred to as)\s*$/i;
const NAME_TAGS = ["ProperNoun", "Person", "Place", "Organization"];

export interface KeyTermContext {
  inventory: Inventory;
  tagger: PhraseTagger;
  /** termKey of the requested topic. */
  topicKey: string;
}

interface Token {
  text: string;
  tags: string[];
  start: number;
  end: number;
}

function tokensOf(sentence: string): Token[] {
  return tagTerms(sentence)
    .map((term) => ({ text: term.text, tags: term.tags, start: term.offset.start, end: term.offset.start + term.offset.length }))
    .filter((token) => sentence.slice(token.start, token.end) === token.text && token.text.length > 0);
}

/** The answer is given away when the rest of the sentence contains it again. */
function leaks(sentence: string, start: number, end: number, answer: string): boolean {
  const rest = sentence.slice(0, start) + " " + sentence.slice(end);
  if (/^\p{N}/u.test(answer) || isCodeToken(answer)) return rest.includes(answer);
  const restStems = new Set(wordsOf(rest).map(stem));
  const answerStems = wordsOf(answer)
    .filter((word) => !STOPWORDS.has(word.toLowerCase()))
    .map(stem);
  return answerStems.length > 0 && answerStems.every((s) => restStems.has(s));
}

function nameClassOf(tokens: Token[]): NameClass {
  const tags = new Set(tokens.flatMap((token) => token.tags));
  return tags.has("Person") ? "person" : tags.has("Place") ? "place" : tags.has("Organization") ? "organization" : "other";
}

interface Span {
  start: number;
  end: number;
  kind: TermKind;
  name?: NameClass;
}

/** Numbers, years and code names, found by their spelling. */
function literalSpans(sentence: string): Span[] {
  const spans: Span[] = [];
  for (const m of sentence.matchAll(/(?<![\p{L}\p{N}.,])\p{N}+(?:[.,]\p{N}+)?%?(?![\p{L}\p{N}]|[.,]\p{N})/gu)) {
    const text = m[0];
    const kind = /^(?:1[5-9]|20)\d\d$/.test(text) ? "year" : "number";
    // Single digits are rarely the point of a sentence ("at most 1").
    if (kind === "number" && text.length < 2) continue;
    spans.push({ start: m.index, end: m.index + text.length, kind });
  }
  for (const m of sentence.matchAll(/\\[A-Za-z]+|[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*(?:\(\))?/g)) {
    if (isCodeToken(m[0])) spans.push({ start: m.index, end: m.index + m[0].length, kind: "code" });
  }
  return spans;
}

/** Capitalised words that are constants or labels, not names ("TRUE" would clash with True/False). */
const NOT_NAMES = new Set(["true", "false", "null", "na", "nan", "ok", "note", "yes", "no"]);

/** Runs of capitalised words that the tagger or the document treats as names. */
function nameSpans(sentence: string, tokens: Token[], inventory: Inventory): Span[] {
  const spans: Span[] = [];
  let run: Token[] = [];
  const flush = () => {
    const first = run[0];
    const last = run.at(-1);
    // A lone short capitalised word is more often a variable ("Lst") than a name; acronyms are fine.
    const lone = first === last && first !== undefined && first.text.length < 4 && !/^\p{Lu}+$/u.test(first.text);
    if (first && last && last.end - first.start >= 2 && !lone) {
      spans.push({ start: first.start, end: last.end, kind: "proper", name: nameClassOf(run) });
    }
    run = [];
  };
  tokens.forEach((token, index) => {
    const word = token.text.replace(/['’]s$/, "");
    // Nationalities ("European") are tagged as names but describe rather than name.
    const tagged = token.tags.some((tag) => NAME_TAGS.includes(tag)) && !token.tags.includes("Adjective");
    const isName =
      /^\p{Lu}/u.test(word) &&
      !STOPWORDS.has(word.toLowerCase()) &&
      !NOT_NAMES.has(word.toLowerCase()) &&
      !isCodeToken(word) &&
      // The first word of a sentence is capitalised anyway: only the tagger can call it a name there.
      (tagged || (index > 0 && isNameLike(inventory, word)));
    const previous = run.at(-1);
    // "John M. Chambers": an initial's full stop does not split the name.
    const gap = previous ? sentence.slice(previous.end, token.start) : "";
    const adjacent = !previous || gap === " " || gap === "-" || (/^\p{Lu}$/u.test(previous.text) && gap === ". ");
    if (!isName || !adjacent) flush();
    if (isName) run.push(token);
  });
  flush();
  return spans;
}

const isVerb = (token: Token) => token.tags.includes("Verb") && !token.tags.includes("Gerund");

/**
 * Lower-case noun phrases: every run of adjectives and nouns, and within it each stretch of up to
 * three words ending in a noun that the document uses as a term (two or more times). The first
 * word of the sentence counts in lower case ("Arrays may be …").
 */
function nounSpans(sentence: string, tokens: Token[], context: KeyTermContext): Span[] {
  const { inventory, tagger } = context;
  const spans: Span[] = [];
  const lowerOf = (token: Token, index: number) => (index === 0 ? token.text.toLowerCase() : token.text);
  const inRun = (token: Token, index: number) =>
    /^\p{Ll}[\p{Ll}-]*$/u.test(lowerOf(token, index)) &&
    !STOPWORDS.has(lowerOf(token, index)) &&
    !token.tags.includes("Pronoun") &&
    !token.tags.includes("Adverb");
  for (let end = 0; end < tokens.length; end++) {
    const last = tokens[end];
    const next = tokens[end + 1];
    if (!last || !inRun(last, end)) continue;
    // A phrase ends at its head noun: "the default exception handler" is not asking for "default exception".
    if (next && inRun(next, end + 1) && next.tags.includes("Noun")) continue;
    for (let n = 1; n <= 3 && end - n + 1 >= 0; n++) {
      const from = end - n + 1;
      const first = tokens[from];
      if (!first || !tokens.slice(from, end + 1).every((token, i) => inRun(token, from + i))) break;
      const text = sentence.slice(first.start, last.end);
      if (!/^[\p{L}-]+(?: [\p{L}-]+)*$/u.test(text)) break;
      const lower = from === 0 ? text.charAt(0).toLowerCase() + text.slice(1) : text;
      const known = n === 1 ? inventory.terms.noun.get(lower) : inventory.terms.term.get(lower);
      if (!known || known.count < 2) continue;
      if (n === 1 && (GENERIC_NOUNS.has(lower) || lower.length < 3)) continue;
      if (n > 1 && !isTermLike(inventory, lower)) continue;
      // The tagger in context is right more often than out of it. It only gets a second opinion on a
      // phrase the document uses as a term ("data frames", which it may read as a verb in context).
      if (tokens.slice(from, end).some(isVerb)) continue;
      if (isVerb(last) || !last.tags.includes("Noun")) {
        if (n === 1 || !tagger.isNounPhrase(lower)) continue;
      }
      spans.push({ start: first.start, end: last.end, kind: n === 1 ? "noun" : "term" });
    }
  }
  return spans;
}

/** "A factor is a …", "Arrays are the …", "X means …", or "… is called X". */
function isDefinitional(sentence: string, tokens: Token[], span: Span): boolean {
  const after = tokens.filter((token) => token.start >= span.end);
  const leading = tokens.filter((token) => token.end <= span.start);
  const subjectPosition = leading.every((token) => token.tags.includes("Determiner") || token.tags.includes("Adjective"));
  const [verb, next] = after;
  if (subjectPosition && verb && DEFINING_VERB.test(verb.text)) return true;
  if (subjectPosition && verb && next && COPULA.test(verb.text) && next.tags.includes("Determiner")) return true;
  return NAMING_WORDS.test(sentence.slice(0, span.start).replace(/\s*(?:an?|the)\s*$/i, " "));
}

/**
 * The sentence's candidate answers, best first. Empty when the sentence states nothing (no verb)
 * or has no term worth asking about.
 */
export function keyTermsOf(sentence: string, context: KeyTermContext): KeyTerm[] {
  const { inventory, topicKey } = context;
  const tokens = tokensOf(sentence);
  if (!tokens.some((token) => token.tags.includes("Verb"))) return [];
  const found = [...literalSpans(sentence), ...nameSpans(sentence, tokens, inventory), ...nounSpans(sentence, tokens, context)];
  // "A data _____ may …" asks for half a term: a word inside a longer term is not a key term of its own.
  const spans = found.filter(
    (span) => !found.some((outer) => outer !== span && outer.start <= span.start && outer.end >= span.end && outer.end - outer.start > span.end - span.start),
  );
  const seen = new Set<string>();
  const out: KeyTerm[] = [];
  for (const span of spans) {
    const text = sentence.slice(span.start, span.end);
    if (seen.has(`${span.start}:${span.end}`) || text.length > 40 || leaks(sentence, span.start, span.end, text)) continue;
    // Part of a longer word ("seven-measure", "x2"): blanking it would leave a fragment behind.
    if (/[\p{L}\p{N}-]/u.test(sentence.charAt(span.start - 1)) || /^(?:[\p{L}\p{N}]|-\p{L})/u.test(sentence.slice(span.end, span.end + 2))) continue;
    seen.add(`${span.start}:${span.end}`);
    const count = occurrences(inventory, text);
    const definitional = isDefinitional(sentence, tokens, span);
    const isTopic = termKey(text) === topicKey;
    const score =
      KIND_WEIGHT[span.kind] +
      (span.name === "person" ? 0.5 : 0) +
      Math.min(2, Math.log2(1 + count) / 2) +
      (definitional ? 3 : 0) -
      // Asking for the topic itself is only interesting when the sentence defines it.
      (isTopic && !definitional ? 2 : 0);
    out.push({ text, start: span.start, end: span.end, kind: span.kind, name: span.name, count, definitional, score });
  }
  return out.sort((a, b) => b.score - a.score || a.start - b.start);
}

import winkNLP, { type ItemEntity, type ItemSentence, type ItsFunction, type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";

/**
 * wink-nlp with its English model (sentences, tokens, universal part-of-speech tags, lemmas,
 * entities), offline and in-process. The model is instantiated on first use (~90 ms) and kept.
 */
let instance: WinkMethods | undefined;
function wink(): WinkMethods {
  instance ??= winkNLP(model, ["sbd", "pos", "ner"]);
  return instance;
}

/** One token with where it is in the text it was read from. */
export interface Token {
  text: string;
  lower: string;
  /** Universal POS tag: NOUN, PROPN, VERB, AUX, ADJ, DET, ADP, PRON, PUNCT, NUM, … */
  pos: string;
  lemma: string;
  start: number;
  end: number;
  /** A name from code the tagger had split ("rotate()", "cg_merge", "eventEmitter.once()"), joined again as one name. */
  code?: true;
}

/** An entity wink recognises by pattern (DATE, CARDINAL, ORDINAL, PERCENT, URL, EMAIL, …). */
export interface Entity {
  type: string;
  /** Token positions within the sentence, last inclusive. */
  first: number;
  last: number;
}

export interface Parsed {
  text: string;
  tokens: Token[];
  entities: Entity[];
  /** The tagger started it right after a letter or a full stop, with no space: inside a word ("new.myfuns.R will …"). */
  glued?: boolean;
}

/** How far past the previous token the next one is looked for (white space and a few skipped characters). */
const TOKEN_GAP = 1000;

/**
 * Characters handed to the tagger at once. Its reading grows with the square of a text's sentences: a page of
 * 20,000 characters of "ab.ab.ab." (7,000 sentences) took 0.9 s, and a request may read 30 such pages on the
 * server's main thread. Real paragraphs are far shorter; a longer one is read in pieces cut at a sentence's end.
 */
const MAX_PARSE_CHARS = 2_000;

/** Splits a text into sentences and tags them; offsets are relative to each sentence's text. */
export function parse(text: string): Parsed[] {
  if (text.length <= MAX_PARSE_CHARS) return parsePiece(text);
  const out: Parsed[] = [];
  for (let from = 0; from < text.length; ) {
    const to = pieceEnd(text, from);
    out.push(...parsePiece(text.slice(from, to)));
    from = to;
  }
  return out;
}

/** Where a piece from `from` ends: after the last sentence's end within the limit, else at a space, else at the limit. */
function pieceEnd(text: string, from: number): number {
  const limit = from + MAX_PARSE_CHARS;
  if (limit >= text.length) return text.length;
  const start = from + MAX_PARSE_CHARS / 2;
  const window = text.slice(start, limit);
  let sentenceEnd = -1;
  for (const found of window.matchAll(SENTENCE_END)) sentenceEnd = (found.index ?? 0) + found[0].length;
  if (sentenceEnd > 0) return start + sentenceEnd;
  const space = window.lastIndexOf(" ");
  return space >= 0 ? start + space + 1 : limit;
}

/** A sentence's end and the space after it, where a piece of a long paragraph may be cut. */
const SENTENCE_END = /[.!?]["”’)]?\s+/g;

function parsePiece(text: string): Parsed[] {
  const nlp = wink();
  const { its } = nlp;
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const lemmas = doc.tokens().out(its.lemma as unknown as ItsFunction<string>) as string[];
  const offsets: number[] = [];
  let cursor = 0;
  for (const value of values) {
    // Only a short window ahead is searched: a token wink spells differently from the text (an
    // expanded contraction) would otherwise send every lookup to the end of the text.
    const found = text.slice(cursor, cursor + value.length + TOKEN_GAP).indexOf(value);
    const at = found < 0 ? -1 : cursor + found;
    offsets.push(at < 0 ? cursor : at);
    cursor = at < 0 ? cursor : at + value.length;
  }
  const entityList: { type: string; span: [number, number] }[] = [];
  doc.entities().each((entity: ItemEntity) => {
    entityList.push({ type: entity.out(its.type) as string, span: entity.out(its.span) as unknown as [number, number] });
  });
  const out: Parsed[] = [];
  // Sentences and entities both come in text order: one walk through the entities serves all sentences.
  let nextEntity = 0;
  doc.sentences().each((sentence: ItemSentence) => {
    const [first, last] = sentence.out(its.span) as unknown as [number, number];
    const start = offsets[first] ?? 0;
    const end = (offsets[last] ?? 0) + (values[last]?.length ?? 0);
    const tokens: Token[] = [];
    for (let i = first; i <= last; i++) {
      const value = values[i] ?? "";
      const at = (offsets[i] ?? 0) - start;
      tokens.push({ text: value, lower: value.toLowerCase(), pos: pos[i] ?? "X", lemma: lemmas[i] ?? value.toLowerCase(), start: at, end: at + value.length });
    }
    retagHyphenated(tokens);
    retagNamedVerbs(tokens);
    retagCompoundHeads(tokens);
    const entities: Entity[] = [];
    while (nextEntity < entityList.length && (entityList[nextEntity]?.span[0] ?? 0) < first) nextEntity++;
    for (; nextEntity < entityList.length && (entityList[nextEntity]?.span[0] ?? 0) <= last; nextEntity++) {
      const { type, span } = entityList[nextEntity] as (typeof entityList)[number];
      if (span[1] <= last) entities.push({ type, first: span[0] - first, last: span[1] - first });
    }
    out.push({ text: text.slice(start, end), tokens, entities, ...(start > 0 && !/\s/.test(text.charAt(start - 1)) && { glued: true }) });
  });
  return out;
}

/**
 * A name from code as printed: words joined by dots or underscores, maybe ending in "()" ("rotate()",
 * "cg_merge", "eventEmitter.once()", "events.defaultMaxListeners"). A dotted name's parts are two letters or
 * more, so "e.g" and "U.S" are not names.
 */
const CODE_NAME = /^(?:[A-Za-z_]\w*(?:\.[A-Za-z_]\w+)*\(\)|[A-Za-z_]\w*_\w+|[A-Za-z]\w+(?:\.[A-Za-z_]\w+)+|\p{Ll}+\p{Lu}\w*)$/u;
/** Tokens one name from code can be split into ("eventEmitter", ".", "once", "(", ")"). */
const MAX_NAME_TOKENS = 9;

/**
 * The tagger splits names from code at dots, underscores and brackets and tags the pieces as words ("The
 * rotate() method": "rotate" a verb, so the sentence had no subject; "cg_merge is a simple program …": "cg",
 * "_", "merge"). Runs of tokens with no space between them that spell such a name become one name (PROPN),
 * the longest run first. Applied to whole sentences, after the pieces a name's dots cut them into are joined
 * ("… the eventEmitter." + "once() method …").
 */
export function withCodeNames<T extends Parsed>(sentence: T): T {
  const { tokens: tagged, text } = sentence;
  const tokens: Token[] = [];
  const position: number[] = [];
  for (let i = 0; i < tagged.length; ) {
    // The run of glued tokens from i (bounded: a name is a few pieces), then its longest prefix that is a name.
    let stop = i + 1;
    while (stop < tagged.length && stop - i < MAX_NAME_TOKENS && (tagged[stop] as Token).start === (tagged[stop - 1] as Token).end) stop++;
    let joined = i + 1;
    for (let k = stop; k > i + 1; k--) {
      if (CODE_NAME.test(text.slice((tagged[i] as Token).start, (tagged[k - 1] as Token).end))) {
        joined = k;
        break;
      }
    }
    const head = tagged[i] as Token;
    if (joined > i + 1) {
      const name = text.slice(head.start, (tagged[joined - 1] as Token).end);
      tokens.push({ text: name, lower: name.toLowerCase(), pos: "PROPN", lemma: name, start: head.start, end: head.start + name.length, code: true });
    } else tokens.push(head);
    for (let k = i; k < joined; k++) position.push(tokens.length - 1);
    i = joined;
  }
  if (tokens.length === tagged.length) return sentence;
  retagNamedVerbs(tokens);
  const entities = sentence.entities.map((e) => ({ ...e, first: position[e.first] ?? 0, last: position[e.last] ?? 0 }));
  return { ...sentence, tokens, entities };
}

/**
 * "The root-set consists of …", "a pointer-sized data word": the tagger splits a hyphenated word and reads
 * its last part alone, as a verb ("set", "sized"), so the sentence had no subject and was refused (round 31,
 * Valgrind's manual, where such compounds name most of its terms). A noun or adjective joined by a hyphen,
 * with no space, to a verb form makes a noun ("root-set", "copy-on-write") or, ending as a participle, an
 * adjective ("pointer-sized"). (The tagger keeps a prefixed word whole: "re-run", "pre-computed".)
 */
function retagHyphenated(tokens: Token[]): void {
  for (let i = 2; i < tokens.length; i++) {
    const [before, hyphen, last] = [tokens[i - 2] as Token, tokens[i - 1] as Token, tokens[i] as Token];
    if (hyphen.text !== "-" || before.end !== hyphen.start || last.start !== hyphen.end) continue;
    if (!/^\p{L}+$/u.test(before.text) || !/^\p{L}+$/u.test(last.text)) continue;
    // "floating-point numbers", "run-time library": a verb form before a noun modifies it ("point numbers" and
    // "point arithmetic" were offered as options, round 32).
    if (before.pos === "VERB" && last.pos === "NOUN") before.pos = "ADJ";
    else if (last.pos === "VERB" && ["NOUN", "PROPN", "ADJ", "ADV", "ADP"].includes(before.pos)) last.pos = /(?:ed|ing|en|wn)$/.test(last.lower) ? "ADJ" : "NOUN";
  }
}

/** Words after which a verb's base form is a verb ("can lock", "to lock", "not lock"). */
const BEFORE_BASE_VERB = new Set(["to", "can", "could", "will", "would", "shall", "should", "may", "might", "must", "not", "do", "does", "did"]);

/**
 * "… condition variable, reader-writer lock, semaphore or barrier": a verb's base form right after a singular noun
 * cannot be that noun's verb ("a writer locks"), so with a clause's end after it, it heads a compound noun (round 34:
 * a list of DRD's errors read as a sentence whose verb was "lock").
 */
function retagCompoundHeads(tokens: Token[]): void {
  for (let i = 1; i < tokens.length; i++) {
    const [noun, word, next] = [tokens[i - 1] as Token, tokens[i] as Token, tokens[i + 1]];
    if (word.pos !== "VERB" || word.lower !== word.lemma || noun.pos !== "NOUN" || noun.lower !== noun.lemma || /s$/.test(noun.lower)) continue;
    if (BEFORE_BASE_VERB.has(tokens[i - 2]?.lower ?? "")) continue;
    if (next === undefined || ["PUNCT", "CCONJ", "ADP", "AUX"].includes(next.pos)) word.pos = "NOUN";
  }
}

/** Words that can open a verb's object or clause, never follow a noun phrase's head. */
const OPENS_OBJECT = new Set(["that", "whether", "the", "a", "an", "its", "each", "every", "all", "no"]);

/**
 * "Memcheck checks that the buffer is addressable", "Helgrind reports the race": after a name the tagger takes
 * the verb for a plural noun ("Memcheck checks" was blanked as one term, round 31). A word ending in "s" between
 * a name and the opening of an object or a clause is the name's verb.
 */
function retagNamedVerbs(tokens: Token[]): void {
  for (let i = 1; i + 1 < tokens.length; i++) {
    const [name, word, next] = [tokens[i - 1] as Token, tokens[i] as Token, tokens[i + 1] as Token];
    if (name.pos === "PROPN" && word.pos === "NOUN" && /[^s]s$/.test(word.lower) && OPENS_OBJECT.has(next.lower)) word.pos = "VERB";
  }
}

/** The part-of-speech tags of a short phrase read on its own (topic suggestions). */
export function tagsOf(phrase: string): string[] {
  return parse(phrase).flatMap((sentence) => sentence.tokens.map((token) => token.pos));
}

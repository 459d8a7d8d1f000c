import { abbreviatesItself, isOrdinaryTerm, overlaps, type DistractorContext } from "./distractors.ts";
import { isEnglishWord } from "./english.ts";
import type { PageText } from "../types.ts";
import type { Fact } from "./facts.ts";
import type { Token } from "./nlp.ts";
import type { Phrase } from "./phrases.ts";
import { contentStems, stem, STOPWORDS, wordsOf } from "./text.ts";

/**
 * Which phrase of a sentence a blank may fall on: a key term the document uses, not the topic, not given away by
 * the rest of the sentence, not a word of a fixed or borrowed expression, not a verb the tagger took for a noun, not
 * wording ("a subsequent _____", "the dataclass mechanisms"). Each rule names the reject it came from.
 */

/**
 * The phrases of a sentence worth blanking, best first: terms the document uses more than once,
 * not the topic, not given away by the rest of the sentence or by an acronym beside them.
 */
export function blankable(fact: Fact, ctx: DistractorContext): Phrase[] {
  const { text } = fact.sentence;
  // "Only one _____ is allowed.": too little is left around the blank to point to one answer.
  if (contentStems(text).size < 6) return [];
  return fact.phrases
    .filter((phrase) => {
      if (overlaps(phrase.text, ctx.topicKey) || (ctx.vocabulary.get(phrase.key)?.count ?? 0) < ctx.minUses) return false;
      const { named, described } = fact.sentence;
      if (named && phrase.start < named.stop && phrase.stop > named.start) return false;
      // "base64.b64encode() encodes the bytes-like _____" (object s): a function's parameter is no part of a term (round 55).
      if (described && fact.sentence.tokens.slice(phrase.first, phrase.end).some((t) => described.parameters.includes(t.text))) return false;
      // A blank in a statement's subject ("_____ are always numbered", "Each _____ has a type") has
      // many defensible answers: statements are asked about what follows their verb.
      if (fact.kind === "statement" && phrase.first < verbIndex(fact)) return false;
      // "Because the shelve _____ is backed by pickle" (module), "depends on which _____ is available" (interface): the kind
      // of thing a name before it is, or any such thing (round 55). ("The kernel loads drivers as _____" asks for one.)
      const modifier = fact.sentence.tokens[phrase.termFirst - 1];
      if (phrase.words === 1 && /^(?:module|interface)s?$/i.test(phrase.text) && !ctx.defined.has(phrase.key) && (["NOUN", "PROPN", "VERB", "X"].includes(modifier?.pos ?? "") || /^which$/i.test(modifier?.text ?? ""))) return false;
      // A lone everyday word ("list", "file", "default") is not what the sentence teaches.
      const used = ctx.vocabulary.get(phrase.key)?.pages.size ?? 0;
      if (phrase.words === 1 && (EVERYDAY.has(phrase.key.toLowerCase()) || EVERYDAY.has(phrase.text.toLowerCase()) || isOrdinaryTerm(phrase, ctx) || used < ctx.minPages)) return false;
      // "ignored by the dataclass mechanisms", "allocates some of its temporary data structures" (round 34): a phrase
      // headed by a word for machinery in general names no idea of its own, and many phrases fill the blank.
      if (phrase.words > 1 && !ctx.defined.has(phrase.key) && VAGUE_HEADS.has(phrase.key.split(" ").at(-1)?.toLowerCase() ?? "")) return false;
      // "of course", "for example": a word of a fixed expression is no term.
      if (FIXED_EXPRESSION.test(text.slice(Math.max(0, phrase.start - 12), phrase.stop))) return false;
      if (inForeignPhrase(text, phrase)) return false;
      // (A hyphenated name is one word: "man-db" in the man-db manual, round 45.)
      if (!phrase.text.includes(" ") && isDocumentSubject(phrase.key, ctx)) return false;
      // Inside brackets the blank is an aside ("Members (_____ or nested classes)").
      const opened = text.slice(0, phrase.start).split("(").length - text.slice(0, phrase.start).split(")").length;
      // Inside quotes the blank is part of a title or a message, not a term.
      const before = text.slice(0, phrase.start);
      const quoted = (before.match(/“/g)?.length ?? 0) > (before.match(/”/g)?.length ?? 0) || (before.match(/"/g)?.length ?? 0) % 2 === 1;
      if (quoted) return false;
      // "… extend the range and _____ of module searching": one word of a pair of words tests the wording, not the idea.
      if (phrase.words === 1 && /\p{L}+ (?:and|or) $/u.test(text.slice(0, phrase.start)) && /^ of\b/.test(text.slice(phrase.stop))) return false;
      // "… into another file in the same _____." (format, round 33): what is the same was said before, and the blank is
      // vague ("the same _____ attribute", dim, names the kind of thing).
      if (phrase.words === 1 && /\bthe same\s+$/i.test(text.slice(0, phrase.termStart)) && /^\s*(?:[.,;:]|$)/.test(text.slice(phrase.stop))) return false;
      // "a subsequent _____ to get()", "a(n) _____ declared this way" (round 35): a blank after a word relating it to
      // another mention ("subsequent call") or led by one is a blank on wording.
      const lead = [fact.sentence.tokens[phrase.termFirst - 1]?.lower, fact.sentence.tokens[phrase.termFirst]?.lower];
      if (lead.some((word) => RELATIONAL.has(word ?? ""))) return false;
      // "the node:d_____ had been loaded" (round 47: the tagger read ":d" as a sign, "omain module" as a phrase): a blank
      // starts and ends where words do; nor follows a prefix ("requested with the node: _____", the key "prefix").
      if (/[\p{L}\p{N}_]$/u.test(text.slice(0, phrase.termStart)) || /^[\p{L}\p{N}_]/u.test(text.slice(phrase.stop))) return false;
      if (/\p{L}:\s*$/u.test(text.slice(0, phrase.termStart))) return false;
      // "Png_set_filler() does not change the _____." (round 46: color type, and bit depth as well): what a clause denies
      // of a thing, many terms fill.
      if (/\b(?:not|never|cannot|\p{L}+n't)\b[^,;:]*$/u.test(text.slice(0, phrase.start))) return false;
      // "When a class instance is unpickled, its _____ is usually not invoked" (round 56: __getstate__() is not either): the
      // subject of a denial likewise.
      if (/^\s+(?:(?:is|are|was|were|does|do|did|will|would|can|could|may|might|must|should|has|have)(?:\s+\p{Ll}+ly)?\s+(?:not|never)|cannot|\p{Ll}+n't)\b/u.test(text.slice(phrase.stop))) return false;
      // "a relatively _____" (compact binary representation), "a more _____ than persistence", "a(n) _____ of times" (arbitrary
      // number): a degree or a count said around the blank, which only the key's own adjective fits (round 56).
      if (/\b(?:relatively|more|most|less|least|very|quite|rather|fairly|too)\s+$/i.test(text.slice(0, phrase.start)) || /^\s+of times\b/.test(text.slice(phrase.stop))) return false;
      // "stdin, stdout, _____, and exit capabilities" (stderr, round 57): a list's middle member its neighbours give away.
      if (/,\s*$/.test(text.slice(0, phrase.start)) && /^\s*(?:,|and\b|or\b)/.test(text.slice(phrase.stop))) return false;
      // "over the past 1000 _____": a unit after a number is no term.
      if (/\d\s*$/.test(text.slice(0, phrase.termStart))) return false;
      // "… is requested with _____ 1" (mode), "libpng includes a(n) _____, pngvalid, that …" (test program): the word for
      // what a number or a name that follows is, a blank any reader fills from the number or the name (round 46).
      if (/^\s*(?:\d|,\s*[\p{Ll}_][\w.-]*\s*,)/u.test(text.slice(phrase.stop))) return false;
      // "decimal floating _____" (point arithmetic): a participle between a noun and the blank is part of
      // the term, and the blank would split it; after "for creating" it is a verb, and the blank its object.
      const [twoBefore, oneBefore] = [fact.sentence.tokens[phrase.first - 2], fact.sentence.tokens[phrase.first - 1]];
      if (oneBefore?.pos === "VERB" && /(?:ing|ed)$/.test(oneBefore.lower) && ["NOUN", "PROPN", "ADJ"].includes(twoBefore?.pos ?? "")) return false;
      // "curl is likewise _____", "are themselves _____": a bare word after the verb is used as an adjective.
      if (phrase.words === 1 && phrase.first === phrase.termFirst && !phrase.plural && /\b(?:is|are|be|been|being|was|were|becomes?|remains?|seems?)(?:\s+\p{L}+ly|\s+themselves|\s+itself|\s+not)?\s*$/iu.test(text.slice(0, phrase.start))) return false;
      // "make will _____ the first target", ", _____ that the …": a bare word the tagger took for a noun
      // where the grammar wants a verb (after a modal or "to", or before an object) is no term.
      if (phrase.words === 1 && phrase.first === phrase.termFirst && looksLikeVerb(fact.sentence.tokens, phrase.first)) return false;
      // "Portable code must neither _____ through the Pthreads API" (trigger error conditions, round 34): after a modal,
      // or its "neither", a bare phrase opens with a verb.
      if (phrase.first === phrase.termFirst && AFTER_MODAL.has(fact.sentence.tokens[phrase.first - 1]?.lower ?? "")) return false;
      if (abbreviatesItself(phrase.text)) return false;
      // "the _____’s several functions": a possessive blank reads as a riddle.
      if (/^['’]s?\b/.test(text.slice(phrase.stop))) return false;
      // "a key:_____ pair", "-_____": the rest of a compound written with a colon, a hyphen or a slash.
      // ".pyc files" makes "._____": a blank after a dot leaves a piece of the name behind.
      if (opened > 0 || /[-/:.]$/.test(text.slice(0, phrase.termStart)) || /^(?:[-/]|:\S)/.test(text.slice(phrase.stop))) return false;
      // "the bc _____ is terminated" (processor, round 43): a name in lower case right before the blank is the first word of its term.
      const nameBefore = fact.sentence.tokens[phrase.termFirst - 1];
      if (nameBefore && /^\p{Ll}[\p{Ll}\d_]+$/u.test(nameBefore.text) && !STOPWORDS.has(nameBefore.lower) && !isEnglishWord(nameBefore.text)) return false;
      // "the traditional 'line' _____" (event API, round 43): a quoted word before the blank is the first word of its term.
      if (/['"’”]\s*$/.test(text.slice(0, phrase.termStart))) return false;
      // "created with _____ to null" (output set), "to the _____ at the time of their call" (scale set, round 43): a last
      // word that is also a participle, before a preposition, is the verb of a clause, and the blank ends mid-clause.
      if (PARTICIPLE_NOUNS.has(phrase.text.split(" ").at(-1)?.toLowerCase() ?? "") && phrase.words > 1 && /^\s+(?:to|at|by)\b/i.test(text.slice(phrase.stop))) return false;
      // "introduced by a(n) _____ '!'", "a(n) _____ (#)": the symbol after the blank shows what it names (round 26).
      if (/^\s*(?:['"‘“]\s*[^\p{L}\p{N}\s]{1,3}\s*['"’”]|\(\s*[^\p{L}\p{N}\s]{1,3}\s*\))/u.test(text.slice(phrase.stop))) return false;
      // "either a(n) _____ (or subpackage) of the package": the bracket names what the blank holds, or another answer.
      if (/^\s*\((?:or|also|i\.e\.|e\.g\.)\s/i.test(text.slice(phrase.stop))) return false;
      // A name from code in the stem is its words: "The subprocess.exitCode property indicates the _____" (exit code, round 35).
      const rest = contentStems(nameWordsSpelled(`${text.slice(0, phrase.start)} ${text.slice(phrase.stop)}`));
      const own = [...contentStems(phrase.text)];
      // "The security team handles _____" (security support), "… boot the kernel" (Linux kernel): a word of the answer left in the stem gives it away;
      // so does one inside another word ("memory needed for compression and _____": decompression).
      // "… are also _____ and can be used wherever an int is used" (integers), "… also integers and can be used wherever
      // a(n) _____ is used" (int): the answer's abbreviation, or the word it abbreviates, in the stem.
      const abbreviated = (word: string) =>
        phrase.text
          .toLowerCase()
          .split(" ")
          .some((w) => w.length >= 3 && Math.abs(w.length - word.length) >= 2 && (w.startsWith(word) || word.startsWith(w)));
      if (wordsOf(text.slice(0, phrase.start) + " " + text.slice(phrase.stop)).some((w) => w.length >= 3 && /^\p{Ll}+$/u.test(w) && !STOPWORDS.has(w) && abbreviated(w))) return false;
      // "Module loaders provide the critical function of _____" (loading): the same root with another ending.
      if (own.length === 0 || own.some((s) => rest.has(s) || [...rest].some((r) => (r.length >= 5 && s.length >= 5 && (s.includes(r) || r.includes(s))) || sameRoot(r, s)))) return false;
      // "… with the _____ using the first 53 bits … and with the denominator as a power of two" (numerator, round 32):
      // the other of a pair in the stem names the answer.
      if (namesPartner(own, rest) || spelledOut(phrase.text, `${text.slice(0, phrase.start)} ${text.slice(phrase.stop)}`)) return false;
      // "Open Database Connectivity (ODBC)": the acronym beside the blank spells the answer.
      const around = `${text.slice(Math.max(0, phrase.start - 12), phrase.start)} ${text.slice(phrase.stop, phrase.stop + 12)}`;
      return !/\(\s*\p{Lu}{2,}s?\s*\)|\p{Lu}{2,}s?\s*\($/u.test(around);
    })
    // Key terms first: used on many pages of the document, several words long, in the predicate.
    .map((phrase) => ({ phrase, score: (phrase.words > 1 ? 1 : 0) + (phrase.first > 0 ? 1.5 : 0) + 1.5 * Math.log10(1 + (ctx.vocabulary.get(phrase.key)?.pages.size ?? 0)) }))
    .sort((a, b) => b.score - a.score || a.phrase.start - b.phrase.start)
    .map(({ phrase }) => phrase);
}

/** "What is a tool that generates basic block vectors …?", "_____ is a tool that generates basic block vectors …" (BBV,
 * round 43): the rest of the question spells out the acronym that answers it. */
export function spelledOut(name: string, text: string): boolean {
  const letters = /^\p{Lu}{3,6}s?$/u.test(name) ? name.replace(/s$/, "").toLowerCase() : undefined;
  if (!letters) return false;
  const initials = wordsOf(text.replace(/-/g, " ")).map((word) => word[0]?.toLowerCase() ?? "").join("");
  return initials.includes(letters);
}

/** One of `own` (an answer's stems) has its partner among `rest` (the stem's). */
export function namesPartner(own: Iterable<string>, rest: ReadonlySet<string>): boolean {
  for (const s of own) if (PARTNERS.has(s) && rest.has(PARTNERS.get(s) as string)) return true;
  return false;
}

/** Words that come in pairs, each naming the other: with one in the stem, a blank on the other is given away. */
const PARTNERS = new Map(
  [
    ["numerator", "denominator"],
    ["parent", "child"],
    ["client", "server"],
    ["sender", "receiver"],
    ["input", "output"],
    ["minimum", "maximum"],
    ["upper", "lower"],
    ["source", "destination"],
    ["encoder", "decoder"],
    ["producer", "consumer"],
    ["caller", "callee"],
    ["import", "export"],
    ["reader", "writer"],
    ["left", "right"],
    ["head", "tail"],
    // Round 50: "relative or _____" (absolute), "_____ or floats" (integers).
    ["relative", "absolute"],
    ["integer", "float"],
    ["positive", "negative"],
    ["local", "remote"],
    ["public", "private"],
    ["static", "dynamic"],
    ["naive", "aware"],
  ].flatMap(([a, b]) => [
    [stem(a as string), stem(b as string)],
    [stem(b as string), stem(a as string)],
  ]),
);

/** Letters two words share at their start that make them one root ("administra-tion", "administra-tors"). */
const SHARED_ROOT = 8;

/** "loading" and "loaders", "importing" and "import": one root with another ending. */
function sameRoot(a: string, b: string): boolean {
  const root = (word: string) => {
    const cut = word.replace(/(?:ings?|ers?|ed|ations?|ions?|es|s)$/, "");
    return cut.length >= 4 ? cut : word;
  };
  // "Repository Administration commands are for system _____" (administrators, round 32): a long shared
  // beginning is one root whatever the endings.
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared++;
  return a !== b && (root(a) === root(b) || shared >= SHARED_ROOT);
}

/** Words after which a bare phrase is a verb's: modals, and the "neither"/"either" a modal's verb may open with. */
const AFTER_MODAL = new Set(["will", "would", "shall", "should", "can", "could", "may", "might", "must", "cannot", "neither"]);

const MODALS = new Set(["will", "would", "shall", "should", "can", "could", "may", "might", "must", "to", "not"]);
/** A bare word in a verb's place: after a modal, "to" or "not", or right before an object ("… _____ the first target"). */
function looksLikeVerb(tokens: readonly Token[], index: number): boolean {
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  if (before && MODALS.has(before.lower)) return true;
  // "… nor _____ to lock a mutex" (attempt, round 34): a word before "to" and a verb takes an infinitive.
  if (after?.lower === "to" && tokens[index + 2]?.pos === "VERB") return true;
  return after !== undefined && (after.pos === "DET" || after.pos === "PRON" || (after.lower === "that" && after.pos === "SCONJ"));
}

/**
 * Names from code in a text: "subprocess.exitCode", "cg_merge", "eventEmitter". (Not a class's capitalised name,
 * "BufferError": its words are its kind, which its description names as a matter of course.)
 */
export const CODE_NAME_WORDS = /\b(?:\w+[_.]\w[\w.]*|\p{Ll}+\p{Lu}\w*)/gu;

/** A text with its names from code spelled as words: "exitCode" as "exit Code", "cg_merge" as "cg merge". */
export function nameWordsSpelled(text: string): string {
  return text.replace(/(\w)[_.](?=\w)/g, "$1 ").replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2");
}

/** Words that relate a thing to another mention of it: "a subsequent call", "the previous version". */
const RELATIONAL = new Set(["subsequent", "previous", "prior", "preceding", "next", "following", "later", "earlier", "former", "latter", "corresponding", "respective"]);

/**
 * Heads of phrases for machinery in general: "dataclass mechanisms", "data structures", "internal logic"; and of the
 * document's way of putting things, "interpolation purposes" (round 50).
 */
const VAGUE_HEADS = new Set(["mechanism", "structure", "logic", "facility", "infrastructure", "detail", "stuff", "internals", "purpose", "purposes", "reason", "reasons", "sake"]);

/** Words too common to be the point of a sentence, whatever the subject. */
const EVERYDAY = new Set(
  ("list file element entry item default content data information program output input code text name object member part piece kind way value type thing " +
    // "… has some _____ compared to real hardware watchpoints": what any tool has, not what this one is.
    "limitation restriction benefit drawback issue error improvement advantage disadvantage consequence effect " +
    // "SystemTap's _____ of a library" (equivalent), "the default _____" (parameter), "a(n) _____ is thrown" (round 57).
    "equivalent parameter argument exception").split(" "),
);

/** Words that are both a noun and a participle of the same spelling: "the output set to null". */
const PARTICIPLE_NOUNS = new Set(["set", "reset", "put", "cut", "read", "run", "hit", "shut", "spread", "split", "cast", "bound", "built"]);

const FIXED_EXPRESSION = /\b(?:to (?:a|an|some) (?:lesser |greater |large |certain |limited )?extent|of course|into account|for (?:example|instance)|in (?:fact|general|practice|particular|turn|part|order|place|time|case|effect|principle|short|detail)|at (?:least|most|once|times|first|all)|by (?:hand|default|definition|far|means)|on (?:purpose|average|demand|par)|as a (?:rule|whole))$/i;

/** Phrases borrowed whole from Latin or French: a word of one is no term ("_____ versa", round 31). */
const FOREIGN_PHRASE = /\b(?:vice versa|et al|per se|ad hoc|de facto|status quo|a priori|a posteriori|in situ|in vivo|in vitro|en masse|en route|bona fide)\b/gi;

function inForeignPhrase(text: string, phrase: { start: number; stop: number }): boolean {
  const from = Math.max(0, phrase.start - 16);
  for (const found of text.slice(from, phrase.stop + 16).matchAll(FOREIGN_PHRASE)) {
    const start = from + (found.index ?? 0);
    if (start < phrase.stop && start + found[0].length > phrase.start) return true;
  }
  return false;
}

/** Position of the sentence's first verb: what comes before it is its subject. */
export function verbIndex(fact: Fact): number {
  const index = fact.sentence.tokens.findIndex((t) => t.pos === "VERB" || t.pos === "AUX");
  return index < 0 ? fact.sentence.tokens.length : index;
}

/**
 * "music" in an essay on music, "Python" in Python's reference: a term on most pages read is the document's
 * subject, too easy to guess ("Which of the following defines two types of packages?": Python, beside Java).
 */
export function isDocumentSubject(key: string, ctx: DistractorContext): boolean {
  if (ctx.titleNames?.has(key.toLowerCase())) return true;
  const pages = ctx.vocabulary.pagesRead;
  const term = ctx.vocabulary.get(key);
  // A name on a third of the pages ("Python" across five HOWTOs on regular expressions, sorting, sockets …) is the
  // subject of them all; a common word must be on most pages to be more than one of the document's terms.
  return pages >= 10 && (term?.pages.size ?? 0) > pages * (term?.proper ? 0.3 : 0.5);
}

/**
 * The names in a document's title, its first line ("man-db - the database cached manual pager suite", "zlib Usage
 * Example", "bc Command Manual"): its subject however few of the pages read repeat it (round 45 blanked "man-db" in
 * man-db's manual, a key a student names without reading). Only words no English dictionary holds, nor an inflection of one
 * ("cached"): "The Ninja build system" names no ninja.
 */
export function titleNames(pages: readonly PageText[]): Set<string> {
  const title = pages[0]?.text.split("\n").map((line) => line.trim()).find((line) => line !== "" && !/^skip to (?:main )?content$/i.test(line)) ?? "";
  if (title.length > 100) return new Set();
  return new Set(title.split(/\s+/).filter((word) => /^\p{L}[\p{L}.+-]*\p{L}$/u.test(word) && !/(?:ed|ing|ly)$/.test(word) && !isEnglishWord(word.toLowerCase())).map((word) => word.toLowerCase()));
}

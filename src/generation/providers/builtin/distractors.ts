import { closedClassOptions } from "./closed-classes.ts";
import type { Difficulty } from "../types.ts";
import type { Fact } from "./facts.ts";
import { isEnglishWord, isEverydayEnglish } from "./english.ts";
import { ownerOf, type FunctionEntry } from "./api-entries.ts";
import type { Random } from "./random.ts";
import { compact, contentStems, GENERAL_VOCABULARY, GENERIC_NOUNS, root, STOPWORDS, wordsOf } from "./text.ts";
import { contextSimilarity, type VocabTerm, type Vocabulary } from "./vocabulary.ts";

export interface DistractorContext {
  vocabulary: Vocabulary;
  difficulty: Difficulty;
  random: Random;
  /** Stemmed words of the requested topic: never a distractor. */
  topicKey: string;
  /**
   * How often a term must recur to count as one of the document's terms: twice, and on three pages
   * for a lone word; a note of two pages cannot ask that much.
   */
  minUses: number;
  minPages: number;
  /** Terms the material defines ("A list is an ordered collection …"): terms of the subject, however everyday the word. */
  defined: ReadonlySet<string>;
  /** The names in the document's title (blanks.ts titleNames): its subject, never a blank. */
  titleNames?: ReadonlySet<string>;
  /** The document's constants by family (closed-classes.ts constantFamilies), for false statements. */
  constants?: ReadonlyMap<string, readonly string[]>;
  /** The functions the document's reference entries name ("math.fabs()"; api-entries.ts functionEntries). */
  entries?: readonly FunctionEntry[];
}

/** What an answer term looks like, so that every option has its form. */
export interface AnswerShape {
  key: string;
  plural: boolean;
  proper: boolean;
  words: number;
  text: string;
  /**
   * The kind the stem says the answer is ("an executable statement that may use and define names"): a term
   * of that kind ("import statement") may fit the description as well, and is no wrong option.
   */
  genus?: string;
}

/**
 * Where in the closeness ranking each difficulty draws its wrong options, as positions in the
 * list of the document's terms most like the answer (by context, head word and form):
 * Hard takes the closest ones (terms a student must tell apart), Medium the next ones, Easy
 * terms of the same kind used in other contexts. The ranked list is only ever the 40 most similar
 * terms, so even Easy options are terms of the subject, never random words.
 */
const BANDS: Record<Difficulty, [number, number]> = { Hard: [0, 6], Medium: [4, 14], Easy: [10, 26] };
const POOL = 40;

// ("data-race" is "data race": round 34 blanked "data-race" under the topic "data races".)
const stems = (text: string) => wordsOf(text.replace(/-/g, " ")).map(root);

/** A lone word on this share of the document's evenly spread sample pages is its everyday vocabulary. */
const EVERYDAY_SPREAD = 0.3;

/**
 * Whether a term is general vocabulary rather than a term of the subject: a lone common word that is
 * general English ("command", "technique") or that the document uses all over ("function" in a
 * programming guide, "box" in a form-scanning manual). Names and multi-word terms are terms.
 */
export function isGeneralWord(term: { key: string; words: number; proper: boolean }, vocabulary: Vocabulary): boolean {
  if (term.words !== 1 || term.proper) return false;
  const word = term.key.toLowerCase();
  return GENERAL_VOCABULARY.has(word) || GENERIC_NOUNS.has(word) || vocabulary.spread(term.key) >= EVERYDAY_SPREAD;
}

/** Uses, in all and per page read, that make an everyday word one of the document's own terms. */
const TERM_USES = 6;
const TERM_USES_PER_PAGE = 0.5;

/**
 * A noun made from a verb or an adjective ("inclusion", "majority", "multitude", "agreement"): it names
 * an act or a quality, and a sentence blanked on it tests its wording ("thanks to the _____ of automatic
 * hardware detection", "a qualified _____ is required"), unless the document keeps using it as a term
 * ("compression" in a manual on compressors).
 */
const ABSTRACT_NOUN = /\p{L}{3}(?:tion|sion|ity|ment|ness|ance|ence|tude|ship)s?$/u;

/**
 * A term too ordinary to be asked for or offered: general vocabulary, or a lone word of everyday
 * English ("arguments", "access", "risks") or an abstract noun of any English ("inclusion",
 * "multitude") that the document neither defines ("A list is …") nor uses as one of its own terms, on
 * page after page (teachers rejected "access" in a security chapter, and "inclusion", "majority" and
 * "multitude" in round 11).
 */
export function isOrdinaryTerm(term: { key: string; words: number; proper: boolean }, ctx: Pick<DistractorContext, "vocabulary" | "defined">): boolean {
  if (isGeneralWord(term, ctx.vocabulary)) return true;
  if (term.words !== 1 || term.proper || ctx.defined.has(term.key)) return false;
  if (!isEverydayEnglish(term.key) && !(ABSTRACT_NOUN.test(term.key.toLowerCase()) && isEnglishWord(term.key))) return false;
  // "staff" in an essay on engraving is used on page after page; "access" in a security chapter now and then.
  const uses = ctx.vocabulary.get(term.key)?.count ?? 0;
  return uses < TERM_USES || uses < ctx.vocabulary.pagesRead * TERM_USES_PER_PAGE;
}

/** "line" and "ledger line", "frame" and "data frames": one contains the other. */
export function overlaps(a: string, b: string): boolean {
  const sa = stems(a.toLowerCase());
  const sb = stems(b.toLowerCase());
  const contains = (outer: string[], inner: string[]) => inner.length > 0 && inner.every((s) => outer.includes(s));
  return contains(sa, sb) || contains(sb, sa);
}

function initials(text: string): string {
  return wordsOf(text)
    .map((w) => w.charAt(0))
    .join("")
    .toLowerCase();
}

/** Another name of the same thing: an acronym of it, or given as its alias in the document. */
export function synonymous(a: string, aKey: string, b: string, bKey: string, vocabulary: Vocabulary): boolean {
  const acronym = (short: string, long: string) => /^\p{Lu}{2,}s?$/u.test(short) && initials(long) === short.replace(/s$/, "").toLowerCase();
  return acronym(a, b) || acronym(b, a) || vocabulary.areAliases(aKey, bKey);
}

type CaseStyle = "acronym" | "inner capitals" | "capitalised" | "lower";
function caseStyle(text: string): CaseStyle {
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 2 && letters === letters.toUpperCase()) return "acronym";
  // "LaTeX", "OpenOffice", "PostgreSQL": product and format names, never people or places ("André", "Ubuntu").
  if (!/\s/.test(text) && /^\p{Lu}?\p{Ll}+\p{Lu}/u.test(letters)) return "inner capitals";
  return /^\p{Lu}/u.test(letters) ? "capitalised" : "lower";
}

/** Same form as the answer: case ("R session", "MIME type" get capitalised terms), word count and length. */
export function sameForm(answer: string, other: string): boolean {
  if (caseStyle(answer) !== caseStyle(other)) return false;
  const [wa, wo] = [answer.split(/\s+/).length, other.split(/\s+/).length];
  if (Math.abs(wa - wo) > Math.max(1, Math.ceil(wa / 2))) return false;
  const [la, lo] = [answer.length, other.length];
  return Math.max(la, lo) <= 6 || Math.max(la, lo) / Math.max(1, Math.min(la, lo)) <= 2.2;
}

/** Takes `n` items from the difficulty's band, skipping some by seed; falls back outward when short. */
export function chooseByDifficulty<T>(ranked: readonly T[], n: number, ctx: DistractorContext, accept: (item: T) => boolean): T[] {
  const [from, to] = BANDS[ctx.difficulty];
  const band = ranked.slice(from, to);
  const chosen: T[] = [];
  const skipped: T[] = [];
  for (const item of band) {
    if (chosen.length >= n) break;
    if (ctx.random() < 0.25) skipped.push(item);
    else if (accept(item)) chosen.push(item);
  }
  // Nearest the band first: for Easy the less similar end, for Hard the more similar one.
  const outside = ctx.difficulty === "Hard" ? ranked.slice(to) : [...ranked.slice(0, from).reverse(), ...ranked.slice(to)];
  for (const item of [...skipped, ...outside]) {
    if (chosen.length >= n) break;
    if (!chosen.includes(item) && accept(item)) chosen.push(item);
  }
  return chosen;
}

function formOf(term: VocabTerm, plural: boolean): string | undefined {
  return plural ? term.plural : term.singular;
}

/** Terms of the document like the answer, most similar first (context, then head and form). */
export function similarTerms(answer: AnswerShape, ctx: DistractorContext, usable: (term: VocabTerm) => boolean, minCount = 2): VocabTerm[] {
  const known = ctx.vocabulary.get(answer.key);
  const head = answer.key.split(" ").at(-1) ?? "";
  const scored: { term: VocabTerm; score: number }[] = [];
  for (const term of ctx.vocabulary.terms.values()) {
    if (term.key === answer.key || term.count < minCount || term.pages.size < minCount || term.proper !== answer.proper || term.key.length < 3) continue;
    if (Math.abs(term.words - answer.words) > 1 || !usable(term)) continue;
    const context = known ? contextSimilarity(known, term) : 0;
    const score = context + (ctx.vocabulary.areSiblings(answer.key, term.key) ? 0.5 : 0) + (term.head === head ? 0.4 : 0) + (term.words === answer.words ? 0.1 : 0) + Math.min(0.1, term.pages.size / 100);
    scored.push({ term, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.term.key.localeCompare(b.term.key))
    .slice(0, POOL)
    .map(({ term }) => term);
}

/**
 * Up to `n` wrong answers of the answer's kind: noun phrases the document uses, in the answer's
 * number (singular/plural) and case, none part of, containing or another name of the answer, none
 * in the question, none the topic, all distinct.
 */
/** "conf configuration": a word beside its own abbreviation, from a file name run into its description. */
export function abbreviatesItself(term: string): boolean {
  const parts = term.toLowerCase().split(" ");
  return parts.some((p, i) => p.length >= 3 && parts.some((q, j) => i !== j && q.length > p.length && q.startsWith(p)));
}

/** Per vocabulary: the words its terms write mostly capitalised ("Falcot", "LDAP"), gathered once. */
const capitalisedWords = new WeakMap<Vocabulary, Set<string>>();

function namesOf(vocabulary: Vocabulary): Set<string> {
  let names = capitalisedWords.get(vocabulary);
  if (names) return names;
  // Uses of each word, capitalised (mid-term: a sentence's first word is stored uncapitalised) and not.
  const upper = new Map<string, number>();
  const lower = new Map<string, number>();
  for (const known of vocabulary.terms.values()) {
    for (const word of `${known.singular ?? ""} ${known.plural ?? ""}`.split(" ")) {
      if (!word) continue;
      const key = word.toLowerCase();
      const counts = /^\p{Lu}/u.test(word) ? upper : lower;
      counts.set(key, (counts.get(key) ?? 0) + known.count);
    }
  }
  names = new Set([...upper].filter(([word, count]) => count >= 2 * (lower.get(word) ?? 0)).map(([word]) => word));
  capitalisedWords.set(vocabulary, names);
  return names;
}

/** A word of the term is one the document mostly writes as a name ("Falcot", "LDAP"), here in lower case (a file name, an address). */
function lowerCasedName(term: string, vocabulary: Vocabulary): boolean {
  const names = namesOf(vocabulary);
  return term.split(" ").some((word) => /^\p{Ll}{2,}$/u.test(word) && names.has(word));
}

/** One term's head word is a modifier in the other ("heap memory", "memory consumption"). */
function crossHeaded(a: string, b: string): boolean {
  const [wa, wb] = [stems(a.toLowerCase()), stems(b.toLowerCase())];
  const modifies = (head: string | undefined, words: string[]) => head !== undefined && words.slice(0, -1).includes(head);
  return modifies(wa.at(-1), wb) || modifies(wb.at(-1), wa);
}

/** A name from code in a term: "rotate() method", "cg_merge", "eventEmitter", "events.captureRejections". */
const codeName = (term: string) => /\w\(\)|\w_\w|\p{L}\.\p{L}|\b\p{Ll}+\p{Lu}/u.test(term);

/** Words of addresses and of C-like code: never a term of prose. */
const CODE_WORDS = /\b(?:https?|www|ftp|const|char|int|void|struct|bool|enum|typedef|func|def|null|nullptr|sizeof)\b/i;

/**
 * `kindred`: only terms the document lists beside the answer ("ibase, obase and scale") or of its head noun ("break
 * statement", "print statement"). A cloze's blank says nothing of what kind of thing fills it, and round 43's raters
 * accepted no cloze whose wrong options were merely used in the answer's company ("stack" beside "syntax",
 * "integer" and "key word"; "decimal point" beside "total number").
 */
export function termDistractors(answer: AnswerShape, stemText: string, n: number, ctx: DistractorContext, kindred = false): string[] {
  if (!answer.proper) {
    const closed = closedClassOptions(answer.text, answer.plural, stemText, n, (member) => ctx.vocabulary.get(member) !== undefined, ctx.random);
    if (closed.length === n) return closed;
  }
  const inStem = compact(stemText);
  // "objects" beside "a vector object", "index vectors" beside "an index vector": in the stem, singular or plural.
  const stemWords = new Set(stems(stemText.toLowerCase()));
  const stated = (form: string) => stems(form.toLowerCase()).every((s) => stemWords.has(s));
  const known = ctx.vocabulary.get(answer.key);
  const answerText = answer.text;
  const answerHead = answer.key.split(" ").at(-1) ?? "";
  const usable = (term: VocabTerm) => {
    const sibling = ctx.vocabulary.areSiblings(answer.key, term.key);
    // First, being cheap: most of the vocabulary is of another kind.
    if (kindred && !sibling && (answer.words === 1 || term.head !== answerHead)) return false;
    const form = formOf(term, answer.plural);
    // "xml", "ls": short lower-case words are file names and commands more often than terms.
    if (!form || form.length > 40 || /\d/.test(form) || (!term.proper && form.length < 4)) return false;
    // "x unanswered questions", "n questions": a variable of an example in the term.
    if (/(?:^|\s)\p{L}(?:\s|$)/u.test(form)) return false;
    if (abbreviatesItself(form)) return false;
    // "falcot", "ldap": a name the document writes capitalised, here lower-cased in a file name or an address.
    if (!term.proper && lowerCasedName(form, ctx.vocabulary) && !lowerCasedName(answerText, ctx.vocabulary)) return false;
    // "https", "argument const char": pieces of addresses and code, unless the answer is of that kind.
    if (CODE_WORDS.test(form) && !CODE_WORDS.test(answerText)) return false;
    // "-packaging-systems", "debian-handbook": the tail of a cut word, or a package, file or site name
    // from a running footer, never a term beside an answer that is not one of those itself.
    if (/^[-/]|[-/]$/.test(form) || (/^\p{Ll}+(?:-\p{Ll}+)+$/u.test(form) && !/^\S+-\S+$/.test(answerText))) return false;
    // "ROXThe ROX desktop": words run together by extraction.
    if (/\p{Lu}{2}\p{Ll}/u.test(form)) return false;
    // "NULL", "TRUE": constants from code, not terms of the answer's kind.
    if (/^\p{Lu}{2,}$/u.test(form) !== /^\p{Lu}{2,}$/u.test(answerText)) return false;
    if (isOrdinaryTerm(term, ctx)) return false;
    // A lone word must be used as a thing ("a frame", "the environment"), not only as a verb or a label; or be listed
    // beside the answer, a name of its kind ("ibase, obase, scale and last": bc's special variables, round 43).
    if (term.words === 1 && !term.proper && term.articled === 0 && !answer.plural && !sibling) return false;
    // "Document", "Texts": an ordinary word that began a heading is no name among names; nor is
    // "Invalid" or "Incorrect" beside "Callgrind", an English word capitalised where a sentence began.
    if (term.proper && term.words === 1 && (ctx.vocabulary.get(form.toLowerCase()) !== undefined || (isEnglishWord(form) && !isEnglishWord(answerText)))) return false;
    if (!sameForm(answerText, form)) return false;
    // "runtime error" beside "run time error": one term written two ways.
    if (compact(form) === compact(answerText)) return false;
    // "import machinery" gets compounds of nouns ("import system", "cache entry"), never "unbounded recursion" or
    // "random moments": an adjective's phrase beside a compound is another kind of thing, unless listed beside it or of its head.
    if (answer.words > 1 && term.words > 1 && known && !sibling && term.head !== answerHead && adjectival(known) !== adjectival(term)) return false;
    // "opening files" beside "pads" or "windows": an action's phrase is no thing of the answer's kind ("warning
    // messages" beside "error messages" shares its head, and stays).
    if (term.words > 1 && term.head !== answerHead && actionLed(term, form) && !(known && actionLed(known, answerText))) return false;
    if (answer.genus !== undefined && term.head === answer.genus && answerHead !== answer.genus) return false;
    // Capitalised terms are few and mixed ("Score context" beside "Transparent copy" from a licence):
    // one is an option only when it is used in the answer's company.
    if (/^\p{Lu}/u.test(form) && known && contextSimilarity(known, term) < 0.05) return false;
    // "partial differential equation" gets other equations ("linear equation"), or terms the document
    // lists beside it: never "useful identity" or "professional mathematician".
    // (Multi-word terms used in much the same company do too; a note of a few pages has few terms of one head.)
    const small = ctx.vocabulary.pagesRead < 10;
    if (answer.words > 1 && !answer.proper && !sibling && term.head !== answerHead && (term.words < 2 || !known || contextSimilarity(known, term) < (small ? 0.25 : 0.3))) return false;
    // "error reading": an action, not a thing; a gerund is an option only beside a gerund.
    if (/ing$/.test(form) && !/ing$/.test(answerText)) return false;
    // "acpid package" gets other named packages ("tshark package"), never "default package" or "tools package".
    if (answer.words > 1 && !isEnglishWord(answerText.split(" ")[0] ?? "") && isEnglishWord(form.split(" ")[0] ?? "")) return false;
    // "insertDelay", "seeSection": identifiers from code are not names of the answer's kind, and a name from code
    // ("rotate() method", "cg_merge") gets only names from code.
    if (codeName(form) !== codeName(answerText)) return false;
    // "contentCancels" (round 33): a name from code seen once is as often two words the extraction glued together.
    if (codeName(form) && term.count < 2) return false;
    // "heap memory" beside "memory consumption" (round 33): a word of one is the head of the other, and the two may
    // name the same thing.
    if (crossHeaded(form, answerText)) return false;
    // A lone name ("LaTeX") gets names listed or used with it, never names from elsewhere (people, systems).
    if (answer.words === 1 && answer.proper && !sibling && (!known || contextSimilarity(known, term) < 0.15)) return false;
    // A lone common word gets words used in its company ("gradients": "vectors", "fields"), not any noun of the book.
    if (answer.words === 1 && !answer.proper && !sibling && known && ctx.vocabulary.pagesRead >= 10 && contextSimilarity(known, term) < 0.08) return false;
    if (overlaps(form, answerText) || overlaps(form, ctx.topicKey) || inStem.includes(compact(form)) || stated(form)) return false;
    // "format" beside "formatting" (round 26: "near-duplicate of the key"), "parser" beside "parsing".
    if (variantWords(form, answerText)) return false;
    return !synonymous(form, term.key, answerText, answer.key, ctx.vocabulary);
  };
  const chosen: string[] = [];
  const accept = (term: VocabTerm) => {
    const form = formOf(term, answer.plural) ?? "";
    if (chosen.some((other) => overlaps(other, form) || compact(other) === compact(form) || variantWords(other, form) || synonymous(other, "", form, term.key, ctx.vocabulary))) return false;
    chosen.push(form);
    return true;
  };
  const picked = chooseByDifficulty(similarTerms(answer, ctx, usable), n, ctx, accept);
  // A short document repeats few terms: then any term of its prose, once, will do.
  if (picked.length < n) picked.push(...chooseByDifficulty(similarTerms(answer, ctx, (t) => usable(t) && !picked.includes(t), 1), n - picked.length, ctx, accept));
  return picked.map((term) => formOf(term, answer.plural) ?? "");
}

/**
 * What rivalFacts reads of a pool of facts (one request's), worked out once for all its questions:
 * each fact's texts compacted, and per head noun the definitions' complements and which facts they name.
 */
interface PoolIndex {
  texts: Map<Fact, { sentence: string; subjectText: string; subjectKey: string }>;
  kinds: Map<string, (rival: Fact) => boolean>;
}
const poolIndexes = new WeakMap<readonly Fact[], PoolIndex>();

function poolIndex(pool: readonly Fact[]): PoolIndex {
  let index = poolIndexes.get(pool);
  if (!index) poolIndexes.set(pool, (index = { texts: new Map(), kinds: new Map() }));
  return index;
}

function compacted(index: PoolIndex, fact: Fact): { sentence: string; subjectText: string; subjectKey: string } {
  let texts = index.texts.get(fact);
  if (!texts) index.texts.set(fact, (texts = { sentence: compact(fact.sentence.text), subjectText: compact(fact.subject?.text ?? ""), subjectKey: compact(fact.subject?.key ?? "") }));
  return texts;
}

/** Whether the material defines a term of this head as the rival ("An R list is an object …": an object is a kind of list), each rival judged once. */
function kindTest(pool: readonly Fact[], index: PoolIndex, head: string): (rival: Fact) => boolean {
  let test = index.kinds.get(head);
  if (!test) {
    const complements = [...new Set(pool.filter((other) => other.kind === "definition" && other.subject?.key.split(" ").at(-1) === head).map((other) => compact(other.complement ?? "")))];
    const verdicts = new Map<Fact, boolean>();
    test = (rival) => {
      let verdict = verdicts.get(rival);
      if (verdict === undefined) {
        const { subjectText, subjectKey } = compacted(index, rival);
        verdicts.set(rival, (verdict = complements.some((complement) => complement.includes(subjectText) || complement.includes(subjectKey))));
      }
      return verdict;
    };
    index.kinds.set(head, test);
  }
  return test;
}

/**
 * Other facts whose subject could stand in for this one's: a different term of the same number,
 * not part of it, not another name for it, ranked by how alike the two terms are used.
 */
/** Some word of one starts with the first four letters or more of a word of the other ("enum", "enumerations"). */
function shareRoot(a: string, b: string): boolean {
  const words = (text: string) => text.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 4);
  const other = words(b);
  return words(a).some((x) => other.some((y) => x.startsWith(y) || y.startsWith(x)));
}

/** A word of one is another form of a word of the other: "format" and "formatting", "parse" and "parser" (not "pattern" twice). */
function variantWords(a: string, b: string): boolean {
  const words = (text: string) => stems(text.toLowerCase()).filter((w) => w.length >= 4);
  const other = words(b);
  return words(a).some((x) => other.some((y) => x !== y && (x.startsWith(y) || y.startsWith(x))));
}

/** "logging", "parsing": a verb's -ing form naming an activity ("string" and "thing" are not). */
const GERUND = /\p{L}{3,}ing$/u;

/** Mostly used with an adjective first ("regular packages") rather than a noun ("namespace packages"). */
const adjectival = (term: VocabTerm) => term.adjectival * 2 > term.count;
/**
 * Led by a verb's form ("opening files", "logging calls"): so tagged on most uses, or its first word a verb's
 * -ing form ("open" + "ing"; "string" and "thing" are no verbs), which the tagger often calls a noun.
 */
function actionLed(term: VocabTerm, form: string): boolean {
  if (term.verbal * 2 > term.count) return true;
  const stem = /^(\p{Ll}{3,})ing\s/u.exec(form)?.[1];
  // "open-ing", "mak-ing" (make); a stem of four letters at least ("str-ing" is no verb).
  return stem !== undefined && [stem, stem.slice(0, -1), `${stem}e`].some((verb) => verb.length >= 4 && isEnglishWord(verb) && !STOPWORDS.has(verb));
}

/**
 * What the material says of `fact`'s subject it says of `other`'s too: "Helgrind is a thread error detector" and
 * "DRD is also a thread error detector" (round 43), or `other`'s name is what the definition describes ("The
 * function body is a list of bc statements": a statement list is one too). Either way "What is a thread error
 * detector?" has two answers, and a swap of the two subjects is no false statement.
 */
export function describesBoth(fact: Fact, other: Fact): boolean {
  const complement = fact.complement;
  if (!complement || !other.subject || other.subject.key === fact.subject?.key) return false;
  const described = stemsOf(fact).complement;
  const theirs = stemsOf(other).predicate;
  if (described.size > 0 && [...described].every((word) => theirs.has(word))) return true;
  if (other.subject.key.split(" ").at(-1) !== fact.genus) return false;
  const name = stemsOf(other).subject;
  return name.size > 0 && [...name].every((word) => described.has(word));
}

/** A fact's content words, stemmed once: `describesBoth` and `namedByPredicate` compare every fact of a pool with the others. */
interface FactStems {
  complement: Set<string>;
  predicate: Set<string>;
  subject: Set<string>;
  /** The sentence's words outside its subject. */
  rest: Set<string>;
}
const factStems = new WeakMap<Fact, FactStems>();
function stemsOf(fact: Fact): FactStems {
  let known = factStems.get(fact);
  if (!known) {
    const { text } = fact.sentence;
    const subject = fact.subject;
    known = {
      complement: contentStems(fact.complement ?? ""),
      predicate: contentStems(fact.predicate ?? ""),
      subject: contentStems(subject?.text ?? ""),
      rest: subject ? contentStems(`${text.slice(0, subject.start)} ${text.slice(subject.stop)}`) : new Set(),
    };
    factStems.set(fact, known);
  }
  return known;
}

/** Every content word of `other`'s subject is in `fact`'s sentence outside its own subject. */
function namedByPredicate(fact: Fact, other: Fact): boolean {
  const { rest } = stemsOf(fact);
  const name = stemsOf(other).subject;
  return fact.subject !== undefined && name.size > 0 && [...name].every((word) => rest.has(word));
}

/** Head nouns that say what kind of thing a name is ("the console.debug() function", "the -x option"). */
const NAMED_KINDS = new Set(["function", "method", "property", "class", "module", "option", "event", "variable", "constant", "attribute", "argument", "parameter", "command", "statement", "operator", "macro", "field"]);

export function rivalFacts(
  fact: Fact,
  pool: readonly Fact[],
  n: number,
  ctx: DistractorContext,
  accept: (rival: Fact) => boolean = () => true,
  how: {
    /** The rival's name takes the subject's place in a sentence (true/false, "true of X"); otherwise its definition is an option beside the subject's. */
    inPlace?: boolean;
    /**
     * Rivals from any part of the document: a false statement need not be a plausible one ("A context manager is
     * an immutable array" is what the material says of bytes objects, a term used in other company).
     */
    anyField?: boolean;
  } = {},
): Fact[] {
  const { inPlace = true, anyField = false } = how;
  const subject = fact.subject;
  if (!subject) return [];
  const known = ctx.vocabulary.get(subject.key);
  // What the material says the subject is ("An R list is an object …"): a kind of it is no rival.
  const head = subject.key.split(" ").at(-1);
  const index = poolIndex(pool);
  const isKind = kindTest(pool, index, head ?? "");
  const ownSentence = compacted(index, fact).sentence;
  const candidates = pool.filter((other) => {
    if (isKind(other)) return false;
    const rival = other.subject;
    // A rival is a term of the subject: used on several pages, in company like the answer's.
    const term = rival ? ctx.vocabulary.get(rival.key) : undefined;
    // Where the subject's company is known well enough, a rival shares some of it (same field).
    if (!term || term.count < 2 || other.kind === "statement" || isGeneralWord(term, ctx.vocabulary) || (!anyField && known && known.context.size >= 30 && contextSimilarity(known, term) < 0.05)) return false;
    if (!rival || other === fact || rival.key === subject.key || rival.plural !== subject.plural || rival.proper !== subject.proper) return false;
    // "A data frame is a list with class data.frame": the subject is a kind of the rival, and what is said of it is
    // half true of the rival ("An R list is a list with class data.frame", round 33).
    if (fact.genus !== undefined && rival.key.split(" ").at(-1) === fact.genus) return false;
    // In a sentence's subject the name is read, not compared side by side: only an acronym must meet an acronym.
    if (inPlace && (caseStyle(subject.text) === "acronym") !== (caseStyle(rival.text) === "acronym")) return false;
    if (overlaps(rival.text, subject.text) || synonymous(rival.text, rival.key, subject.text, subject.key, ctx.vocabulary)) return false;
    // "A statement list is a list of bc statements" (said of the function body, round 43): a rival named by words the
    // rest of the sentence uses reads as true in the subject's place (either way round: "true of X" puts X in the rival's).
    if (inPlace && (namedByPredicate(fact, other) || namedByPredicate(other, fact) || describesBoth(fact, other) || describesBoth(other, fact))) return false;
    // "Enumerations are instances of their enum class" for "Enum members …": words of one root name related
    // things (an enum and its members, a logger and logging), and the swap is neither clearly false nor true.
    if (inPlace && shareRoot(rival.text, subject.text)) return false;
    // "Linear independence is called Simpson’s rule": a swap is clearly false and worth asking only
    // between terms of one kind (one head noun, listed together, or defined as the same genus).
    const rivalHead = rival.key.split(" ").at(-1) ?? "";
    const sameKind =
      rivalHead === head ||
      ctx.vocabulary.areSiblings(rival.key, subject.key) ||
      ctx.vocabulary.areSiblings(rivalHead, head ?? "") ||
      (other.genus !== undefined && other.genus === fact.genus) ||
      (known !== undefined && contextSimilarity(known, term) >= 0.25);
    // (A short document too, where its subject names its kind: "stdout is an alias for console.log()" for "The
    // console.debug() function …", round 47.)
    if (inPlace && !sameKind && (ctx.vocabulary.pagesRead >= 10 || NAMED_KINDS.has(head ?? ""))) return false;
    // "The root of the hierarchy of loggers is called the logging": an activity in a thing's place reads as nonsense.
    if (inPlace && GERUND.test(rivalHead) !== GERUND.test(head ?? "")) return false;
    // The rival must not be mentioned in this fact's sentence, nor this subject in the rival's: "A matrix is an array …".
    const rivalTexts = compacted(index, other);
    if (ownSentence.includes(rivalTexts.subjectText) || rivalTexts.sentence.includes(compacted(index, fact).subjectText)) return false;
    return !isKind(other);
  });
  const seen = new Set<string>();
  const ranked = candidates
    .map((other) => {
      const term = other.subject ? ctx.vocabulary.get(other.subject.key) : undefined;
      const context = known && term ? contextSimilarity(known, term) : 0;
      return { other, score: context + (other.genus && other.genus === fact.genus ? 0.3 : 0) };
    })
    .sort((a, b) => b.score - a.score || a.other.sentence.text.localeCompare(b.other.sentence.text))
    .map(({ other }) => other)
    .filter((other) => {
      const key = other.subject?.key ?? "";
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, POOL);
  return chooseByDifficulty(ranked, n, ctx, accept);
}

/**
 * How alike two functions are: of one owner ("BZ2Decompressor.decompress()", "BZ2Decompressor.eof"), printed near each
 * other (a reference groups them: "math.degrees()" beside "math.radians()"), their names opening alike ("log2", "log10").
 */
function closeness(a: string, b: string, entries: readonly string[]): number {
  const [x, y] = [a.replace(/\(\)$/, "").split(".").at(-1) ?? "", b.replace(/\(\)$/, "").split(".").at(-1) ?? ""];
  let common = 0;
  while (common < Math.min(x.length, y.length) && x[common]?.toLowerCase() === y[common]?.toLowerCase()) common++;
  const apart = Math.abs(entries.indexOf(a) - entries.indexOf(b));
  return common / Math.max(x.length, y.length) + (ownerOf(a) === ownerOf(b) ? 1 : 0) + 1 / (1 + apart / 3);
}

/** Two descriptions sharing this share of the shorter's words, in the same order, say much the same ("from YIQ coordinates" and "from HLS coordinates" share 4 of 5: not). */
const SAME_DESCRIPTION = 0.85;
/** Words two descriptions share at least to say the same thing. */
const SAME_WORDS = 5;

/**
 * Whether another function's description says much the same as this one's: fnmatch.fnmatchcase() also "tests whether
 * the filename matches the pattern, returning True or False" (round 54's false statement that was true). The same words
 * in another order say another thing ("from RGB coordinates to YIQ coordinates", "from YIQ … to RGB …": colorsys).
 */
export function describedAlike(answer: string, ctx: Pick<DistractorContext, "entries">): (entry: FunctionEntry) => boolean {
  const says = contentStems(ctx.entries?.find((entry) => entry.name === answer)?.says ?? "");
  return (entry) => {
    const theirs = contentStems(entry.says);
    // (A set keeps its words in the order the text gives them.)
    const shared = [...says].filter((word) => theirs.has(word));
    // (A short one inside a longer one is not the same: "Return the absolute value of x." is in copysign()'s "Return a float
    // with the magnitude (absolute value) of x …". Nor is a description not read, "".)
    return shared.length >= SAME_WORDS && shared.length >= SAME_DESCRIPTION * Math.min(theirs.size, says.size) && shared.join(" ") === [...theirs].filter((word) => says.has(word)).join(" ");
  };
}

/**
 * Wrong options for the function a description is of ("math.fabs()"): other functions of the same module
 * from the document's reference, the closest names for Hard ("math.log2()" beside "math.log10()"). Never one
 * of the same name elsewhere ("BZ2File.read()" beside "LZMAFile.read()" may do the same), nor one the stem names.
 */
export function entryDistractors(answer: string, stemText: string, n: number, ctx: DistractorContext): string[] {
  const last = (name: string) => name.split(".").at(-1);
  const module = (name: string) => name.split(".")[0];
  const stem = compact(stemText);
  const entries = ctx.entries ?? [];
  const names = entries.map((entry) => entry.name);
  const alike = describedAlike(answer, ctx);
  const others = entries.filter(
    (entry) => entry.name !== answer && last(entry.name) !== last(answer) && module(entry.name) === module(answer) && !stem.includes(compact(entry.name.replace(/\(\)$/, ""))) && !alike(entry),
  );
  const ranked = others.map(({ name }) => ({ name, closeness: closeness(answer, name, names) })).sort((a, b) => b.closeness - a.closeness);
  return chooseByDifficulty(
    ranked.map((entry) => entry.name),
    n,
    ctx,
    () => true,
  );
}

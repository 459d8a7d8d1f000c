import type { GenerationRequest, PageText, Question, QuestionType } from "../types.ts";
import { isEnglishWord } from "./english.ts";
import { describedAlike, describesBoth, entryDistractors, isOrdinaryTerm, overlaps, rivalFacts, termDistractors, type DistractorContext } from "./distractors.ts";
import { functionEntries, parameterNames, type FunctionEntry } from "./api-entries.ts";
import { constantFamilies, swapConstant, swapMember } from "./closed-classes.ts";
import { factOf, type Fact } from "./facts.ts";
import { blankable, CODE_NAME_WORDS, isDocumentSubject, spelledOut, nameWordsSpelled, namesPartner, titleNames, verbIndex } from "./blanks.ts";
import type { Phrase } from "./phrases.ts";
import { rejectReason } from "./quality.ts";
import { cloze, clozeShort, clozeText, describedFunction, namesItsWork, termForm, trueFalse, trueFalseSwapped, trueOf, whatIs, whichTerm, whichTermShort, whichTermStem } from "./questions.ts";
import { createRandom, shuffle, type Random } from "./random.ts";
import { contextSimilarity } from "./vocabulary.ts";
import { studyMaterial, type Candidate, type StudyMaterial } from "./material.ts";
import { compact, contentStems, normalizeQuestion, termKey, wordsOf } from "./text.ts";

/**
 * How each difficulty is realised:
 * - Easy recalls a stated fact: the term a definition or relation describes ("Which of the
 *   following is used to …?") or a cloze on a key term, with wrong options from other contexts of
 *   the document (far in the closeness ranking); a false statement swaps in a clearly different term.
 * - Medium needs the definition or a relation: "What is X?" answered by the defining phrase among
 *   other terms' definitions, then relations, then clozes; options from the middle of the ranking.
 * - Hard tells close terms apart: "Which of the following statements about X is true?" (what the
 *   material says of X against what it says of the terms used most like X), then definitions and
 *   clozes with the closest terms as options; a false statement swaps in the closest term.
 */
type Form = "whatIs" | "whichTerm" | "trueOf" | "cloze";
const MC_FORMS: Record<GenerationRequest["difficulty"], Form[]> = {
  Easy: ["whichTerm", "cloze", "whatIs"],
  Medium: ["whatIs", "whichTerm", "cloze"],
  Hard: ["trueOf", "whatIs", "whichTerm", "cloze"],
};

/** Below this many pages a document's terms need not recur to be asked about. */
const SHORT_DOCUMENT_PAGES = 20;

/** A page naming the topic in fewer sentences than this share of the best page's is about something else. */
const MIN_PAGE_SHARE = 0.3;

interface RankedFact extends Fact {
  relevance: number;
}

const FACT_BONUS: Record<Fact["kind"], number> = { definition: 1.5, naming: 1.2, relation: 1, statement: 0 };
/** Taken from a sentence's relevance per step outside the topic's sections: more than any relevance adds up to. */
const OUTSIDE_SECTIONS = 100;

/**
 * Where the document has sections named for the topic, a sentence outside them that names the topic in
 * passing ("R is being developed for the Unix-like, Windows and Mac families" under "packages") is asked
 * only when those in the sections have run out: a test that names the topic in passing beats no test.
 */
function outsideSections(material: StudyMaterial, candidate: Candidate, aboutTopic: boolean): boolean {
  return material.sectioned && !candidate.inSection && !aboutTopic;
}

/** Evenly shared among the allowed types, the remainder to types in seeded order. */
function quotas(types: QuestionType[], count: number, random: Random): Map<QuestionType, number> {
  const order = shuffle(types, random);
  return new Map(order.map((type, i) => [type, Math.floor(count / order.length) + (i < count % order.length ? 1 : 0)]));
}

/** The words of our own question forms, which say nothing about the sentence asked. */
const QUESTION_WORDS = /\b(?:which|what|following|statements?|true|false|complete|fill|blank|term|about|words?|two|three)\b/gi;

/** A sentence the previous test asked about: given back as a source, or most of its words in an excluded question. */
function excludedBy(req: GenerationRequest): (sentence: string) => boolean {
  const sources = new Set((req.excludeSources ?? []).map(compact));
  const questions = req.exclude.map((q) => contentStems(q.replace(QUESTION_WORDS, " ")));
  return (sentence) => {
    if (sources.has(compact(sentence))) return true;
    const stems = contentStems(sentence);
    if (stems.size === 0) return false;
    // Most of the sentence in the question (a cloze, a statement), or most of a short question in the
    // sentence ("What is a factor?", "Which of the following is performance material?").
    return questions.some((words) => {
      const shared = [...stems].filter((s) => words.has(s)).length;
      return shared >= stems.size * 0.75 || (words.size >= 2 && shared >= words.size * 0.8);
    });
  };
}

export async function generateQuestions(req: GenerationRequest): Promise<Question[]> {
  if (req.count <= 0) return [];
  req.signal?.throwIfAborted();
  const pages = await req.document.pages();
  req.signal?.throwIfAborted();
  const random = createRandom("builtin", req.seed, req.topic, req.difficulty);
  // Keyed by the document's pages function, which the pipeline keeps for all rounds of one request.
  const material = studyMaterial(req.passages, pages, req.topic, req.count * 4 + 30, req.signal, req.document.pages);
  const excluded = excludedBy(req);
  const pageText = citedPageText(pages, req);
  // A short document (a chapter, an appendix of a page per subject) uses its terms once or twice: a
  // term used once is still one of its own. Round 12's appendix on derivatives, 13 pages, gave 12 of 15
  // tests nothing when a term had to recur on 3 pages.
  const short = Math.max(pages.length, new Set(req.passages.map((p) => p.page)).size) < SHORT_DOCUMENT_PAGES;
  const ctx: DistractorContext = {
    vocabulary: material.vocabulary,
    difficulty: req.difficulty,
    random,
    topicKey: termKey(req.topic),
    minUses: short ? 1 : 2,
    minPages: short ? 1 : 3,
    defined: new Set(material.facts.flatMap((fact) => (fact.kind === "definition" && fact.subject ? [fact.subject.key] : []))),
    titleNames: titleNames(pages),
    constants: constantFamilies(pages),
    entries: entriesOf(pages),
  };

  const normalPage = remembered((page: number) => normalizeQuestion(pageText(page)));
  const parametersOn = remembered((page: number) => parameterNames(pageText(page)));
  const facts: RankedFact[] = [];
  for (const candidate of material.candidates) {
    // A sentence that does not name the topic (every word of it), on a page that is not about it
    // throughout, is about something else ("lists" is not "mailing lists"; a page that mentions
    // namespaces once is not about them); so is one on a page that names the topic in passing, when
    // other pages are about it, unless the topic is what the sentence is about ("An R list is …").
    if (candidate.topicHit < 1 && candidate.nearHit < 1) continue;
    if (rejectReason(candidate.sentence)) continue;
    // The answer is checked against the page as stored: a sentence the page does not spell out the same way is skipped.
    if (!normalPage(candidate.sentence.page).includes(normalizeQuestion(candidate.sentence.printed ?? candidate.sentence.text))) continue;
    if (hasVariableLetter(candidate.sentence, ctx)) continue;
    if (namesParameter(candidate.sentence, parametersOn(candidate.sentence.page))) continue;
    const fact = namedAsPrinted(factOf(candidate.sentence), material.vocabulary);
    // ("math.atan() returns the _____ of x, in radians": arc tangent, as its name says.)
    if (nameSaysIt(fact, ctx)) continue;
    // The sentence opens with the topic ("Vectors must have …", "An R list is …"): it is about it wherever it stands.
    const opening = fact.subject ?? fact.phrases.find((phrase) => phrase.first === 0);
    const aboutTopic = opening !== undefined && overlaps(opening.text, ctx.topicKey);
    if (candidate.pageShare < MIN_PAGE_SHARE && !candidate.inSection && !aboutTopic) continue;
    // A box beside the text whose title does not name the topic is about something else (popularity-contest
    // under Email, VNC under Wine: round 10's raters rejected both), however short the test.
    if (candidate.sentence.aside !== undefined && !candidate.inSection && !aboutTopic) continue;
    // A sentence neither in the topic's sections nor naming it nor opening with it is only on a page that names
    // the topic: it is about something else two times in three. Rounds 23 to 31 asked such sentences to fill a
    // test up to five questions, and raters rejected them: "The parent thread creates a child." under "condition
    // variables" (Helgrind's manual), "R was initially written by Ross Ihaka …" under "packages", every item under
    // "variables" in the tutorial's first chapter. A short test on the topic, with the count it could write, beats
    // one padded with others (the pipeline says "Only 3 of 5 questions could be written").
    if (!candidate.inSection && !aboutTopic && candidate.topicHit < 1) continue;
    if (excluded(candidate.sentence.printed ?? candidate.sentence.text)) continue;
    const outside = outsideSections(material, candidate, aboutTopic) ? OUTSIDE_SECTIONS : 0;
    facts.push({ ...fact, relevance: relevanceOf(candidate, fact) + 0.6 * random() - outside });
  }
  facts.sort((a, b) => b.relevance - a.relevance);
  return assemble(facts, material.facts, req, ctx);
}

/** A document's functions (api-entries.ts functionEntries), read once per document: every request reads them whole. */
const entriesRead = new WeakMap<readonly PageText[], FunctionEntry[]>();
function entriesOf(pages: readonly PageText[]): FunctionEntry[] {
  let entries = entriesRead.get(pages);
  if (!entries) entriesRead.set(pages, (entries = functionEntries(pages)));
  return entries;
}

/** What `read` gives for a key (a page, a fact), read once per key. */
function remembered<K, T>(read: (key: K) => T): (key: K) => T {
  const known = new Map<K, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, read(key));
    return known.get(key) as T;
  };
}

/**
 * "Linux supports ACPI …": a name that starts the sentence is tagged as a common noun; when the
 * document writes it capitalised mid-sentence too, it is a name ("Linux", not "linux", among names).
 */
function namedAsPrinted(fact: Fact, vocabulary: StudyMaterial["vocabulary"]): Fact {
  const subject = fact.subject;
  if (!subject || subject.proper || subject.termStart !== 0) return fact;
  // Mid-sentence the tagger keeps a name's case in its key ("Linux"); at the start it lowers it ("linux").
  const named = /^\p{Lu}/u.test(subject.text) ? vocabulary.get(subject.text) : undefined;
  return named?.proper ? { ...fact, subject: { ...subject, key: named.key, proper: true } } : fact;
}

/**
 * "N is the number of questions …", "the matrix A enjoys …": a capital letter standing for a value of
 * an example, undefined outside it. A letter the document uses everywhere is a name ("R", "C").
 */
function hasVariableLetter(sentence: Candidate["sentence"], ctx: DistractorContext): boolean {
  const { vocabulary } = ctx;
  const everywhere = (letter: string) => vocabulary.spread(letter) >= 0.3 || (vocabulary.get(letter)?.pages.size ?? 0) >= vocabulary.pagesRead * 0.3;
  const { tokens } = sentence;
  // "an R list", "C code": a letter naming a language or a tool modifies a noun; a variable stands alone.
  const modifier = (i: number) => ["NOUN", "PROPN"].includes(tokens[i + 1]?.pos ?? "") && tokens[i - 1]?.pos !== "NOUN";
  return tokens.some((t, i) => /^\p{Lu}$/u.test(t.text) && t.text !== "I" && !(i === 0 && t.text === "A" && t.pos === "DET") && !modifier(i) && !everywhere(t.text));
}

/**
 * "Memcheck will mark the chunk associated with addr as NOACCESS": a parameter of a call the page prints
 * ("VALGRIND_MEMPOOL_FREE(pool, addr)"), named bare, means nothing without the call (round 31: "addr" was the
 * key of three items). The same word with an article or a modifier is the thing itself ("the pool", "a memory pool").
 */
function namesParameter(sentence: Candidate["sentence"], names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  const { tokens } = sentence;
  // Bare: opening the sentence or after a preposition, conjunction or verb ("with addr", "If skipkeys is …"), and
  // no noun's modifier ("matrix structures"), nor a call ("matrix(…)").
  const bare = (i: number) => i === 0 || ["ADP", "SCONJ", "CCONJ", "VERB", "AUX"].includes(tokens[i - 1]?.pos ?? "");
  // ("… returns a controller object for the browser type using.": webbrowser.get(using=None)'s, an English word ending the
  // sentence, reads as a sentence cut short, round 55; "… for the event named eventName." reads as a name.)
  // ("… is passed to the listener." names a thing.)
  const last = (i: number) => i === tokens.length - 2 && tokens[i + 1]?.text === "." && isEnglishWord(tokens[i]?.lower ?? "") && !["DET", "ADJ", "PRON"].includes(tokens[i - 1]?.pos ?? "");
  return tokens.some((t, i) => names.has(t.text) && (bare(i) || last(i)) && !["NOUN", "PROPN"].includes(tokens[i + 1]?.pos ?? "") && tokens[i + 1]?.text !== "(");
}

function relevanceOf(candidate: Candidate, fact: Fact): number {
  return 3 * candidate.topicHit + candidate.nearHit + candidate.pageHit + 1 / (1 + candidate.rank * 0.2) + FACT_BONUS[fact.kind];
}

/** The text an answer must be found in: the page as the document has it. */
function citedPageText(pages: readonly PageText[], req: GenerationRequest): (page: number) => string {
  const texts = new Map(pages.map((p) => [p.page, p.text]));
  return (page) =>
    texts.get(page) ??
    req.passages
      .filter((p) => p.page === page)
      .map((p) => p.text)
      .join("\n");
}

/** An acronym or a constant ("NULL", "UTF8"), or a name with inner capitals ("HTTPError", "LaTeX"). */
const NAME_LIKE = /^\p{Lu}[\p{Lu}\d_]+$|^\p{Lu}\p{Ll}*\p{Lu}/u;

/** Short answers ask for what a student can type: a term of one to three words. */
const typeable = (phrase: Phrase) => phrase.words <= 3 && phrase.text.length <= 30;

/** Options of like length: a definition of 5 words beside one of 13 gives the long one away, or the short. */
function alikeInLength(option: string, answer: string): boolean {
  const [a, b] = [wordsOf(answer).length, wordsOf(option).length];
  return Math.abs(a - b) <= Math.max(1, Math.ceil(a / 2));
}

/** The subject may be the answer only when it is not the topic itself, nor the document's. */
function subjectAskable(fact: Fact, ctx: DistractorContext): boolean {
  // A module's function is asked under the module's name ("colorsys" asks which of its functions does what), never under its own.
  const described = describedFunction(fact);
  if (described !== undefined) return !overlaps(described.replace(/\(\)$/, "").split(".").at(-1) ?? "", ctx.topicKey);
  if (fact.subject === undefined || overlaps(fact.subject.text, ctx.topicKey) || fact.kind === "statement" || isOrdinaryTerm(fact.subject, ctx)) return false;
  if (fact.subject.words === 1 && isDocumentSubject(fact.subject.key, ctx)) return false;
  // "The spec allows … versions of the spec": the predicate would give the answer away.
  const said = contentStems(fact.predicate ?? "");
  const own = contentStems(fact.subject.text);
  // "Which of the following creates a child?" (parent thread, round 31): the other of a pair names the answer.
  if ([...own].every((s) => said.has(s)) || namesPartner(own, said)) return false;
  // "Which of the following indicates the exit code …?" (subprocess.exitCode property, round 35): a word inside a name
  // from code, said in the question, gives the name away.
  const inNames = (fact.subject.text.match(CODE_NAME_WORDS) ?? []).flatMap((name) => [...contentStems(nameWordsSpelled(name))]).filter((w) => w.length >= 4);
  return !inNames.some((w) => said.has(w)) && !spelledOut(fact.subject.text, fact.predicate ?? "");
}


/** A function's description its name says ("cmath.sqrt() returns the square root of x"): asked in any form, its name answers it. */
function nameSaysIt(fact: Fact, ctx: DistractorContext): boolean {
  const described = describedFunction(fact);
  return described !== undefined && namesItsWork(described, fact.predicate ?? "", ctx.entries?.map((entry) => entry.name));
}

/**
 * No other term of the material fits what the fact says of its subject: "What is …?" has one answer. A function is told
 * from the module's others by its description's words in their order (distractors.ts describedAlike): "converts the
 * color from RGB coordinates to YIQ coordinates" is not what yiq_to_rgb() does.
 */
function describesOnly(fact: Fact, pool: readonly Fact[], ctx: DistractorContext): boolean {
  const described = describedFunction(fact);
  if (described === undefined) return !pool.some((other) => describesBoth(fact, other));
  const alike = describedAlike(described, ctx);
  return !(ctx.entries ?? []).some((entry) => entry.name !== described && alike(entry));
}

/** "Which of the following is pdftk?": a predicate of one word describes nothing a student could recognise. */
function describes(fact: Fact): boolean {
  const predicate = fact.predicate ?? "";
  // "X is called on the compressed file": invoked, not named.
  if (/^(?:is|are) called (?:on|with|by|from|for|in|at|to|when|once)\b/i.test(predicate)) return false;
  // "Jabber is a trademark and XMPP is the official name …": a second clause is about another subject.
  if (/\b(?:and|but|or|while|whereas)\s+(?:\p{L}+\s+){1,3}(?:is|are|was|were|has|have)\b/u.test(predicate)) return false;
  // "[Even if the] POSIX API is used correctly, OpenMP programs can still contain data races" (round 34): after the
  // comma, another clause with its own subject, and the question would ask what the first one is said of.
  if (/,\s+(?!(?:which|that|who|whose|where|when|while|as|and|or|but)\b)(?:\p{L}+\s+){1,3}(?:can|could|is|are|was|were|will|would|must|may|might|should|has|have|does|do)\b/u.test(predicate)) return false;
  if (contrastsAnother(fact)) return false;
  return contentStems(predicate.replace(/^(?:is|are)\s+(?:called\s+)?/i, "")).size >= 2;
}

/**
 * "Regular functions compute a value and return it, but generators return an iterator …": the first
 * clause is said in contrast with another subject; alone, it is true of other terms as well (a
 * logging function computes a value too), so it neither asks for this subject nor is false of another.
 */
function contrastsAnother(fact: Fact): boolean {
  const { tokens } = fact.sentence;
  return tokens.some(
    (t, i) => t.text === "," && ["but", "while", "whereas"].includes(tokens[i + 1]?.lower ?? "") && ["NOUN", "PROPN", "DET", "ADJ"].includes(tokens[i + 2]?.pos ?? ""),
  );
}

function multipleChoice(fact: RankedFact, pool: readonly Fact[], req: GenerationRequest, ctx: DistractorContext, looseOptions: boolean): Question | undefined {
  for (const form of MC_FORMS[req.difficulty]) {
    // "What is a data frame?": not answered by "a list with class data.frame", which names it, nor by a definition
    // naming the topic ("a vector object …" under vectors), which the student would pick for that alone.
    const complement = fact.complement ?? "";
    const namesItself = overlaps(complement, ctx.topicKey) || overlaps(complement, fact.subject?.text ?? "");
    if (form === "whatIs" && fact.kind === "definition" && complement && !namesItself) {
      const others = rivalFacts(
        fact,
        pool,
        3,
        ctx,
        (rival) => rival.kind === "definition" && rival.complement !== undefined && !compact(rival.complement).includes(compact(complement)) && alikeInLength(rival.complement, complement),
        { inPlace: false },
      );
      if (others.length === 3) return whatIs(fact, others.map((o) => o.complement ?? ""), ctx.random);
    }
    if (form === "whichTerm" && subjectAskable(fact, ctx) && fact.subject && describes(fact) && describesOnly(fact, pool, ctx)) {
      const described = describedFunction(fact);
      const distractors = described !== undefined ? entryDistractors(described, whichTermStem(fact, false), 3, ctx) : termDistractors({ ...fact.subject, text: termForm(fact, fact.subject), ...(fact.genus !== undefined && { genus: fact.genus }) }, whichTermStem(fact, false), 3, ctx);
      if (distractors.length === 3) return whichTerm(fact, distractors, ctx.random);
    }
    // Only definitions and relations are clearly false of another term; a mere statement may hold of both.
    if (form === "trueOf" && fact.subject && fact.subject.start === 0 && (fact.kind === "definition" || fact.kind === "relation")) {
      // The false statements are what the material says of terms used like this one, in sentences of a readable length.
      const known = ctx.vocabulary.get(fact.subject.key);
      const alike = (rival: Fact) => {
        const term = rival.subject ? ctx.vocabulary.get(rival.subject.key) : undefined;
        return known !== undefined && term !== undefined && contextSimilarity(known, term) >= 0.1;
      };
      const rivals = rivalFacts(
        fact,
        pool,
        3,
        ctx,
        (rival) => rival.subject?.start === 0 && (rival.kind === "definition" || rival.kind === "relation") && rival.sentence.tokens.length <= 30 && alike(rival),
      );
      if (rivals.length === 3) return trueOf(fact, rivals, ctx.random);
    }
    if (form === "cloze") {
      for (const phrase of blankable(fact, ctx).slice(0, 4)) {
        const distractors = termDistractors({ ...phrase, text: termForm(fact, phrase) }, clozeText(fact, phrase), 3, ctx, !looseOptions);
        if (distractors.length === 3) return cloze(fact, phrase, distractors, ctx.random);
      }
    }
  }
  return undefined;
}

function shortAnswer(fact: RankedFact, pool: readonly Fact[], ctx: DistractorContext): Question | undefined {
  const subject = fact.subject;
  if (subject && subjectAskable(fact, ctx) && describes(fact) && describesOnly(fact, pool, ctx) && typeable(subject) && (!subject.plural || fact.kind === "naming")) return whichTermShort(fact);
  // A lone word to type must be one the material defines ("A finder is …") or a name ("NULL", "HTTPError"):
  // any other is a blank many words fill ("the _____ responds by returning an HTTP error code": server,
  // handler, opener). Raters accepted 18 of 92 such blanks in rounds 16 to 22, 70 of 154 of two words or more.
  const salient = (p: Phrase) => p.words > 1 || ctx.defined.has(p.key) || NAME_LIKE.test(p.text);
  const phrase = blankable(fact, ctx).find((p) => typeable(p) && salient(p));
  return phrase ? clozeShort(fact, phrase) : undefined;
}

/**
 * Another term's definition that is clearly not this subject's ("an immutable array" is not what a static
 * method object is): a different kind of thing (its genus is neither this definition's nor any other the
 * material gives the subject), and neither phrase contains the other. Two definitions of one genus may
 * both hold ("a wrapper around any other object", "a wrapper around another object").
 */
function otherDefinition(fact: Fact, pool: readonly Fact[]): (rival: Fact) => boolean {
  const key = fact.subject?.key;
  const own = compact(fact.complement ?? "");
  const genera = new Set(pool.filter((other) => other.kind === "definition" && other.subject?.key === key).map((other) => other.genus));
  genera.add(fact.genus);
  return (rival) => {
    if (rival.kind !== "definition" || rival.complement === undefined || genera.has(rival.genus)) return false;
    const theirs = compact(rival.complement);
    return !theirs.includes(own) && !own.includes(theirs) && !theirs.includes(compact(fact.subject?.text ?? "")) && !describesBoth(rival, fact);
  };
}

/**
 * True/false: a statement as printed, or made false by putting another term's name in its subject's
 * place (a term the material says other things of, never another name of the same thing), or by giving a
 * defined term another's definition: round 21's raters found all 17 true/false keys True, the definitions'
 * subjects having no rival of their kind to swap in.
 */
function trueOrFalse(fact: RankedFact, pool: readonly Fact[], makeFalse: boolean, ctx: DistractorContext, fresh: (rival: Fact) => boolean): Written | undefined {
  // A true statement must teach something: a definition or relation, or a key term after its verb
  // ("… has to be considered a little more carefully" says nothing).
  // "math.floor() returns the absolute value of x.": another function of the module said to do what this one does.
  const described = describedFunction(fact);
  if (described !== undefined && makeFalse) {
    const [other] = entryDistractors(described, fact.sentence.text, 1, ctx);
    return other === undefined ? undefined : { question: trueFalseSwapped(fact, { statement: other + fact.sentence.text.slice(described.length), said: described, other }) };
  }
  if (!makeFalse) return fact.kind !== "statement" || blankable(fact, { ...ctx, minUses: 1, minPages: 1 }).some((p) => p.first > verbIndex(fact)) ? { question: trueFalse(fact, undefined) } : undefined;
  // What a definition or relation says of a term is clearly false of another defined term.
  const [rival] = fact.subject && fact.kind !== "statement" && !contrastsAnother(fact) ? rivalFacts(fact, pool, 1, ctx, fresh) : [];
  if (rival) return { question: trueFalse(fact, rival), borrowed: rival };
  const other = otherDefinition(fact, pool);
  const [definition] =
    fact.kind === "definition" && fact.complement && !contrastsAnother(fact) ? rivalFacts(fact, pool, 1, ctx, (r) => fresh(r) && other(r), { inPlace: false, anyField: true }) : [];
  if (definition) return { question: trueFalse(fact, definition, "definition"), borrowed: definition };
  // A key term swapped for another of its kind reads as nonsense or, worse, as another truth more
  // often than as a clear falsehood ("… variables of the directory", "… compared to hand-engraved
  // aspects"): only what is said of a defined term is made false, by naming another defined term; or a member
  // of a closed class by another member ("a newline is appended" of a tab: round 45 had 56 Trues to 3 Falses).
  const verb = fact.sentence.tokens[verbIndex(fact)];
  const swapped =
    (verb && swapMember(fact.sentence.text, verb.start, ctx.random, (member) => ctx.vocabulary.get(member) !== undefined)) ||
    (ctx.constants && swapConstant(fact.sentence.text, ctx.constants, ctx.random));
  return swapped ? { question: trueFalseSwapped(fact, swapped) } : undefined;
}

/** A question, and the other sentence a false statement borrowed from, which the test then asks no more. */
interface Written {
  question: Question;
  borrowed?: Fact;
}

/** Two sentences that share this share of their words (of the longer) say the same thing. */
const TWIN_SHARE = 0.8;

function nearlySame(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared >= TWIN_SHARE * Math.max(a.size, b.size);
}

const SCARCITY: QuestionType[] = ["short_answer", "multiple_choice", "true_false"];

interface Pass {
  /** Multiple choice may take a sentence. */
  multipleChoice: boolean;
  /** An answer already asked may be asked again. */
  repeats: boolean;
  /** Which types may take a sentence: those short of their share, or any. */
  scope: "share" | "any";
  /** A cloze's wrong options need only be used like the answer, not be of its kind (listed beside it, or of its head noun). */
  looseOptions?: boolean;
}

/**
 * The passes over the facts, in order. Beside other types, multiple choice comes last: raters accepted 1 of 56
 * built-in multiple-choice items in mixed tests in rounds 37 and 38 (options only of the answer's kind, a rule since
 * taken out, included), against 55% of true/false and 33% of short answers. So the other types asked for take every
 * sentence they can, beyond their share, and multiple choice fills what they leave; asked alone (the app's default),
 * it takes every sentence it can. Each answer once, then again.
 *
 * A cloze's wrong options are terms of the answer's kind (listed beside it, or of its head noun): round 43's raters
 * accepted no cloze whose options were only used in its company ("stack" beside "syntax", "integer", "key word").
 * Only multiple choice asked alone, once those run out, takes clozes with such options, so that the app's default
 * test is not left with one question; after the others, so a short test has the best.
 */
function passes(types: readonly QuestionType[]): Pass[] {
  const mixed = types.some((type) => type !== "multiple_choice");
  const first: Pass[] = mixed
    ? [
        { multipleChoice: false, repeats: false, scope: "share" },
        { multipleChoice: false, repeats: false, scope: "any" },
      ]
    : [];
  const kindred: Pass[] = [
    { multipleChoice: true, repeats: false, scope: "share" },
    { multipleChoice: true, repeats: true, scope: "any" },
  ];
  return mixed ? [...first, ...kindred] : [...kindred, ...kindred.map((pass) => ({ ...pass, looseOptions: true }))];
}

/**
 * Turns facts into questions of the requested types: one question per sentence, no repeated
 * question, each answer once before any answer is used again, true/false statements half false.
 * Thin material gives fewer questions rather than a second question on a sentence (the pipeline
 * keeps what it gets and says how many could be written).
 */
function assemble(facts: RankedFact[], pool: readonly Fact[], req: GenerationRequest, ctx: DistractorContext): Question[] {
  const { random } = ctx;
  const types: QuestionType[] = req.types.length > 0 ? [...new Set(req.types)] : ["multiple_choice"];
  const remaining = quotas(types, req.count, random);
  const quota = new Map(remaining);
  const asked = new Set(req.exclude.map(normalizeQuestion));
  const answers = new Set<string>();
  const used = new Set<RankedFact>();
  // The words of the sentences asked: "cg_diff does not attempt to check that the input files come from runs of the
  // same executable." and the same of cg_merge are one question twice (round 32).
  const twins: ReadonlySet<string>[] = [];
  const out: Question[] = [];
  let trueCount = 0;
  // Which comes first varies by seed; a test of true/false alone takes a false whenever one can be made,
  // since clearly false statements are the scarcer kind.
  const firstTrue = random() < 0.5;
  let falseCount = firstTrue && types.length > 1 ? 1 : 0;
  // A repair round adds to a test the pipeline has begun (its questions excluded, their sources too): the keys it
  // holds count toward the balance, or each round would add its own trues (the fixtures had tests of 4 of 4 True).
  // A statement is True where it is its source sentence word for word.
  const sources = new Set((req.excludeSources ?? []).map(normalizeQuestion));
  for (const asked of req.exclude) {
    const statement = /^True or false: (.+)$/s.exec(asked)?.[1];
    if (statement === undefined) continue;
    if (sources.has(normalizeQuestion(statement))) trueCount++;
    else falseCount++;
  }

  // ("True or false: Sheet music is the top level notation context." then "What is the top level notation context?"
  // asked one sentence twice: a false statement borrows no sentence asked, and the test asks none borrowed.)
  const stemsOf = remembered((fact: Fact) => contentStems(fact.sentence.text));
  const fresh = (rival: Fact) => !twins.some((other) => nearlySame(stemsOf(rival), other));
  let balancing = true;
  let looseOptions = false;
  const write = (fact: RankedFact, type: QuestionType): Written | undefined => {
    const question = type === "short_answer" ? shortAnswer(fact, pool, ctx) : type === "multiple_choice" ? multipleChoice(fact, pool, req, ctx, looseOptions) : undefined;
    if (type !== "true_false") return question && { question };
    // Facts whose subject has no rival can only be true; a false one is asked whenever one can be made
    // and falses are behind, and trues run ahead by one at most (the other types take the rest),
    // unless true/false is all that was asked for, and then only once every sentence has had its turn to be made false.
    const wantFalse = falseCount <= trueCount;
    const slack = types.length === 1 && !balancing ? (quota.get("true_false") ?? 0) : 1;
    return trueOrFalse(fact, pool, wantFalse, ctx, fresh) ?? (wantFalse && trueCount - falseCount < slack ? trueOrFalse(fact, pool, false, ctx, fresh) : undefined);
  };

  /** Whether a question may join the test: a new question, and a new answer unless answers may repeat. */
  const fits = (type: QuestionType, question: Question, repeats: boolean) =>
    !(type !== "true_false" && !repeats && answers.has(`${type}:${normalizeQuestion(question.answer)}`)) && !asked.has(normalizeQuestion(question.question));
  const take = (fact: RankedFact, type: QuestionType, { question, borrowed }: Written, said: ReadonlySet<string>) => {
    asked.add(normalizeQuestion(question.question));
    answers.add(`${type}:${normalizeQuestion(question.answer)}`);
    used.add(fact);
    twins.push(said);
    if (borrowed) twins.push(stemsOf(borrowed));
    if (type === "true_false") {
      if (question.answer === "True") trueCount++;
      else falseCount++;
    }
    remaining.set(type, (remaining.get(type) ?? 0) - 1);
    out.push(question);
  };

  for (const { multipleChoice: choices, repeats, scope, looseOptions: loose = false } of passes(types)) {
    balancing = scope === "share";
    looseOptions = loose;
    for (const fact of facts) {
      if (out.length >= req.count) return out;
      if (used.has(fact)) continue;
      req.signal?.throwIfAborted();
      const said = contentStems(fact.sentence.text);
      if (twins.some((other) => nearlySame(said, other))) continue;
      // Equal needs go to the scarcer kinds first: nearly any sentence makes a true statement, few a short answer.
      const byNeed = [...types].sort((a, b) => (remaining.get(b) ?? 0) - (remaining.get(a) ?? 0) || SCARCITY.indexOf(a) - SCARCITY.indexOf(b));
      for (const type of byNeed) {
        if ((scope === "share" && (remaining.get(type) ?? 0) <= 0) || (type === "multiple_choice" && !choices)) continue;
        const written = write(fact, type);
        if (written && fits(type, written.question, repeats)) {
          take(fact, type, written, said);
          break;
        }
      }
    }
  }
  return out;
}

/**
 * Mechanical checks of generated questions, for the question-quality benchmark (bench/quality.ts).
 * Each check is a small pure function of one item (or of one test's items) and answers pass, fail with
 * a short reason, or undefined where it does not apply (distractors of a true/false item). They find
 * the faults teachers rejected items for (../shared/quality/question-rubric.md); passing them all is
 * necessary for an acceptable item, not sufficient: whether a question is worth asking still needs a
 * teacher, which is why the benchmark also writes every item out to be rated.
 *
 * They read only the question as a student gets it (stem, options, key, cited pages) and the topic, never
 * a provider's internals, so they measure any provider the same way.
 */
import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { startsWithName } from "../../src/generation/providers/builtin/english.ts";

/** The parts of a question the checks read (a `Question` of src/generation/providers/types.ts fits). */
export interface ItemUnderTest {
  question: string;
  type: "multiple_choice" | "true_false" | "short_answer";
  options: string[];
  answer: string;
  source_pages: number[];
}

export interface CheckInput {
  item: ItemUnderTest;
  topic: string;
  /** The text of the pages the item cites, joined (empty when it cites none). */
  citedText: string;
}

export type Verdict = { pass: true } | { pass: false; why: string } | undefined;

const PASS: Verdict = { pass: true };
const fail = (why: string): Verdict => ({ pass: false, why });

// ---- text helpers ----------------------------------------------------------------------------

/** Lower case, letters and digits only, single spaces. */
export const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** A word without its plural ending: "libraries" → "library", "classes" → "class", "vectors" → "vector". */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (word.length > 4 && /(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

const STOP = new Set(
  "a an and are as at be by can for from has have in into is it its of on or that the their this to was were which with what when where who why how does do not".split(" "),
);
const stems = (s: string) => norm(s).split(" ").filter(Boolean).map(singular);
/** A phrase's words without a leading article: "A factor" is the phrase "factor". */
const phraseStems = (s: string) => stems(s).filter((w, i) => i > 0 || !["a", "an", "the"].includes(w));
const contentStems = (s: string) => stems(s).filter((w) => !STOP.has(w));

/** Whether the phrase occurs in the text as whole words, singular or plural. */
export function containsPhrase(text: string, phrase: string): boolean {
  const p = phraseStems(phrase).join(" ");
  return p !== "" && ` ${stems(text).join(" ")} `.includes(` ${p} `);
}

const samePhrase = (a: string, b: string) => {
  const x = phraseStems(a).join(" ");
  return x !== "" && x === phraseStems(b).join(" ");
};

const BLANK = /_{3,}/;
/** "True or false: …", "Fill in the blank (two words): …": instructions a provider may put before the stem itself. */
const INSTRUCTION_PREFIX = /^(?:true or false|t\/f|complete the (?:sentence|statement)|fill in the blanks?|choose the (?:best|correct) (?:answer|option))(?:\s*\([^)]{0,30}\))?\s*[:?.-]\s*/i;
export const stemText = (item: ItemUnderTest) => item.question.trim().replace(INSTRUCTION_PREFIX, "");
const distractors = (item: ItemUnderTest) => item.options.filter((o) => norm(o) !== norm(item.answer));
const hasOptions = (item: ItemUnderTest) => item.type === "multiple_choice" && item.options.length > 1;

const nlp = winkNLP(model);
const its = nlp.its;
/** Universal part-of-speech tags of the words of a text (wink-nlp's English model, offline). */
const tags = (text: string) => nlp.readDoc(text).tokens().out(its.pos) as string[];

// ---- item checks -----------------------------------------------------------------------------

/** Words that continue a sentence begun before: a stem starting with one was cut from the middle. */
const CONTINUATIONS = new Set("and or but nor whereas than".split(" "));

/** A lower-case word and then, without a full stop, a word that starts sentences: a heading or a lost stop between. */
const RUN_ON = /\p{Ll}{2,}\s+(?:The|This|These|It|We|You|If|For|Often|Note|See|Thus|However|Then|When|In this|More|Most|Some|Each|There|They|As)\s/u;

/** A whole sentence: capitalised, not cut at the start, has a verb, brackets closed, ends with ?, . or !, or with the blank. */
export function completeStem({ item }: CheckInput): Verdict {
  const s = stemText(item);
  const first = s.match(/^[\p{L}\p{N}_]+/u)?.[0] ?? "";
  if (!/^[\p{Lu}\p{N}_"“'‘(]/u.test(s) && !startsWithName(s)) return fail("does not start with a capital");
  if (CONTINUATIONS.has(first.toLowerCase())) return fail(`starts mid-sentence ("${first}")`);
  if (s.split(/\s+/).length < 4) return fail("fewer than four words");
  if (!/(?:[?.!]|_{3,})["”'’)\]]*$/u.test(s)) return fail("does not end a sentence");
  const runOn = s.match(RUN_ON)?.[0];
  if (runOn) return fail(`two sentences run together ("${runOn.trim()}")`);
  const open = (s.match(/[([]/g) ?? []).length;
  const close = (s.match(/[)\]]/g) ?? []).length;
  if (open !== close) return fail("unbalanced brackets");
  // A participle after an article or adjective ("A moderated list for …") describes; it is not the verb.
  const pos = tags(s);
  const verb = pos.some((t, i) => t === "AUX" || (t === "VERB" && !["DET", "ADJ", "ADP"].includes(pos[i - 1] ?? "")));
  if (!verb) return fail("no verb: not a sentence");
  return PASS;
}

/** Text that is layout, not content: page numbers, placeholders, code, addresses, dot leaders, headings. */
const DEBRIS: [string, RegExp][] = [
  ["page number", /(?<![\d.])\d{1,4}\s*\/\s*\d{1,4}(?![\d.])|\bpage \d+ of \d+\b/i],
  ["placeholder", /\bX{3,}\b|\b(?:foo|foobar|baz|qux|lorem ipsum|TODO|FIXME|TBD)\b/i],
  // Code's syntax, not a name from code in prose ("The Stem_engraver is notified of …", "cg_merge is a simple
  // program …"): the generator asks about named things, and their names are what the student must know.
  ["code", /<-|->|==|!=|&&|\|\||::|[{}]|\b\w+\([^()]*[,=][^()]*\)|(?:^|\s)[>$#]\s|\$\w|\b[\w-]+\.(?:tar|gz|zip|tgz|txt|tex|sh|py|xml|json|R|c|h)\b/u],
  ["web address", /\b(?:https?|ftp):\/\/|\bwww\.|\b[\w.-]+@[\w-]+\.\w+|\b[\w-]+\.(?:org|com|net|edu|html?|pdf)\b/i],
  ["dot leader", /(?:\.\s?){4,}|…{2,}/],
  ["section heading", /^(?:chapter|section|appendix|part)\s+[\dIVX]+\b/i],
  // A numbered heading's title starts with a capital (case-sensitive: "LilyPond 1.4 output" is a version).
  ["section heading", /(?:^|\s)\d+\.\d+(?:\.\d+)*\s+\p{Lu}/u],
];

export function noDebris({ item }: CheckInput): Verdict {
  const texts = [item.question, item.answer, ...(hasOptions(item) ? item.options : [])];
  for (const [kind, pattern] of DEBRIS) {
    const hit = texts.map((t) => t.match(pattern)?.[0]).find((m) => m !== undefined);
    if (hit !== undefined) return fail(`${kind} "${hit.trim()}"`);
  }
  return PASS;
}

/** The key is on the pages cited (a statement: most of its words are). */
export function answerOnCitedPage({ item, citedText }: CheckInput): Verdict {
  if (!item.source_pages.length || !citedText.trim()) return fail("no page cited");
  if (item.type === "true_false") {
    const words = contentStems(stemText(item));
    const page = new Set(stems(citedText));
    const found = words.filter((w) => page.has(w)).length;
    return words.length && found / words.length >= 0.6 ? PASS : fail(`${found} of ${words.length} words on the page`);
  }
  return ` ${norm(citedText)} `.includes(` ${norm(item.answer)} `) ? PASS : fail("answer not on the cited page");
}

/** The key is not the topic the student typed, and the topic is not offered as an option. */
export function answerNotTopic({ item, topic }: CheckInput): Verdict {
  if (item.type === "true_false") return undefined;
  if (samePhrase(item.answer, topic)) return fail("the answer is the topic");
  // "Traditional _____ types …" with the topic "MIME types": the blank holds a word the student typed.
  if (containsPhrase(topic, item.answer)) return fail("the answer is part of the topic");
  // "music engraving" among options without "engraving", when the student typed "engraving": the odd one out.
  const holdsTopic = (o: string) => containsPhrase(o, topic);
  if (holdsTopic(item.answer) && !(hasOptions(item) && distractors(item).every(holdsTopic))) return fail("the answer holds the topic");
  if (hasOptions(item)) {
    const topical = distractors(item).find((o) => samePhrase(o, topic));
    if (topical) return fail(`the topic is an option ("${topical}")`);
  }
  return PASS;
}

/** The stem does not give the key away: not the key's words, its spelled-out form or its abbreviation. */
export function answerNotInStem({ item }: CheckInput): Verdict {
  if (item.type === "true_false") return undefined;
  const stem = stemText(item);
  if (containsPhrase(stem, item.answer)) return fail("the answer is in the stem");
  const answerWords = contentStems(item.answer);
  const stemWords = new Set(contentStems(stem));
  if (answerWords.length > 1 && answerWords.every((w) => stemWords.has(w))) return fail("every word of the answer is in the stem");
  const near = norm(stem)
    .split(" ")
    .find((w) => w.length >= 5 && norm(item.answer).length >= 5 && oneEditApart(w, norm(item.answer)));
  if (near) return fail(`the stem has "${near}", one letter from the answer`);
  const acronym = item.answer.replace(/[^\p{L}]/gu, "");
  if (/^\p{Lu}{2,}s?$/u.test(acronym) && spellsOut(norm(stem).split(" "), acronym.replace(/s$/, "").toLowerCase())) {
    return fail("the stem spells the abbreviation out");
  }
  const answerTerms = norm(item.answer).split(" ");
  const abbreviation = (stem.match(/\b\p{Lu}{2,}\b/gu) ?? []).find((a) => answerTerms.length > 1 && spellsOut(answerTerms, a.toLowerCase()));
  if (abbreviation) return fail(`the stem has the answer's abbreviation "${abbreviation}"`);
  return PASS;
}

/**
 * Whether consecutive words spell the letters out: each word gives its initial and may give later letters
 * of its own ("Open DataBase Connectivity" → ODBC), unless the next word starts with that letter.
 */
export function spellsOut(words: readonly string[], letters: string): boolean {
  for (let i = 0; i < words.length; i++) {
    let at = 0;
    for (let w = i; w < words.length && at < letters.length; w++) {
      const word = words[w]!;
      if (word[0] !== letters[at]) break;
      at++;
      let from = 1;
      while (at < letters.length && words[w + 1]?.[0] !== letters[at]) {
        const found = word.indexOf(letters[at]!, from);
        if (found < 0) break;
        from = found + 1;
        at++;
      }
    }
    if (at === letters.length) return true;
  }
  return false;
}

/** Whether two different words differ by one substitution, insertion or deletion ("licence", "license"). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Options are different things: not repeats, not one inside another, not in the stem. */
export function distractorsDistinct({ item }: CheckInput): Verdict {
  if (!hasOptions(item)) return undefined;
  const keys = item.options.map((o) => stems(o).join(" "));
  if (new Set(keys).size !== keys.length) return fail("two options are the same (or singular/plural)");
  for (const [i, a] of keys.entries()) {
    for (const [j, b] of keys.entries()) {
      if (i !== j && a && ` ${b} `.includes(` ${a} `)) return fail(`"${item.options[i]}" is part of "${item.options[j]}"`);
    }
  }
  const inStem = distractors(item).find((o) => containsPhrase(stemText(item), o));
  return inStem ? fail(`option "${inStem}" is in the stem`) : PASS;
}

// ---- the kind of a phrase (wink-nlp's English model, offline) ----------------------------------

export type WordClass = "noun" | "number" | "verb" | "adjective" | "adverb" | "other";
const CLASS_OF: Record<string, WordClass> = {
  NOUN: "noun",
  PROPN: "noun",
  NUM: "number",
  VERB: "verb",
  AUX: "verb",
  ADJ: "adjective",
  ADV: "adverb",
};

/** The class of the head word among a phrase's tags: the last word before a preposition, comma or clause. */
function headOf(pos: string[], types: string[]): WordClass {
  let head: string | undefined;
  for (const [i, tag] of pos.entries()) {
    if (tag === "ADP" || tag === "CCONJ" || tag === "SCONJ" || tag === "PRON" || (tag === "PUNCT" && i > 0)) break;
    if (types[i] === "number") head = "NUM";
    else if (tag !== "DET" && tag !== "PUNCT") head = tag;
  }
  return CLASS_OF[head ?? ""] ?? "other";
}

/**
 * The class of a phrase's head word ("the mean of x" → mean, noun). With a stem that has a blank, the
 * phrase is tagged where a student reads it, in the blank: out of context many nouns ("file",
 * "attribute") read as verbs.
 */
export function headClass(phrase: string, stem?: string): WordClass {
  const at = stem?.search(BLANK) ?? -1;
  if (stem && at >= 0) {
    const before = nlp.readDoc(stem.slice(0, at)).tokens().length();
    const length = nlp.readDoc(phrase).tokens().length();
    const tokens = nlp.readDoc(stem.replace(BLANK, phrase)).tokens();
    const pos = (tokens.out(its.pos) as string[]).slice(before, before + length);
    const types = (tokens.out(its.type) as string[]).slice(before, before + length);
    return headOf(pos, types);
  }
  const tokens = nlp.readDoc(phrase).tokens();
  return headOf(tokens.out(its.pos) as string[], tokens.out(its.type) as string[]);
}

type CaseStyle = "acronym" | "capitalised" | "lower" | "other";
function caseStyle(phrase: string): CaseStyle {
  const letters = phrase.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 2 && letters === letters.toUpperCase()) return "acronym";
  if (/^\p{Lu}/u.test(letters)) return "capitalised";
  if (/^\p{Ll}/u.test(letters)) return "lower";
  return "other";
}

const wordCount = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;

/**
 * The classes a phrase may be read as: tagged in the blank and on its own, and a noun when several words
 * include a noun ("example source file": the lite model tags many compounds' last word a verb). Either
 * reading makes it that kind: a distractor is flagged only when no reading of it fits any of the key's.
 */
function classesOf(phrase: string, stem?: string): Set<WordClass> {
  const classes = new Set([headClass(phrase), headClass(phrase, stem)]);
  const pos = tags(phrase);
  if (pos.length > 1 && pos.some((t) => t === "NOUN" || t === "PROPN")) classes.add("noun");
  // Out of context many English words are both ("file", "needs").
  if (classes.has("noun") && !(stem && BLANK.test(stem))) classes.add("verb");
  return classes;
}

/** Why a distractor is not the same kind of thing as the key, or undefined when it is. `stem`: where the blank is. */
export function kindMismatch(answer: string, distractor: string, stem?: string, opts: { form?: boolean } = {}): string | undefined {
  const [a, d] = [classesOf(answer, stem), classesOf(distractor, stem)];
  if (![...d].some((c) => a.has(c))) return `${[...d].join("/")} for ${[...a].join("/")}`;
  const [ca, cd] = [caseStyle(answer), caseStyle(distractor)];
  // A name beside a common noun is another kind of thing; an abbreviated name beside a spelled-out one is not.
  if (ca !== cd && (ca === "other" || cd === "other" || (ca === "lower") !== (cd === "lower"))) {
    return `${cd} beside ${ca}`;
  }
  // A swapped term in a statement is read, not compared side by side with the original: only its kind counts.
  if (opts.form === false) return undefined;
  if (/\d/.test(answer) !== /\d/.test(distractor)) return /\d/.test(answer) ? "no digits beside digits" : "digits beside none";
  const [wa, wd] = [wordCount(answer), wordCount(distractor)];
  if (Math.abs(wa - wd) > Math.max(1, Math.ceil(wa / 2))) return `${wd} words beside ${wa}`;
  const [la, ld] = [answer.trim().length, distractor.trim().length];
  if (Math.max(la, ld) > 6 && Math.max(la, ld) / Math.max(1, Math.min(la, ld)) > 2.5) return `${ld} characters beside ${la}`;
  return undefined;
}

/** Every distractor is the key's kind: head word class, capitalisation, word count, length. */
export function distractorsSameKind({ item }: CheckInput): Verdict {
  if (!hasOptions(item)) return undefined;
  for (const d of distractors(item)) {
    const why = kindMismatch(item.answer, d, stemText(item));
    if (why) return fail(`"${d}": ${why}`);
  }
  return PASS;
}

/** The page cited is about the topic: it names it (every word of it, singular or plural). */
export function topicRelevance({ topic, citedText }: CheckInput): Verdict {
  if (containsPhrase(citedText, topic)) return PASS;
  const page = new Set(stems(citedText));
  const missing = contentStems(topic).filter((w) => !page.has(w));
  return missing.length ? fail(`cited page lacks "${missing.join(" ")}"`) : PASS;
}

/** Openings that point at something the student cannot see: the sentence before, a figure, a list. */
const DEICTIC = /^(?:this|these|that|those|it|its|they|their|them|he|she|such|both|here|above|below|thus|hence|the (?:second|third|first|last|former|latter|above|following|same|other|next|previous)|another|in this (?:case|way))\b/i;

/** Words inside a stem that point back at text the student has not got. */
const ANAPHORA = /\b(?:such (?!as\b)(?:an?\s)?\p{L}+|(?:this|these) \p{L}+|the (?:above|former|latter)|(?:discussed|mentioned|shown|described|given|listed|defined|explained) (?:above|below|earlier|previously|before)|as above|(?:see|cf\.?) (?:above|below)|(?:example|figure|table|list|code|listing)s? (?:above|below)|the following (?:example|figure|table|list|code|listing)s?)\b/iu;

export function selfContainedStem({ item }: CheckInput): Verdict {
  const s = stemText(item);
  const opening = s.match(DEICTIC)?.[0];
  if (opening) return fail(`starts with "${opening}"`);
  const inside = s.replace(/^which of the following\b/i, "").match(ANAPHORA)?.[0];
  return inside ? fail(`refers back ("${inside}")`) : PASS;
}

/** Trivia about the document ("The reader should consult the ___") rather than its subject. */
const DOCUMENT_REFERENCE = /\b(?:this|the present|the following) (?:manual|document|chapter|section|guide|book|faq|appendix|essay|specification|spec|paper|text)\b|\bthe reader\b|\bsee (?:section|chapter|page|appendix|also|below|above)\b|\b(?:section|chapter|appendix|page|figure|table) \d|\bfor (?:more|further) (?:information|details)\b/i;

export function noDocumentReference({ item }: CheckInput): Verdict {
  const hit = item.question.match(DOCUMENT_REFERENCE)?.[0];
  return hit ? fail(`refers to the document ("${hit}")`) : PASS;
}

/**
 * A statement of fact or a question, not an instruction copied from the document ("Please use the CRAN
 * site closest to you", "See the help page …", "Let path be …"): it starts with a verb in its base form.
 */
/** Verbs that open the instructions of manuals; the tagger reads some of them ("Use", "Note") as nouns. */
const IMPERATIVES = new Set("please see use type run note let suppose recall consider remember make try click select enter read install open add set check call look assume refer consult".split(" "));

export function notAnInstruction({ item }: CheckInput): Verdict {
  const s = stemText(item);
  const first = s.match(/^\p{L}+/u)?.[0] ?? "";
  if (IMPERATIVES.has(first.toLowerCase())) return fail(`an instruction ("${first}")`);
  const tag = tags(s)[0];
  if (tag !== "VERB" || /(?:ing|ed|taken|given|written|shown|known|seen)$/i.test(first)) return PASS;
  // "Returns the number of …": a reference manual's description, a sentence without its subject.
  return fail(/[^s]s$/i.test(first) ? `no subject ("${first}")` : `an instruction ("${first}")`);
}

/**
 * A false statement made by swapping a term of a page's sentence swaps in one of the same kind ("CRAN" for
 * "Bioconductor", not "Gentleman components" or "expression" for "list" across kinds): the sentence of the
 * cited page closest to the statement is found and the replaced words compared.
 */
export function falseStatementSameKind({ item, citedText }: CheckInput): Verdict {
  if (item.type !== "true_false" || item.answer.toLowerCase() !== "false") return undefined;
  const statement = stemText(item).replace(/[.!?]+$/, "").split(/\s+/);
  const same = (x: string | undefined, y: string | undefined) => x !== undefined && x.toLowerCase() === y?.toLowerCase();
  let best: { removed: string; added: string; size: number; first: boolean } | undefined;
  for (const sentence of citedText.replace(/\s+/g, " ").split(/(?<=[.!?])\s+/)) {
    // A connective the statement left out ("Thus in the present context …") is no part of the swap.
    const all = sentence
      .replace(/[.!?]+$/, "")
      .replace(/^(?:thus|hence|so|also|however|therefore|in addition),?\s+/i, "")
      .split(" ");
    // The page's sentence may carry a heading before the words the statement starts with: it is aligned
    // on each of the statement's first words in turn ("Further is a vector …" on "4 Ordered … A factor is a vector …").
    for (let k = 0; k < Math.min(4, statement.length); k++) {
      const from = all.findIndex((w, i) => i >= k && same(w, statement[k])) - k;
      if (from < -k) continue;
      const words = all.slice(Math.max(0, from));
      let start = 0;
      while (start < words.length && start < statement.length && same(words[start], statement[start])) start++;
      let end = 0;
      while (end < words.length - start && end < statement.length - start && same(words.at(-1 - end), statement.at(-1 - end))) end++;
      const removed = words.slice(start, words.length - end).join(" ");
      const added = statement.slice(start, statement.length - end).join(" ");
      const size = removed.split(" ").length + added.split(" ").length;
      if (removed && added && (start + end) / statement.length >= 0.6 && (!best || size < best.size)) best = { removed, added, size, first: start === 0 };
    }
  }
  if (!best) return PASS;
  // A swap at the statement's start is capitalised as a sentence's first word is: its article says nothing of its kind ("An R list" for "factor").
  const read = (words: string) => (best.first && /^(?:A|An|The)\s/.test(words) ? words.charAt(0).toLowerCase() + words.slice(1) : words).replace(/[,;:]$/, "");
  const why = kindMismatch(read(best.removed), read(best.added), undefined, { form: false });
  return why ? fail(`"${best.added}" for "${best.removed}": ${why}`) : PASS;
}

// ---- test checks (over the items of one generated test) ---------------------------------------

/** χ² at p = 0.01 with 3 degrees of freedom (4 positions). */
const CHI2_4_POSITIONS = 11.34;

/** The key's position among the options varies across the test: no position stands out (χ², p < 0.01). */
export function answerPositionSpread(items: readonly ItemUnderTest[]): Verdict {
  const positions = items.filter((i) => i.type === "multiple_choice" && i.options.length === 4).map((i) => i.options.findIndex((o) => norm(o) === norm(i.answer)));
  if (positions.length < 4) return undefined;
  const counts = [0, 1, 2, 3].map((p) => positions.filter((x) => x === p).length);
  const expected = positions.length / 4;
  const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
  return chi2 < CHI2_4_POSITIONS ? PASS : fail(`keys at A–D: ${counts.join("/")}`);
}

/** True/false keys are not all one way: each answer at least a quarter of them. */
export function trueFalseBalance(items: readonly ItemUnderTest[]): Verdict {
  const keys = items.filter((i) => i.type === "true_false").map((i) => i.answer.toLowerCase() === "true");
  if (keys.length < 4) return undefined;
  const trues = keys.filter(Boolean).length;
  const share = trues / keys.length;
  return share >= 0.25 && share <= 0.75 ? PASS : fail(`${trues} of ${keys.length} True`);
}

/** Content words shared by two stems over those of the shorter: 1 when one repeats the other. */
function overlap(a: string, b: string): number {
  const [x, y] = [new Set(contentStems(a)), new Set(contentStems(b))];
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / Math.max(1, Math.min(x.size, y.size));
}

/** Content words a stem needs to be a sentence of the material rather than a short question on a term. */
const MIN_SENTENCE_WORDS = 4;

/** No two items of a test are written from one sentence (their stems share most of their words). */
export function noRepeatedSentence(items: readonly ItemUnderTest[]): Verdict {
  if (items.length < 2) return undefined;
  const stemsOf = items.map(stemText);
  // ("What is a factor?" holds one content word: it repeats no sentence that names factors.)
  const sentence = (s: string) => new Set(contentStems(s)).size >= MIN_SENTENCE_WORDS;
  const repeats = stemsOf.filter((s, i) => sentence(s) && stemsOf.slice(0, i).some((t) => sentence(t) && overlap(s, t) >= 0.8)).length;
  return repeats ? fail(`${repeats} of ${items.length} items repeat an earlier item's sentence`) : PASS;
}

// ---- profile: what kind of items a provider writes (figures, not faults) ------------------------

export type StemForm = "cloze" | "question" | "statement";
export const stemForm = (item: ItemUnderTest): StemForm => (BLANK.test(item.question) ? "cloze" : /\?["”')\]]*$/u.test(item.question.trim()) ? "question" : "statement");

/** The stem, with the key in its blank, is a sentence of the cited pages word for word. */
export function copiedFromPage({ item, citedText }: CheckInput): boolean {
  const filled = stemText(item).replace(BLANK, item.answer);
  return norm(filled).length > 0 && ` ${norm(citedText)} `.includes(` ${norm(filled)} `);
}

// ---- registries, in the order the report lists them --------------------------------------------

export const ITEM_CHECKS = {
  "complete stem": completeStem,
  "no debris": noDebris,
  "answer on cited page": answerOnCitedPage,
  "answer not the topic": answerNotTopic,
  "answer not in stem": answerNotInStem,
  "distractors distinct": distractorsDistinct,
  "distractors same kind": distractorsSameKind,
  "topic on cited page": topicRelevance,
  "self-contained stem": selfContainedStem,
  "no document reference": noDocumentReference,
  "not an instruction": notAnInstruction,
  "false statement same kind": falseStatementSameKind,
} satisfies Record<string, (input: CheckInput) => Verdict>;

export const TEST_CHECKS = {
  "answer position spread": answerPositionSpread,
  "true/false balance": trueFalseBalance,
  "no repeated sentence": noRepeatedSentence,
} satisfies Record<string, (items: readonly ItemUnderTest[]) => Verdict>;

export type ItemCheckName = keyof typeof ITEM_CHECKS;
export type TestCheckName = keyof typeof TEST_CHECKS;

/** Every item check on one item: the name and verdict of each that applies. */
export function checkOne(input: CheckInput): [ItemCheckName, NonNullable<Verdict>][] {
  const verdicts: [ItemCheckName, NonNullable<Verdict>][] = [];
  for (const [name, check] of Object.entries(ITEM_CHECKS) as [ItemCheckName, (i: CheckInput) => Verdict][]) {
    const v = check(input);
    if (v) verdicts.push([name, v]);
  }
  return verdicts;
}

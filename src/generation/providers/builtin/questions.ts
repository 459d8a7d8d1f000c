import type { Question } from "../types.ts";
import type { Fact } from "./facts.ts";
import type { Phrase } from "./phrases.ts";
import { startsWithName } from "./english.ts";
import { shuffle, type Random } from "./random.ts";
import { capitalizeFirst, uncapitalised, wordsOf } from "./text.ts";

/**
 * The question forms. Every answer is copied from the sentence as printed, so the pipeline finds it
 * on the cited page; every stem reads alone because the sentence was chosen to (quality.ts).
 */
const BLANK = "_____";

function explanation(fact: Fact): string {
  return `From page ${fact.sentence.page}: "${fact.sentence.printed ?? fact.sentence.text}"`;
}

function base(fact: Fact): Pick<Question, "explanation" | "source_pages" | "source"> {
  return { explanation: explanation(fact), source_pages: [fact.sentence.page], source: fact.sentence.printed ?? fact.sentence.text };
}

/** The subject with its article, as it would read inside a question ("a factor", "R"). */
function subjectPhrase(fact: Fact): string {
  const subject = fact.subject as Phrase;
  const text = fact.sentence.text.slice(subject.start, subject.stop);
  if (subject.start !== 0) return text;
  // "A TypeError is raised …", "An R list is …": an article capitalised where the sentence began is not ("statements
  // about a TypeError", "What is an R list?").
  const article = text.replace(/^(?:A|An|The)\s/, (opening) => opening.toLowerCase());
  return subject.proper ? article : uncapitalised(article);
}

/** The term as an option: lower-case unless a name ("factor", "R"). */
export function termForm(fact: Fact, phrase: Phrase): string {
  return phrase.proper || phrase.termStart !== 0 ? phrase.text : uncapitalised(phrase.text);
}

function choice(fact: Fact, question: string, answer: string, distractors: string[], random: Random): Question {
  return { question, type: "multiple_choice", options: shuffle([answer, ...distractors], random), answer, ...base(fact) };
}

/** Medium: "What is a factor?" answered by its defining phrase, against other terms' definitions. */
export function whatIs(fact: Fact, others: string[], random: Random): Question {
  const verb = fact.subject?.plural ? "are" : "is";
  return choice(fact, `What ${verb} ${subjectPhrase(fact)}?`, fact.complement ?? "", others, random);
}

/**
 * Easy/Medium: the definition or relation is given, the term asked for: "Which of the following is a
 * vector object used to …?" / "What is the term for the entities that R creates and manipulates?"
 */
export function whichTermStem(fact: Fact, shortAnswer: boolean): string {
  const predicate = fact.predicate ?? "";
  if (fact.kind === "naming") return `What is the term for ${predicate.charAt(0).toLowerCase()}${predicate.slice(1)}?`;
  if (describedFunction(fact) !== undefined) return `Which function ${predicate}?`;
  return shortAnswer ? `What ${predicate}?` : `Which of the following ${predicate}?`;
}

export function whichTerm(fact: Fact, distractors: string[], random: Random): Question {
  const answer = termForm(fact, fact.subject as Phrase);
  return choice(fact, whichTermStem(fact, false), answer, distractors, random);
}

/** The module a subject names where the generator wrote its name in ("The zipfile module provides …", sentences.ts). */
function namedModule(fact: Fact): string | undefined {
  const { named, text } = fact.sentence;
  if (!named || !fact.subject || fact.subject.start >= named.stop) return undefined;
  return /^The (\S+) module$/.exec(text.slice(named.start, named.stop))?.[1];
}

/**
 * The function a reference entry's description is of, where the generator named it as its subject ("math.fabs()
 * returns the absolute value of x.", sentences.ts): asked as a function, its wrong options other functions.
 */
export function describedFunction(fact: Fact): string | undefined {
  const { subject, sentence } = fact;
  return subject?.start === 0 && subject.text === sentence.described?.name ? subject.text : undefined;
}

/**
 * A function's name that says what its description does: "sqrt" the square root, "phase" the phase, "cos" the cosine,
 * "atan" the arc tangent. "Which function returns the square root of x?" is answered by the name (round 54's raters:
 * "the name gives the answer away"), and "cmath.sqrt() returns the square root of x" is true by its name.
 */
export function namesItsWork(name: string, predicate: string, siblings: readonly string[] = []): boolean {
  const own = (name.replace(/\(\)$/, "").split(".").at(-1) ?? "").toLowerCase().replace(/[\d_]+/g, "");
  if (own.length < 3) return false;
  const words = wordsOf(predicate.toLowerCase().replace(/-/g, " "));
  // Its letters in order, from the first letters of one to three words in a row ("sq-r-t": square root; "a-tan": arc tangent).
  if (words.some((_, i) => spells(own, words.slice(i, i + 3)))) return true;
  // Or each of its parts said ("b16encode": "encodes … using Base16", round 55), unless another function's name has them
  // all too: then the question tells them apart ("open_new" beside "open_new_tab" for "opens url in a new window";
  // "rgb_to_yiq" beside "yiq_to_rgb").
  const partsOf = (entry: string): string[] => (entry.replace(/\(\)$/, "").split(".").at(-1) ?? "").toLowerCase().match(/[a-z]\d+|[a-z]+/g) ?? [];
  const said = (part: string) => words.some((word) => (/\d/.test(part) ? word[0] === part[0] && word.endsWith(part.slice(1)) : word.startsWith(part)));
  const parts = partsOf(name);
  return parts.length >= 2 && parts.every(said) && !siblings.some((sibling) => sibling !== name && parts.every((part) => partsOf(sibling).includes(part)));
}

function spells(name: string, words: readonly string[]): boolean {
  const [word, ...rest] = words;
  if (name === "") return true;
  if (word === undefined || word[0] !== name[0]) return false;
  // The name's next letters taken from this word, as many as match in order, the rest from the words after it.
  for (let taken = 1, at = 1; taken <= name.length; taken++) {
    if (spells(name.slice(taken), rest)) return true;
    const found = word.indexOf(name[taken] ?? "", at);
    if (found < 0) return false;
    at = found + 1;
  }
  return false;
}

export function whichTermShort(fact: Fact): Question {
  // "math.fabs()" as a student would type it: "fabs", "math.fabs", "fabs()".
  const described = describedFunction(fact);
  if (described !== undefined) {
    const bare = described.slice(0, -2);
    const last = bare.split(".").at(-1) ?? bare;
    return { question: whichTermStem(fact, true), type: "short_answer", options: [], answer: described, accepted_answers: [...new Set([bare, last, `${last}()`])], ...base(fact) };
  }
  // "Which module provides tools to … a ZIP file?": the module's name is the answer a student would type, not "zipfile module".
  const module = namedModule(fact);
  if (module !== undefined) {
    return { question: `Which module ${fact.predicate ?? ""}?`, type: "short_answer", options: [], answer: module, accepted_answers: [`${module} module`], ...base(fact) };
  }
  return { question: whichTermStem(fact, true), type: "short_answer", options: [], answer: termForm(fact, fact.subject as Phrase), ...base(fact) };
}

/** The sentence with a blank for the phrase's term; "a"/"an" before the blank would give it away. */
export function clozeText(fact: Fact, phrase: Phrase): string {
  const { text } = fact.sentence;
  const before = text.slice(0, phrase.termStart).replace(/\b([Aa])n? $/, (_m, a: string) => `${a}(n) `);
  // As printed: a sentence starts with a capital or with a command's name ("udev is …").
  return before + BLANK + text.slice(phrase.stop);
}

/** Easy: a stated fact recalled; the blank is a key term of the sentence, never the topic. */
export function cloze(fact: Fact, phrase: Phrase, distractors: string[], random: Random): Question {
  return choice(fact, `Complete the statement: ${clozeText(fact, phrase)}`, termForm(fact, phrase), distractors, random);
}

export function clozeShort(fact: Fact, phrase: Phrase): Question {
  // As a student types them: "man-db" is one word, "multi-line feature" two (round 45 asked "man-db" as two).
  const words = termForm(fact, phrase).split(/\s+/).length;
  const hint = words > 1 ? ` (${words === 2 ? "two" : "three"} words)` : "";
  return { question: `Fill in the blank${hint}: ${clozeText(fact, phrase)}`, type: "short_answer", options: [], answer: termForm(fact, phrase), ...base(fact) };
}

/** The sentence with its subject replaced by another fact's subject (a statement made false). */
export function rekeyed(fact: Fact, rival: Fact): string {
  const subject = fact.subject as Phrase;
  const other = rival.subject as Phrase;
  const { text } = fact.sentence;
  const name = rival.sentence.text.slice(other.start, other.stop);
  const replacement = subject.start === 0 ? (startsWithName(`${name} `) ? name : capitalizeFirst(name)) : termForm(rival, other);
  const from = subject.start === 0 ? subject.start : subject.termStart;
  return text.slice(0, from) + replacement + text.slice(subject.stop);
}

/** Hard: tell apart what the material says of this term from what it says of close ones. */
export function trueOf(fact: Fact, rivals: Fact[], random: Random): Question {
  const answer = fact.sentence.text;
  const falseOnes = rivals.map((rival) => {
    const swapped = { ...rival, subject: rival.subject, sentence: rival.sentence };
    return rekeyed(swapped, fact);
  });
  return choice(fact, `Which of the following statements about ${subjectPhrase(fact)} is true?`, answer, falseOnes, random);
}

/**
 * The subject's definition with another term's defining phrase in its place: "A static method object is an
 * immutable array." (what the material says a bytes object is).
 */
export function redefined(fact: Fact, rival: Fact): string {
  const subject = fact.subject as Phrase;
  const verb = fact.sentence.tokens[subject.end];
  return `${fact.sentence.text.slice(0, verb?.end ?? subject.stop)} ${rival.complement ?? ""}.`;
}

/**
 * True as printed; or made false with another term: in the subject's place ("subject"), or by giving the
 * subject the other term's definition ("definition").
 */
/** A statement made false by naming another of the kind of thing the material names ("a tab" where it says "a newline"). */
export function trueFalseSwapped(fact: Fact, swapped: { statement: string; said: string; other: string }): Question {
  return {
    question: `True or false: ${swapped.statement}`,
    type: "true_false",
    options: ["True", "False"],
    answer: "False",
    ...base(fact),
    explanation: `False: the material says "${swapped.said}" here, not "${swapped.other}". ${explanation(fact)}`,
  };
}

export function trueFalse(fact: Fact, rival: Fact | undefined, swap: "subject" | "definition" = "subject"): Question {
  if (!rival) return { question: `True or false: ${fact.sentence.text}`, type: "true_false", options: ["True", "False"], answer: "True", ...base(fact), explanation: `True. ${explanation(fact)}` };
  const term = termForm(fact, fact.subject as Phrase);
  const other = termForm(rival, rival.subject as Phrase);
  const [statement, said] =
    swap === "subject"
      ? [rekeyed(fact, rival), `False: the material says this of "${term}", not "${other}". `]
      : [redefined(fact, rival), `False: the material says "${rival.complement ?? ""}" of "${other}" (page ${rival.sentence.page}), not of "${term}". `];
  return {
    question: `True or false: ${statement}`,
    type: "true_false",
    options: ["True", "False"],
    answer: "False",
    ...base(fact),
    // Another term's definition is borne out by its own page: both pages show the statement false.
    ...(swap === "definition" && { source_pages: [...new Set([fact.sentence.page, rival.sentence.page])] }),
    explanation: said + explanation(fact),
  };
}

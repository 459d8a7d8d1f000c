import type { Question } from "../types.ts";
import type { KeyTerm } from "./key-terms.ts";
import { shuffle, type Random } from "./random.ts";
import { capitalizeFirst } from "./text.ts";

/** A sentence of the document with the term a question asks for. */
export interface Fact {
  sentence: string;
  page: number;
  key: KeyTerm;
}

const BLANK = "_____";

/** Openers that tie a sentence to the one before; without it they only get in the way. */
const CONNECTIVE =
  /^(?:Thus|Hence|However|Therefore|Also|Similarly|Conversely|Consequently|Furthermore|Moreover|In addition|In fact|Indeed|Finally|Of course|In other words|For example|For instance|Then|Now|So|Further|Again|In particular|In general|Note that|E\.g\.|I\.e\.|Thus,? for example)(?:,|\b)\s*/;

function tidy(statement: string): string {
  return capitalizeFirst(statement.replace(CONNECTIVE, ""));
}

/** The sentence with the key term replaced; an article before it follows the replacement. */
function replaceKey(fact: Fact, replacement: string, article: (word: string) => string): string {
  const { sentence, key } = fact;
  const before = sentence.slice(0, key.start).replace(/\b([Aa])n? $/, (_match, a: string) => {
    const fixed = article(replacement);
    return `${a === "A" ? capitalizeFirst(fixed) : fixed} `;
  });
  return before + replacement + sentence.slice(key.end);
}

const articleFor = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** The sentence with a blank for the key term; "a"/"an" before the blank would give it away. */
export function clozeStem(fact: Fact): string {
  return tidy(replaceKey(fact, BLANK, () => "a(n)"));
}

function source(fact: Fact): string {
  return `From page ${fact.page}: "${fact.sentence}"`;
}

export function multipleChoice(fact: Fact, distractors: string[], random: Random): Question {
  return {
    question: `Complete the sentence: ${clozeStem(fact)}`,
    type: "multiple_choice",
    options: shuffle([fact.key.text, ...distractors], random),
    answer: fact.key.text,
    explanation: source(fact),
    source_pages: [fact.page],
  };
}

/** What kind of answer a short-answer blank wants, so a student knows what to type. */
function answerHint(key: KeyTerm): string {
  if (key.kind === "year") return " (a year)";
  if (key.kind === "number") return " (a number)";
  if (key.kind === "proper") return key.name === "person" ? " (a name)" : "";
  const words = key.text.split(" ").length;
  return words > 1 ? ` (${words === 2 ? "two" : "three"} words)` : "";
}

export function shortAnswer(fact: Fact): Question {
  return {
    question: `Fill in the blank${answerHint(fact.key)}: ${clozeStem(fact)}`,
    type: "short_answer",
    options: [],
    answer: fact.key.text,
    explanation: source(fact),
    source_pages: [fact.page],
  };
}

/** A true statement as printed, or a false one with the key term swapped for `swap`. */
export function trueFalse(fact: Fact, swap: string | undefined): Question {
  const statement = swap === undefined ? fact.sentence : replaceKey(fact, fact.key.start === 0 ? capitalizeFirst(swap) : swap, articleFor);
  return {
    question: `True or false: ${tidy(statement)}`,
    type: "true_false",
    options: ["True", "False"],
    answer: swap === undefined ? "True" : "False",
    explanation:
      swap === undefined
        ? `True. ${source(fact)}`
        : `False: the material says "${fact.key.text}", not "${swap}". ${source(fact)}`,
    source_pages: [fact.page],
  };
}

import winkNLP, { type ItsFunction, type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";
import type { Question } from "../generation/providers/types.ts";

/** The spec's rule: case and surrounding spaces do not matter. */
const basic = (s: string) => s.trim().toLowerCase();

/** Short answers also forgive punctuation and spacing: "Mitochondria." equals " mitochondria". */
const loose = (s: string) =>
  basic(s)
    .normalize("NFKC")
    .replace(/(?<!\d)\.|\.(?!\d)/g, " ") // a full stop, but not a decimal point
    .replace(/[^\p{L}\p{N}.]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A leading article says nothing about the term: "the search path" is "search path". */
const ARTICLE = /^(?:a|an|the) /;
const words = (s: string) => loose(s).replace(ARTICLE, "").split(" ").filter(Boolean);

// wink-nlp's English model (offline, in the npm package) knows irregular plurals too (indices, criteria,
// mitochondria), which suffix rules get wrong; loaded on the first short answer that needs it.
let nlp: WinkMethods | undefined;
/** A word's lemma, and whether the model tags it a noun when it stands alone. */
interface Analysis {
  lemma: string;
  noun: boolean;
}
const analyses = new Map<string, Analysis>();
/** Distinct words remembered; past this the memo starts again, so it stays bounded. */
const MEMO_LIMIT = 10_000;

function analyse(word: string): Analysis {
  let found = analyses.get(word);
  if (found === undefined) {
    nlp ??= winkNLP(model);
    const tokens = nlp.readDoc(word).tokens();
    // The typings declare `its.lemma` and `its.pos` with a signature `out` does not accept, though it is the documented use.
    const lemma = (tokens.out(nlp.its.lemma as unknown as ItsFunction<string>) as string[]).join(" ") || word;
    const tags = tokens.out(nlp.its.pos as unknown as ItsFunction<string>) as string[];
    found = { lemma, noun: tags.length === 1 && tags[0] === "NOUN" };
    if (analyses.size >= MEMO_LIMIT) analyses.clear();
    analyses.set(word, found);
  }
  return found;
}

/** "paths" of "path", "searches" of "search", "bodies" of "body": the regular plural's spelling. */
const regularPlural = (singular: string, plural: string) =>
  plural === `${singular}s` || plural === `${singular}es` || (singular.endsWith("y") && plural === `${singular.slice(0, -1)}ies`);

/**
 * Two words name the same thing: equal, or the same noun in singular and plural ("paths" / "path",
 * "indices" / "index", "criteria" / "criterion"). A shared lemma alone is not enough: "better" is a
 * form of "good", "found" of "find", "left" of "leave" – other words to a student who was asked for one.
 */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  // Numbers and one- or two-letter words (R, C, pH) must match exactly.
  if (a.length < 3 || b.length < 3 || /\d/.test(a + b)) return false;
  if (!regularPlural(a, b) && !regularPlural(b, a)) {
    // Irregular plurals: the model knows them, as forms of a noun. Both must be nouns standing alone.
    const [x, y] = [analyse(a), analyse(b)];
    return x.lemma === y.lemma && x.noun && y.noun;
  }
  return analyse(a).lemma === analyse(b).lemma;
}

/**
 * A short answer is right when, word for word, it is the expected answer or one of the alternatives the
 * provider listed, ignoring case, punctuation, a leading article and singular/plural. A different term
 * ("search engine" for "search path") stays wrong. Work is bounded by the expected answer's length: a
 * given answer with another number of words is not compared word by word.
 */
export function shortAnswerMatches(given: string, q: Pick<Question, "answer" | "accepted_answers">): boolean {
  const mine = words(given);
  return [q.answer, ...(q.accepted_answers ?? [])].some((expected) => {
    const theirs = words(expected);
    // An answer made only of symbols ("<-") has no words: it must be typed as it is.
    if (theirs.length === 0) return basic(expected) !== "" && basic(expected) === basic(given);
    return theirs.length === mine.length && theirs.every((w, i) => sameWord(w, mine[i]!));
  });
}

export interface ReviewItem {
  index: number;
  chosen: string | null;
  answer: string;
  correct: boolean;
}

export function grade(questions: Question[], answers: Record<string, string | null>) {
  const review: ReviewItem[] = questions.map((q, index) => {
    const given = answers[String(index)];
    const chosen = typeof given === "string" && given.trim() !== "" ? given : null;
    const correct = chosen !== null && (q.type === "short_answer" ? shortAnswerMatches(chosen, q) : basic(chosen) === basic(q.answer));
    return { index, chosen, answer: q.answer, correct };
  });
  const correct = review.filter((r) => r.correct).length;
  const total = questions.length;
  return { review, correct, total, score: total ? Math.round((correct / total) * 1000) / 10 : 0 };
}

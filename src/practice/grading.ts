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
const lemmas = new Map<string, string>();
/** Distinct words remembered; past this the memo starts again, so it stays bounded. */
const MEMO_LIMIT = 10_000;

function lemma(word: string): string {
  let found = lemmas.get(word);
  if (found === undefined) {
    nlp ??= winkNLP(model);
    // The typings declare `its.lemma` with a signature `out` does not accept, though it is the documented use.
    found = (nlp.readDoc(word).tokens().out(nlp.its.lemma as unknown as ItsFunction<string>) as string[]).join(" ") || word;
    if (lemmas.size >= MEMO_LIMIT) lemmas.clear();
    lemmas.set(word, found);
  }
  return found;
}

/** Two words name the same thing: equal, or the same word in singular and plural ("paths" / "path"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  // Numbers and one- or two-letter words (R, C, pH) must match exactly.
  if (a.length < 3 || b.length < 3 || /\d/.test(a + b)) return false;
  return lemma(a) === lemma(b);
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

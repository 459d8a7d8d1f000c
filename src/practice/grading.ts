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
    const same = q.type === "short_answer" ? loose : basic;
    return { index, chosen, answer: q.answer, correct: chosen !== null && same(chosen) === same(q.answer) };
  });
  const correct = review.filter((r) => r.correct).length;
  const total = questions.length;
  return { review, correct, total, score: total ? Math.round((correct / total) * 1000) / 10 : 0 };
}

/** What study sets ask of practice: the questions a student missed in one of their results. */
import type { Scope } from "../core/context.ts";
import { forbidden } from "../core/errors.ts";
import { loadTestQuestions } from "../generation/service.ts";
import { getResult } from "./service.ts";

export interface MissedQuestions {
  test_name: string;
  topic: string;
  /** The material the test came from; null when it was deleted. */
  study_material_id: number | null;
  missed: { question: string; answer: string; source_page: number | null }[];
}

/** The result's wrong or unanswered questions with their answers and first cited page; another student's result is 404. */
export async function missedQuestions(scope: Scope, resultId: number): Promise<MissedQuestions> {
  const result = await getResult(scope, resultId);
  // Cards carry the answers: not from an attempt whose answers are withheld.
  if (result.answers_hidden) throw forbidden(result.answers_hidden);
  const { row, questions } = await loadTestQuestions(scope, result.test_id, "result");
  const missed = result.review.flatMap((r) => {
    const q = questions[r.index];
    return !r.correct && q && r.answer !== null ? [{ question: q.question, answer: r.answer, source_page: q.source_pages[0] ?? null }] : [];
  });
  return { test_name: result.test_name, topic: row.topic, study_material_id: row.study_material_id, missed };
}

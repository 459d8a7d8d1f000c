/** Practice tests: read one (with or without its answers) and submit an attempt. */
import { api, type CallOptions } from "./client.ts";
import type { PracticeTest, Question, SubmitRequest, TestMetadata, TestResult } from "./types.ts";

/** The question's text, from `question` or the spec's older `questionText`. */
export function questionText(question: Question): string {
  return question.question ?? question.questionText ?? "";
}

/** Questions with their text in `question` and a list of options (empty for a short answer). */
export function normalizeMetadata(metadata: TestMetadata | undefined): TestMetadata {
  const questions = Array.isArray(metadata?.questions) ? metadata.questions : [];
  return {
    ...metadata,
    questions: questions.map((question) => ({
      ...question,
      question: questionText(question),
      options: Array.isArray(question.options) ? question.options : [],
    })),
  };
}

/** A test; `mode: "take"` leaves out the answers and explanations. */
export async function getTest(id: number, mode?: "take", options?: CallOptions): Promise<PracticeTest> {
  const test = await api.get<PracticeTest>(`/api/tests/${id}`, { ...options, query: { mode } });
  return { ...test, test_metadata: normalizeMetadata(test.test_metadata) };
}

/**
 * Submits answers. The same `idempotencyKey` for a retry of the same attempt
 * makes the server answer with the first result instead of recording a second.
 */
export async function submitTest(body: SubmitRequest, idempotencyKey: string, options?: CallOptions): Promise<TestResult> {
  const result = await api.post<TestResult>("/api/tests/submit", body, {
    ...options,
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return normalizeResult(result);
}

export function normalizeResult<T extends { test_metadata: TestMetadata }>(result: T): T {
  return { ...result, test_metadata: normalizeMetadata(result.test_metadata) };
}

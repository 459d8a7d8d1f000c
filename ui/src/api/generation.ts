/** Test generation: start a test from a study guide, or a new version of a test, as a job. */
import { api, type CallOptions } from "./client.ts";
import type { Difficulty, GenerateRequest, Job, QuestionType } from "./types.ts";

export const DIFFICULTIES: readonly Difficulty[] = ["Easy", "Medium", "Hard"];
export const QUESTION_TYPES: readonly QuestionType[] = ["multiple_choice", "true_false", "short_answer"];
export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 50;

/** The spec's generation prompt: one sentence from difficulty, topic and count. */
export function generationPrompt(difficulty: Difficulty, topic: string, count: number): string {
  return `Generate a ${difficulty} difficulty test about ${topic} with ${count} questions.`;
}

export interface GenerateParams {
  file_id: number;
  topic: string;
  difficulty: Difficulty;
  count: number;
  question_types: QuestionType[];
}

/** Starts generating a test; answers 202 with the job to follow. */
export function generateTest(params: GenerateParams, options?: CallOptions): Promise<Job> {
  const body: GenerateRequest = {
    ...params,
    prompt: generationPrompt(params.difficulty, params.topic, params.count),
    async: true,
  };
  return api.post<Job>("/api/gpt/generate", body, options);
}

/** Starts a new test with the same parameters as test `id`. */
export function regenerateTest(id: number, options?: CallOptions): Promise<Job> {
  return api.post<Job>(`/api/tests/${id}/regenerate`, { async: true }, options);
}

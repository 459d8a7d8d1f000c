/** Results of submitted tests. */
import { api, type CallOptions } from "./client.ts";
import { normalizeResult } from "./tests.ts";
import type { ResultSummary, TestResult } from "./types.ts";

/** Every result of this user, newest first. */
export function listResults(options?: CallOptions): Promise<ResultSummary[]> {
  return api.get<ResultSummary[]>("/api/tests/results", options);
}

/** One result with its per-question review. */
export async function getResult(id: number, options?: CallOptions): Promise<TestResult> {
  return normalizeResult(await api.get<TestResult>(`/api/results/${id}`, options));
}

/** AI Test Insights: every test generated for this user, newest first. */
import { api, type CallOptions } from "./client.ts";
import { questionText } from "./tests.ts";
import type { Insight } from "./types.ts";

export async function listInsights(options?: CallOptions): Promise<Insight[]> {
  const insights = await api.get<Insight[]>("/api/ai/insights", options);
  return insights.map((insight) => ({
    ...insight,
    questions: (insight.questions ?? []).map((question) => ({ ...question, question: questionText(question) })),
  }));
}

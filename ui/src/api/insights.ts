/** AI Test Insights: per topic practised, the figures, next steps and a summary. */
import { api, type CallOptions } from "./client.ts";
import type { Insight } from "./types.ts";

export const listInsights = (options?: CallOptions): Promise<Insight[]> => api.get<Insight[]>("/api/ai/insights", options);

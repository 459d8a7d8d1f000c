/** Item analysis of a test (its owner's): the server's own shapes, imported type-only. */
import type { ItemAnalysisOut } from "../../../src/teaching/analysis/schema.ts";
import type { ItemAnalysis } from "../../../src/teaching/analysis/items.ts";
import { api, type CallOptions } from "./client.ts";

export type { ItemAnalysis, ItemAnalysisOut };
export type AttemptChoice = ItemAnalysisOut["attempts"];

export function getItemAnalysis(testId: number, attempts: AttemptChoice, options?: CallOptions): Promise<ItemAnalysisOut> {
  return api.get<ItemAnalysisOut>(`/api/tests/${testId}/item-analysis`, { ...options, query: { attempts } });
}

/** Item analysis of a test (its owner's): the server's own shapes, imported type-only. */
import type { ItemAnalysisOut } from "../../../src/teaching/analysis/schema.ts";
import type { ItemAnalysis } from "../../../src/teaching/analysis/items.ts";
import { api, type CallOptions } from "./client.ts";

export type { ItemAnalysis, ItemAnalysisOut };
export type AttemptChoice = ItemAnalysisOut["attempts"];

/** `classId`: only that class's members (a class the user teaches); else everyone but the owner. */
export function getItemAnalysis(testId: number, attempts: AttemptChoice, classId: number | null, options?: CallOptions): Promise<ItemAnalysisOut> {
  return api.get<ItemAnalysisOut>(`/api/tests/${testId}/item-analysis`, { ...options, query: { attempts, class_id: classId } });
}

/** The page of a test's item analysis, for one class's members when given. */
export const itemAnalysisHref = (testId: number, classId?: number) => `/tests/${testId}/analysis${classId ? `?class=${classId}` : ""}`;

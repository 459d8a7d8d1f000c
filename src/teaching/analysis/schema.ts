import { z } from "zod";
import { IdParams } from "../../core/schema.ts";
import type { AttemptChoice } from "../../practice/attempts-query.ts";
import type { ItemAnalysis } from "./items.ts";

export const ATTEMPT_CHOICES = ["first", "latest", "all"] as const satisfies readonly AttemptChoice[];

/**
 * GET /api/tests/{id}/item-analysis?attempts=first|latest|all (default first)&class_id= (optional: only
 * the members of that class, which the user must teach).
 */
export const ItemAnalysisQuery = z.object({
  attempts: z.enum(ATTEMPT_CHOICES, { error: "attempts must be first, latest or all." }).default("first"),
  class_id: IdParams.shape.id.optional(),
});
export type ItemAnalysisQuery = z.infer<typeof ItemAnalysisQuery>;

/** The response of GET /api/tests/{id}/item-analysis. */
export interface ItemAnalysisOut {
  test_id: number;
  name: string;
  /** Which of each person's attempts are counted. */
  attempts: AttemptChoice;
  /** Set when only one class's members are counted. */
  class: { id: number; name: string } | null;
  counted: {
    /** Attempts the figures are computed from. */
    attempts: number;
    /** Different people among them. */
    people: number;
    /**
     * The owner's own attempts are left out (they are previews and checks) unless nobody else has taken
     * the test: then they are all there is, and this is true.
     */
    owner_only: boolean;
    /** Attempts made while the test had a different number of questions, which cannot be lined up with today's questions. */
    left_out_changed: number;
    /** More attempts than one analysis reads (the oldest are counted). */
    truncated: boolean;
  };
  /** False below min_reliable_attempts attempts: the numbers are shown, but they may change a lot. */
  reliable: boolean;
  min_reliable_attempts: number;
  /** Flags about distractors, keys and easy items wait for this many attempts. */
  min_flag_attempts: number;
  /** The mean score of the counted attempts, in percent; null without attempts. */
  mean_score: number | null;
  /** The index `discrimination` shows: the corrected point-biserial; `upper_lower` is given beside it. */
  discrimination_index: "point_biserial_corrected";
  questions: ItemAnalysis[];
}

import { z } from "zod";
import { IdParams } from "../../core/schema.ts";
import type { AssignmentOut, AssignmentState } from "../assignments/schema.ts";

/**
 * GET /api/classes/{id}/results?format=json|csv&assignment=ID (JSON unless asked; /results.csv is the CSV
 * too). The JSON carries one assignment's table of members (`assignment`, else the newest): every table at
 * once is some 21 MB for 200 assignments × 500 members. The CSV always holds them all.
 */
export const ResultsQuery = z.object({
  format: z.enum(["json", "csv"], { error: "format must be json or csv." }).default("json"),
  assignment: IdParams.shape.id.optional(),
});

/** One member's standing on one assignment. */
export interface MemberResultOut {
  user_id: number;
  /** submitted (on time, or no due date), late (every attempt after the due time), missed (none, and the due time has passed), to_do. */
  state: AssignmentState;
  attempts_used: number;
  /** Attempts made after the due time: they count only when none came in time. */
  late_attempts: number;
  /** Percent: the best on-time attempt's (a late one's when none came in time); null without attempts. */
  best_score: number | null;
  /** The latest counted attempt's (on-time ones when there is one, as for best_score). */
  latest_score: number | null;
  latest_result_id: number | null;
  /** The latest counted attempt's time (UTC). */
  submitted_at: string | null;
}

/** An assignment with every member's result and a count of each state. */
export interface AssignmentResultsOut extends AssignmentOut {
  counts: Record<AssignmentState, number>;
  /** The mean of the best scores of those who submitted (on time or late); null when nobody has. */
  average_best: number | null;
  /**
   * In the order of the class's members. In the JSON only on the assignment asked for (?assignment=, the
   * newest when not asked); the CSV reads every assignment's.
   */
  results?: MemberResultOut[];
}

/** GET /api/classes/{id}/results: the class's gradebook. */
export interface ClassResultsOut {
  class_id: number;
  class_name: string;
  members: { user_id: number; username: string; email: string }[];
  /** Oldest assignment first, the way a gradebook's columns run. */
  assignments: AssignmentResultsOut[];
}

/** The whole gradebook, every assignment with its table (the CSV). */
export interface FullClassResults extends ClassResultsOut {
  assignments: (AssignmentResultsOut & { results: MemberResultOut[] })[];
}

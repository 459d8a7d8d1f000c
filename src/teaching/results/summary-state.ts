import type { AssignmentAttemptSummary } from "../../practice/queries.ts";
import type { AssignmentState } from "../assignments/schema.ts";
import type { MemberResultOut } from "./schema.ts";

/**
 * One member's standing on an assignment from practice's summary of their attempts, by the rules of
 * assignmentState in ../assignments/state.ts (which reads the attempts themselves): submitted when an attempt
 * came by the due time, late when they all came after it, missed when none came and the due time has passed,
 * else still to do; the best and latest score are the on-time attempts' when there is one (a late attempt
 * never raises an on-time grade), else the late ones'.
 */
export function summaryState(assignment: { due_at: string | null }, userId: number, summary: AssignmentAttemptSummary | undefined, now: string): MemberResultOut {
  const counted = summary?.on_time ?? summary?.late ?? null;
  let state: AssignmentState;
  if (summary?.on_time) state = "submitted";
  else if (summary?.late) state = "late";
  else state = assignment.due_at !== null && now > assignment.due_at ? "missed" : "to_do";
  return {
    user_id: userId,
    state,
    attempts_used: (summary?.on_time?.attempts ?? 0) + (summary?.late?.attempts ?? 0),
    late_attempts: summary?.late?.attempts ?? 0,
    best_score: counted?.best_score ?? null,
    latest_score: counted?.latest_score ?? null,
    latest_result_id: counted?.latest_result_id ?? null,
    submitted_at: counted?.last_submitted_at ?? null,
  };
}

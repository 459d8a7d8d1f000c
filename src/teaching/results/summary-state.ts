import type { AssignmentAttemptSummary } from "../../practice/queries.ts";
import type { AssignmentState } from "../assignments/schema.ts";
import type { MemberResultOut } from "./schema.ts";

/**
 * One member's standing on an assignment from practice's summary of their attempts (the same rules as
 * assignmentState in ../assignments/state.ts, which reads the attempts themselves): submitted when the first
 * attempt came by the due time (or there is none), late when even the first came after it, missed when none
 * came and the due time has passed, else still to do. Times are ISO strings in UTC: they compare as text.
 */
export function summaryState(assignment: { due_at: string | null }, userId: number, summary: AssignmentAttemptSummary | undefined, now: string): MemberResultOut {
  const due = assignment.due_at;
  let state: AssignmentState;
  if (summary) state = due !== null && summary.first_submitted_at > due ? "late" : "submitted";
  else state = due !== null && now > due ? "missed" : "to_do";
  return {
    user_id: userId,
    state,
    attempts_used: summary?.attempts ?? 0,
    best_score: summary?.best_score ?? null,
    latest_score: summary?.latest_score ?? null,
    latest_result_id: summary?.latest_result_id ?? null,
    submitted_at: summary?.last_submitted_at ?? null,
  };
}

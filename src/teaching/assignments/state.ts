import type { AssignmentAttempt } from "../../practice/queries.ts";
import type { AssignmentState } from "./schema.ts";

/**
 * One member's standing on an assignment from their attempts for it (any order): submitted when an
 * attempt came in by the due time (or there is none), late when they all came after it, missed when
 * none came and the due time has passed, else still to do. Times are ISO strings in UTC, so they
 * compare as text.
 */
export function assignmentState(assignment: { due_at: string | null }, attempts: readonly AssignmentAttempt[], now: string) {
  const byTime = [...attempts].sort((a, b) => a.submitted_at.localeCompare(b.submitted_at) || a.result_id - b.result_id);
  const first = byTime[0];
  const latest = byTime[byTime.length - 1];
  const due = assignment.due_at;
  let state: AssignmentState;
  if (first) state = due !== null && first.submitted_at > due ? "late" : "submitted";
  else state = due !== null && now > due ? "missed" : "to_do";
  return {
    state,
    attempts_used: attempts.length,
    best_score: attempts.length ? Math.max(...attempts.map((a) => a.score)) : null,
    latest_score: latest?.score ?? null,
    latest_result_id: latest?.result_id ?? null,
    submitted_at: latest?.submitted_at ?? null,
  };
}

import type { AssignmentAttempt } from "../../practice/queries.ts";
import type { AssignmentState } from "./schema.ts";

/**
 * One member's standing on an assignment from their attempts for it (any order). Only attempts made by
 * the due time count as on time: the state is submitted when one came by then, late when they all came
 * after it, missed when none came and the due time has passed, else still to do; the best and latest
 * score are the on-time attempts' when there is one (a late attempt, perhaps made with the answers shown
 * after the due time, never raises an on-time grade), else the late ones', and `late_attempts` says how
 * many came late. Times are ISO strings in UTC, so they compare as text.
 */
export function assignmentState(assignment: { due_at: string | null }, attempts: readonly AssignmentAttempt[], now: string) {
  const byTime = [...attempts].sort((a, b) => a.submitted_at.localeCompare(b.submitted_at) || a.result_id - b.result_id);
  const due = assignment.due_at;
  const onTime = due === null ? byTime : byTime.filter((a) => a.submitted_at <= due);
  const counted = onTime.length ? onTime : byTime;
  const latest = counted[counted.length - 1];
  let state: AssignmentState;
  if (onTime.length) state = "submitted";
  else if (byTime.length) state = "late";
  else state = due !== null && now > due ? "missed" : "to_do";
  return {
    state,
    attempts_used: attempts.length,
    late_attempts: byTime.length - onTime.length,
    best_score: counted.length ? Math.max(...counted.map((a) => a.score)) : null,
    latest_score: latest?.score ?? null,
    latest_result_id: latest?.result_id ?? null,
    submitted_at: latest?.submitted_at ?? null,
  };
}

/**
 * Whether the assignment's answers are out: shown to its takers since the due time passed. From then
 * on nobody may attempt it, or an attempt could copy them.
 */
export const answersOut = (assignment: { due_at: string | null; show_answers_after: string }, now: string) =>
  assignment.show_answers_after === "due" && assignment.due_at !== null && now >= assignment.due_at;

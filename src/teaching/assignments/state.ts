import type { AssignmentAttempt } from "../../practice/queries.ts";
import type { AssignmentState } from "./schema.ts";

/** "2026-11-25 17:00 UTC": how a notification names a due time (the pages show it in the reader's zone). */
export const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

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

/**
 * Why this member may not download the assignment's test now (an export holds the answers), or null when
 * its show_answers_after rule lets them see the answers: after they submitted, or after the due time.
 */
export function exportRefusal(assignment: { due_at: string | null; show_answers_after: string }, submitted: boolean, now: string): string | null {
  if (assignment.show_answers_after === "never") return "Your teacher does not show the answers of this assignment, so its test cannot be downloaded: a download holds the answers.";
  if (assignment.show_answers_after === "due" && !answersOut(assignment, now))
    return `This test can be downloaded once its answers are shown, after the due time${assignment.due_at ? `, ${utcMinute(assignment.due_at)}` : ""}.`;
  if (assignment.show_answers_after === "submission" && !submitted) return "This test can be downloaded once you have submitted an attempt: a download holds the answers.";
  return null;
}

/** How assignments read on the class page and the dashboard. */
import type { AssignmentState, MyAssignmentOut, ShowAnswers } from "../../api/teaching.ts";
import { formatDateTime } from "../../format.ts";

export const STATE_LABELS: Record<AssignmentState, string> = {
  to_do: "To do",
  submitted: "Submitted",
  late: "Submitted late",
  missed: "Missed",
};

export const SHOW_ANSWERS_LABELS: Record<ShowAnswers, string> = {
  submission: "After each submission",
  due: "After the due time",
  never: "Never (score and right/wrong only)",
};

/** "Due 25 Nov 2026, 17:00", or "No due date". */
export const dueText = (due: string | null) => (due ? `Due ${formatDateTime(due)}` : "No due date");

/** Whether the member can take it now: it has opened, its answers are not out yet, and an attempt is left. */
export const canTake = (a: MyAssignmentOut) => a.open && !a.answers_shown && a.attempts_used < a.attempts_allowed;

/** The attempts column: "2 of 3", and how many of them came after the due time. */
export const attemptsText = (a: MyAssignmentOut) => `${a.attempts_used} of ${a.attempts_allowed}${a.late_attempts ? ` (${a.late_attempts} late)` : ""}`;

/** The page a member opens to take the assignment's test. */
export const takeHref = (a: { test_id: number }) => `/take-test?id=${a.test_id}`;

import { z } from "zod";
import { IdParams, wholeNumber } from "../../core/schema.ts";

export const MAX_ATTEMPTS_ALLOWED = 20;
/** Assignments one class may hold: a school year of weekly tests, and a bound on what one list answers. */
export const MAX_ASSIGNMENTS = 200;
export const TOO_MANY_ASSIGNMENTS = `A class holds at most ${MAX_ASSIGNMENTS} assignments. Remove an old one to add another.`;
/** How far ahead a date may be set: long enough for a school year, short enough to catch a mistyped year. */
export const MAX_DAYS_AHEAD = 730;

export const SHOW_ANSWERS = ["submission", "due", "never"] as const;
export type ShowAnswers = (typeof SHOW_ANSWERS)[number];

/** to_do: not submitted, still possible; submitted: on time; late: only after the due time; missed: nothing by the due time. */
export const ASSIGNMENT_STATES = ["to_do", "submitted", "late", "missed"] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

const TEST_REQUIRED = "Select one of your tests (test_id).";

/** An ISO 8601 time with its zone ("2026-11-25T17:00:00Z", "…+01:00"), stored in UTC. */
const time = (field: string) =>
  z
    .string({ error: `${field} must be a date and time (ISO 8601, e.g. 2026-11-25T17:00:00Z).` })
    .max(40, `${field} must be a date and time (ISO 8601, e.g. 2026-11-25T17:00:00Z).`)
    .pipe(z.iso.datetime({ offset: true, error: `${field} must be a date and time with its time zone (ISO 8601, e.g. 2026-11-25T17:00:00Z).` }))
    .transform((s) => new Date(s).toISOString());

/** POST /api/classes/{id}/assignments. Dates are checked against the clock in the service. */
export const AssignmentInput = z
  .object({
    test_id: wholeNumber(TEST_REQUIRED).pipe(z.number().positive(TEST_REQUIRED).max(2 ** 31, TEST_REQUIRED)),
    opens_at: time("opens_at").nullish(),
    due_at: time("due_at").nullish(),
    attempts_allowed: wholeNumber(`attempts_allowed must be a whole number from 1 to ${MAX_ATTEMPTS_ALLOWED}.`)
      .pipe(z.number().min(1, `attempts_allowed must be from 1 to ${MAX_ATTEMPTS_ALLOWED}.`).max(MAX_ATTEMPTS_ALLOWED, `attempts_allowed must be from 1 to ${MAX_ATTEMPTS_ALLOWED}.`))
      .default(1),
    show_answers_after: z.enum(SHOW_ANSWERS, { error: "show_answers_after must be submission, due or never." }).default("submission"),
    /** Members may download the test (it holds the key) once show_answers_after lets them see the answers. */
    allow_export: z.boolean({ error: "allow_export must be true or false." }).default(false),
  })
  .superRefine((a, ctx) => {
    if (a.opens_at && a.due_at && a.due_at <= a.opens_at) ctx.addIssue({ code: "custom", path: ["due_at"], message: "The due date must be after the opening date." });
    if (a.show_answers_after === "due" && !a.due_at) ctx.addIssue({ code: "custom", path: ["show_answers_after"], message: "Showing the answers after the due date needs a due date." });
  });
export type AssignmentInput = z.infer<typeof AssignmentInput>;

/** `/api/classes/{id}/assignments/{assignment_id}`. */
export const AssignmentParams = IdParams.extend({ assignment_id: IdParams.shape.id });

/** An assignment as its class lists it. */
export interface AssignmentOut {
  id: number;
  class_id: number;
  class_name: string;
  test_id: number;
  test_name: string;
  question_count: number;
  opens_at: string | null;
  due_at: string | null;
  attempts_allowed: number;
  show_answers_after: ShowAnswers;
  allow_export: boolean;
  created_at: string;
  /** Whether it can be taken now (opened, or no opening time). */
  open: boolean;
}

/** The viewer's own standing on an assignment (a member's). */
export interface MyAssignmentOut extends AssignmentOut {
  state: AssignmentState;
  attempts_used: number;
  /** Attempts made after the due time: they count only when none came in time. */
  late_attempts: number;
  /** The best on-time attempt's score (a late one's when none came in time). */
  best_score: number | null;
  /** The latest counted attempt (on time when there is one), to open its review. */
  latest_result_id: number | null;
  submitted_at: string | null;
  /** The answers are shown since the due time passed, so it can no longer be attempted. */
  answers_shown: boolean;
  /** The member may download the test now: the teacher allows it and the answers may be shown to them. */
  may_export: boolean;
}

/** For the teacher: how many members submitted. */
export interface TaughtAssignmentOut extends AssignmentOut {
  submitted_count: number;
  member_count: number;
}

import { z } from "zod";
import { userText, wholeNumber } from "../../core/schema.ts";
import type { FieldIssue } from "../../core/errors.ts";

export const GOAL_KINDS = ["tests_taken", "average_score", "cards_reviewed", "set_mastered"] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/** Limits of goals, also shown by the UI. */
export const GOAL_LIMITS = { perUser: 50, title: 120, topic: 200, tests: 100, cards: 10000, days: 90 } as const;

export const GOAL_MESSAGES = {
  kind: "Choose what the goal counts: tests_taken, average_score, cards_reviewed or set_mastered.",
  titleLong: `A goal's title is at most ${GOAL_LIMITS.title} characters.`,
  topicLong: `The topic is at most ${GOAL_LIMITS.topic} characters.`,
  tests: `Choose how many tests to take: between 1 and ${GOAL_LIMITS.tests}.`,
  average: "Choose the average to reach: between 1 and 100%.",
  cards: `Choose how many cards to review: between 1 and ${GOAL_LIMITS.cards.toLocaleString("en")}.`,
  days: `A goal's time window is between 1 and ${GOAL_LIMITS.days} days.`,
  set: "Choose the study set to master.",
  setMissing: "That study set was not found. Choose one of your study sets.",
  tooMany: `You can have at most ${GOAL_LIMITS.perUser} goals. Delete one to add another.`,
} as const;

const whole = (message: string) => wholeNumber(message).pipe(z.number().min(0, message).max(2 ** 31, message));

/** Each field checked on its own; what a kind needs is checked by goalIssues. */
export const GoalFields = z.object({
  kind: z.enum(GOAL_KINDS, { error: GOAL_MESSAGES.kind }),
  title: userText().pipe(z.string().max(GOAL_LIMITS.title, GOAL_MESSAGES.titleLong)).nullish(),
  target: whole("target must be a whole number.").nullish(),
  topic: userText().pipe(z.string().max(GOAL_LIMITS.topic, GOAL_MESSAGES.topicLong)).nullish(),
  set_id: whole(GOAL_MESSAGES.set).nullish(),
  within_days: whole(GOAL_MESSAGES.days).nullish(),
});

export const GoalInput = GoalFields;
export type GoalInput = z.infer<typeof GoalInput>;
export const GoalPatch = GoalFields.partial();
export type GoalPatch = z.infer<typeof GoalPatch>;

/** What a goal stores once its kind's rules are applied: the fields another kind uses are null. */
export interface GoalSpec {
  kind: GoalKind;
  title: string | null;
  target: number | null;
  topic: string | null;
  set_id: number | null;
  within_days: number | null;
}

const TARGETS: Partial<Record<GoalKind, { max: number; min: number; message: string }>> = {
  tests_taken: { min: 1, max: GOAL_LIMITS.tests, message: GOAL_MESSAGES.tests },
  average_score: { min: 1, max: 100, message: GOAL_MESSAGES.average },
  cards_reviewed: { min: 1, max: GOAL_LIMITS.cards, message: GOAL_MESSAGES.cards },
};

/** The kind's rules: a target in its range, a study set to master, a window only for counts. */
export function goalIssues(goal: GoalSpec): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const issue = (field: string, msg: string) => issues.push({ loc: ["body", field], msg, type: "value_error" });
  const range = TARGETS[goal.kind];
  if (range && (goal.target == null || goal.target < range.min || goal.target > range.max)) issue("target", range.message);
  if (goal.kind === "set_mastered" && !goal.set_id) issue("set_id", GOAL_MESSAGES.set);
  if (goal.within_days != null && (goal.within_days < 1 || goal.within_days > GOAL_LIMITS.days)) issue("within_days", GOAL_MESSAGES.days);
  return issues;
}

/** Drops what the kind does not use (a topic on a count of cards, a target on a study set). */
export function normalizeGoal(goal: GoalSpec): GoalSpec {
  const counts = goal.kind === "tests_taken" || goal.kind === "cards_reviewed";
  return {
    kind: goal.kind,
    title: goal.title || null,
    target: goal.kind === "set_mastered" ? null : goal.target,
    topic: goal.kind === "average_score" ? goal.topic || null : null,
    set_id: goal.kind === "set_mastered" ? goal.set_id : null,
    within_days: counts || goal.kind === "average_score" ? goal.within_days ?? null : null,
  };
}

/** A goal as the API presents it; progress is 0–100 and comes from activity, never from the client. */
export interface GoalOut extends GoalSpec {
  id: number;
  title: string;
  progress: number;
  /** What the progress is made of: tests taken, the average so far (null before any), cards reviewed, the set's percent. */
  current: number | null;
  reached: boolean;
  reached_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The dashboard's goals, as the spec has them. */
export type DashboardGoal = Pick<GoalOut, "id" | "title" | "progress" | "reached">;

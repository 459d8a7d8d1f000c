/**
 * Goals whose progress comes from what the student did: tests taken and average scores (practice's
 * results), cards reviewed and sets mastered (study sets' statistics). Nothing here stores progress;
 * it is computed when goals are read, and the first time a goal is seen at 100% it is marked reached
 * and a notification is written (once per goal and version of its target).
 */
import type { Scope } from "../../core/context.ts";
import { AppError, conflict, notFound } from "../../core/errors.ts";
import { lockKey, withTransaction } from "../../core/db.ts";
import { averageSince, resultsSince } from "../../practice/progress.ts";
import { reviewsSince, setProgress } from "../sets/stats.ts";
import { notify } from "../notifications/service.ts";
import { GOAL_LIMITS, GOAL_MESSAGES, goalIssues, normalizeGoal, type DashboardGoal, type GoalInput, type GoalOut, type GoalPatch, type GoalSpec } from "./schema.ts";

interface GoalRow extends GoalSpec {
  id: number;
  user_id: number;
  title: string;
  reached_at: string | null;
  created_at: string;
  updated_at: string;
}

const DAY = 24 * 3600_000;

/** The title a goal gets when the student gives none. */
export function defaultTitle(goal: GoalSpec): string {
  const week = goal.within_days === 7 ? " this week" : goal.within_days ? ` in ${goal.within_days} days` : "";
  switch (goal.kind) {
    case "tests_taken":
      return `Take ${goal.target} ${goal.target === 1 ? "test" : "tests"}${week}`;
    case "average_score":
      // "an 80%", "an 11%", "an 18%": the article follows the number as it is said.
      return `Reach ${/^(8\d?|11|18)$/.test(String(goal.target)) ? "an" : "a"} ${goal.target}% average${goal.topic ? ` on ${goal.topic}` : ""}${week}`;
    case "cards_reviewed":
      return `Review ${goal.target} ${goal.target === 1 ? "card" : "cards"}${week}`;
    case "set_mastered":
      return "Master a study set";
  }
}

/** Where counting starts: when the goal was set, or the start of its window when that is later. */
function countFrom(scope: Scope, goal: GoalRow): string {
  if (!goal.within_days) return goal.created_at;
  const windowStart = new Date(scope.clock.now().getTime() - goal.within_days * DAY).toISOString();
  return windowStart > goal.created_at ? windowStart : goal.created_at;
}

const share = (value: number, target: number | null) => (target ? Math.min(100, Math.floor((value * 100) / target)) : 0);

/** The goal's progress (0–100) and what it is made of. */
async function measure(scope: Scope, goal: GoalRow): Promise<{ progress: number; current: number | null }> {
  const { db, user } = scope;
  const since = countFrom(scope, goal);
  switch (goal.kind) {
    case "tests_taken": {
      const n = await resultsSince(db, user.id, since);
      return { progress: share(n, goal.target), current: n };
    }
    case "average_score": {
      const average = await averageSince(db, user.id, since, goal.topic);
      return { progress: average === null ? 0 : share(average, goal.target), current: average };
    }
    case "cards_reviewed": {
      const n = await reviewsSince(db, user.id, since);
      return { progress: share(n, goal.target), current: n };
    }
    case "set_mastered": {
      const p = goal.set_id ? await setProgress(db, user.id, goal.set_id) : null;
      return { progress: p ?? 0, current: p };
    }
  }
}

/** The event a goal's "reached" notification is written for: the goal as it was last edited (a restarted goal notifies again). */
const reachedEvent = (goal: GoalRow) => `goal:${goal.id}:${goal.updated_at}`;

/** Measures the goal; the first time it is at 100% it is marked reached and the student notified. */
async function present(scope: Scope, goal: GoalRow): Promise<GoalOut> {
  const { progress, current } = await measure(scope, goal);
  let reachedAt = goal.reached_at;
  if (progress >= 100 && !reachedAt) {
    const at = scope.clock.now().toISOString();
    await withTransaction(scope, async (tx) => {
      // Conditional, so two readers at once mark it (and notify) once.
      const won = await tx.db("goals").where({ id: goal.id, reached_at: null }).update({ reached_at: at });
      if (won) await notify(tx, goal.user_id, { kind: "goal_reached", message: `Goal reached: ${goal.title}.`, link: "/goals", event_key: reachedEvent(goal) });
    });
    reachedAt = at;
  }
  const { user_id: _user, ...rest } = goal;
  return { ...rest, progress, current, reached: reachedAt !== null, reached_at: reachedAt };
}

const mine = (scope: Scope) => scope.db("goals").where({ user_id: scope.user.id });

/** Goals are personal: another user's goal (an administrator's too) is not found. */
async function findGoal(scope: Scope, id: number): Promise<GoalRow> {
  const row: GoalRow | undefined = await mine(scope).where({ id }).first();
  if (!row) throw notFound("Goal not found.");
  return row;
}

/** The student's goals, oldest first, each with its progress. */
export async function listGoals(scope: Scope): Promise<GoalOut[]> {
  const rows: GoalRow[] = await mine(scope).orderBy("id", "asc").limit(GOAL_LIMITS.perUser);
  const out: GoalOut[] = [];
  for (const row of rows) out.push(await present(scope, row));
  return out;
}

/**
 * Notices goals reached since they were last measured (the notifications list asks before it answers,
 * on every page change): only goals not yet reached are measured, so a student's reached goals cost
 * nothing, and the rest at most one or two counts each.
 */
export async function noticeReachedGoals(scope: Scope): Promise<void> {
  const open: GoalRow[] = await mine(scope).whereNull("reached_at").orderBy("id", "asc").limit(GOAL_LIMITS.perUser);
  for (const row of open) await present(scope, row);
}

/** The dashboard's goals: unfinished first, then reached, as {id, title, progress}. */
export async function dashboardGoals(scope: Scope): Promise<DashboardGoal[]> {
  const goals = await listGoals(scope);
  return goals
    .map(({ id, title, progress, reached }) => ({ id, title, progress, reached }))
    .sort((a, b) => Number(a.reached) - Number(b.reached));
}

export async function getGoal(scope: Scope, id: number): Promise<GoalOut> {
  return present(scope, await findGoal(scope, id));
}

/** The kind's rules, and a study set the student really has; the goal as it will be stored. */
async function check(scope: Scope, raw: GoalSpec): Promise<GoalSpec & { title: string }> {
  const goal = normalizeGoal(raw);
  const issues = goalIssues(goal);
  if (issues.length) throw new AppError(422, issues);
  if (goal.kind === "set_mastered" && (await setProgress(scope.db, scope.user.id, goal.set_id!)) === null) {
    throw new AppError(422, [{ loc: ["body", "set_id"], msg: GOAL_MESSAGES.setMissing, type: "value_error" }]);
  }
  return { ...goal, title: goal.title || defaultTitle(goal) };
}

const spec = (input: GoalInput | GoalRow): GoalSpec => ({
  kind: input.kind,
  title: input.title ?? null,
  target: input.target ?? null,
  topic: input.topic ?? null,
  set_id: input.set_id ?? null,
  within_days: input.within_days ?? null,
});

export async function createGoal(scope: Scope, input: GoalInput): Promise<GoalOut> {
  const goal = await check(scope, spec(input));
  const at = scope.clock.now().toISOString();
  const id = await withTransaction(scope, async (tx) => {
    await lockKey(tx.db, `goals:${scope.user.id}`);
    const count = Number((await mine(tx).count({ n: "*" }).first())?.n ?? 0);
    if (count >= GOAL_LIMITS.perUser) throw conflict(GOAL_MESSAGES.tooMany);
    const [row] = await tx.db("goals").insert({ ...goal, user_id: scope.user.id, created_at: at, updated_at: at }).returning("id");
    return (typeof row === "object" ? row.id : row) as number;
  });
  return getGoal(scope, id);
}

/**
 * Changes a goal. Changing what it counts (kind, target, topic, set, window) starts it over: it is no
 * longer reached, and reaching it again is notified again. A new title alone changes nothing else.
 */
export async function updateGoal(scope: Scope, id: number, patch: GoalPatch): Promise<GoalOut> {
  const row = await findGoal(scope, id);
  const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged = spec({ ...row, ...sent } as GoalRow);
  // A goal whose title was made for it gets a new one when what it counts changes.
  const titleWasDefault = row.title === defaultTitle(spec(row));
  const goal = await check(scope, { ...merged, title: "title" in sent ? merged.title : titleWasDefault ? null : row.title });
  const counts = (g: GoalSpec) => JSON.stringify([g.kind, g.target, g.topic, g.set_id, g.within_days]);
  const restart = counts(goal) !== counts(spec(row));
  await mine(scope)
    .where({ id })
    .update({ ...goal, updated_at: scope.clock.now().toISOString(), ...(restart ? { reached_at: null } : {}) });
  return getGoal(scope, id);
}

export async function deleteGoal(scope: Scope, id: number): Promise<void> {
  await findGoal(scope, id);
  await mine(scope).where({ id }).delete();
}

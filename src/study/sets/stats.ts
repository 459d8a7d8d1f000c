/**
 * What other features (goals, dashboard, notifications) ask of study sets: counts and percentages,
 * never rows. Progress is the share of a set's cards the FSRS schedule considers learned (state "review").
 */
import type { Db } from "../../core/db.ts";

/** Card reviews by the user since an ISO 8601 time (inclusive). */
export async function reviewsSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db("flashcard_reviews").where({ user_id: userId }).andWhere("reviewed_at", ">=", since).count({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

export interface SetCounts {
  total: number;
  /** Cards in the FSRS state "review". */
  learned: number;
  /** Cards due before `dueBefore`. */
  due: number;
}

/** Card counts of the given sets (sets without cards are absent). */
export async function cardCounts(db: Db, setIds: number[], dueBefore: string): Promise<Map<number, SetCounts>> {
  if (!setIds.length) return new Map();
  const rows: { study_set_id: number; total: number | string; learned: number | string | null; due: number | string | null }[] = await db("flashcards")
    .whereIn("study_set_id", setIds)
    .groupBy("study_set_id")
    .select("study_set_id")
    .count({ total: "*" })
    .sum({ learned: db.raw("case when state = 'review' then 1 else 0 end") })
    .sum({ due: db.raw("case when due < ? then 1 else 0 end", [dueBefore]) });
  return new Map(rows.map((r) => [r.study_set_id, { total: Number(r.total), learned: Number(r.learned ?? 0), due: Number(r.due ?? 0) }]));
}

/** Learned cards per set of the user, as 0–100 (a set without cards is 0). */
async function progressBySet(db: Db, userId: number, setIds?: number[]): Promise<Map<number, number>> {
  let sets = db("study_sets").where({ user_id: userId });
  if (setIds) sets = sets.whereIn("id", setIds);
  const ids: number[] = (await sets.select("id")).map((r: { id: number }) => r.id);
  const counts = await cardCounts(db, ids, "");
  return new Map(ids.map((id) => [id, percent(counts.get(id)?.learned ?? 0, counts.get(id)?.total ?? 0)]));
}

/** Whole percent, rounded down so 100 means every card. */
export const percent = (part: number, total: number) => (total ? Math.floor((part * 100) / total) : 0);

/** A set's progress, 0–100; null when the user has no such set. */
export async function setProgress(db: Db, userId: number, setId: number): Promise<number | null> {
  return (await progressBySet(db, userId, [setId])).get(setId) ?? null;
}

/** The end of `now`'s UTC day, as ISO 8601: cards due before it are "due today". */
export function endOfUtcDay(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
}

/** The user's cards due by the end of that UTC day (new cards included: they are due at once). */
export async function dueCount(db: Db, userId: number, now: Date): Promise<number> {
  const row = await db("flashcards").where({ user_id: userId }).andWhere("due", "<", endOfUtcDay(now)).count({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

/** Cards due by the end of the UTC day, per user who has any: the daily reminder's one query. */
export async function dueCountsByUser(db: Db, now: Date): Promise<Map<number, number>> {
  const rows: { user_id: number; n: number | string }[] = await db("flashcards").where("due", "<", endOfUtcDay(now)).groupBy("user_id").select("user_id").count({ n: "*" });
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/** Ids of the user's sets at 100% (every card learned; an empty set is never mastered). */
export async function masteredSets(db: Db, userId: number): Promise<number[]> {
  const progress = await progressBySet(db, userId);
  return [...progress].filter(([, p]) => p === 100).map(([id]) => id).sort((a, b) => a - b);
}

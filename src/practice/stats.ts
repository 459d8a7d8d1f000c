/** What administration asks of practice (the results table): counts and scores, never rows. */
import type { Db } from "../core/db.ts";
import { countPerDay } from "../core/db.ts";
import { floorToInteger } from "../core/dialect.ts";

export const testsTakenPerDay = (db: Db, since: string) => countPerDay(db("results"), since);

export async function countTestsTaken(db: Db): Promise<number> {
  return Number((await db("results").count({ n: "*" }).first())?.n ?? 0);
}

/** Results per user, for the given users. */
export async function resultsByUser(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows: { user_id: number; n: number | string }[] = await db("results").whereIn("user_id", userIds).groupBy("user_id").select("user_id").count({ n: "*" });
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/** The average score since `since` (null without results) and how many scores fall in each tenth. */
export async function scoreSummary(db: Db, since: string) {
  const avg = await db("results").where("created_at", ">=", since).avg({ a: "score" }).first();
  const bucket = db.raw(`case when score >= 100 then 9 else ${floorToInteger(db, "score / 10")} end`);
  const rows: { b: number | string; n: number | string }[] = await db("results")
    .where("created_at", ">=", since)
    .select({ b: bucket })
    .count({ n: "*" })
    .groupBy("b");
  const counts = new Map(rows.map((r) => [Number(r.b), Number(r.n)]));
  const average = avg?.a == null ? null : Math.round(Number(avg.a) * 10) / 10;
  const distribution = Array.from({ length: 10 }, (_, i) => ({ range: i === 9 ? "90–100%" : `${i * 10}–${i * 10 + 9}%`, count: counts.get(i) ?? 0 }));
  return { average, distribution };
}

/** What administration asks of generation (tests and generation jobs): counts, topics, providers. */
import type { Db } from "../core/db.ts";
import { countPerDay } from "../core/db.ts";
import { finishedJobsSince } from "../core/jobs.ts";

export const testsGeneratedPerDay = (db: Db, since: string) => countPerDay(db("tests"), since);

/** Tests per user, for the given users. */
export async function testsByUser(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows: { user_id: number; n: number | string }[] = await db("tests").whereIn("user_id", userIds).groupBy("user_id").select("user_id").count({ n: "*" });
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/** The topics asked for most often since `since` (case folded), most first. */
export async function topTopics(db: Db, since: string, limit = 10): Promise<{ topic: string; count: number }[]> {
  const rows: { topic: string; n: number | string }[] = await db("tests")
    .where("created_at", ">=", since)
    .select(db.raw("lower(topic) as topic"))
    .count({ n: "*" })
    .groupBy(db.raw("lower(topic)"))
    .orderBy([{ column: "n", order: "desc" }, { column: "topic" }])
    .limit(limit);
  return rows.map((r) => ({ topic: r.topic, count: Number(r.n) }));
}

const median = (values: number[]): number | null => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Generation jobs since `since` by provider: how many succeeded and failed, and the median time from
 * request to finished test (queue wait included: it is what the student waited).
 */
export async function generationByProvider(db: Db, since: string) {
  const rows = await finishedJobsSince(db, "generate", since);
  const by = new Map<string, { succeeded: number; failed: number; seconds: number[] }>();
  for (const r of rows) {
    const name = r.provider ?? "unknown";
    const entry = by.get(name) ?? { succeeded: 0, failed: 0, seconds: [] };
    if (r.state === "done") {
      entry.succeeded++;
      entry.seconds.push((Date.parse(r.updated_at) - Date.parse(r.created_at)) / 1000);
    } else entry.failed++;
    by.set(name, entry);
  }
  return [...by].map(([provider, e]) => {
    const m = median(e.seconds);
    return { provider, succeeded: e.succeeded, failed: e.failed, median_seconds: m === null ? null : Math.round(m * 10) / 10 };
  });
}

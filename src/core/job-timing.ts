import type { Db } from "./db.ts";

/**
 * When a job was queued and when it last changed (for a finished job: when it ended), and the provider
 * it used: what the metrics time a finished job by. Kept apart from jobs.ts while that file is reworked
 * for PostgreSQL; it belongs beside finishedJobsSince there (or in JobOutcome itself).
 */
export async function jobTiming(db: Db, id: number): Promise<{ provider: string | null; created_at: string; updated_at: string } | undefined> {
  return db("jobs").where({ id }).first("provider", "created_at", "updated_at");
}

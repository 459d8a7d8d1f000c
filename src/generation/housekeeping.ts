/**
 * Generation's part of housekeeping and backups: jobs that ended badly long ago, and how many tests
 * there are. Reads only the generation feature's tables (tests, jobs).
 */
import type { Db } from "../core/db.ts";

export interface EndedJob {
  id: number;
  user_id: number;
  state: "failed" | "cancelled";
  created_at: string;
  updated_at: string;
}

/** Failed and cancelled jobs that ended before `before` (ISO): nobody is waiting for them any more. */
export async function failedJobsBefore(db: Db, before: string): Promise<EndedJob[]> {
  return db("jobs").whereIn("state", ["failed", "cancelled"]).where("updated_at", "<", before).orderBy("id").select("id", "user_id", "state", "created_at", "updated_at");
}

/** Deletes the given jobs if they are still failed or cancelled; returns how many went. */
export async function deleteEndedJobs(db: Db, ids: number[]): Promise<number> {
  let deleted = 0;
  // In slices: SQLite limits the number of bound parameters.
  for (let i = 0; i < ids.length; i += 500) {
    deleted += await db("jobs").whereIn("id", ids.slice(i, i + 500)).whereIn("state", ["failed", "cancelled"]).delete();
  }
  return deleted;
}

export async function countTests(db: Db): Promise<number> {
  return Number((await db("tests").count({ n: "*" }).first())?.n ?? 0);
}

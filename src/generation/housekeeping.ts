/** Generation's part of housekeeping and backups: how many tests there are. */
import type { Db } from "../core/db.ts";

export async function countTests(db: Db): Promise<number> {
  return Number((await db("tests").count({ n: "*" }).first())?.n ?? 0);
}

import type { Db } from "../core/db.ts";
import type { MaterialRow } from "./policy.ts";
import type { FileOut } from "./schema.ts";
import { toFileOut } from "./service.ts";

/**
 * The files with these ids that belong to `userId`, keyed by id, for features that keep a
 * reference to a study material (a class's syllabus and materials, a template's file).
 */
export async function filesOf(db: Db, userId: number, ids: number[]): Promise<Map<number, FileOut>> {
  if (ids.length === 0) return new Map();
  const rows: MaterialRow[] = await db("study_materials as m")
    .join("documents as d", "d.hash", "m.hash")
    .where("m.user_id", userId)
    .whereIn("m.id", [...new Set(ids)])
    .select("m.*", "d.size_bytes", "d.page_count");
  return new Map(rows.map((row) => [row.id, toFileOut(row)]));
}

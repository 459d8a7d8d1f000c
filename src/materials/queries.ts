import type { Db } from "../core/db.ts";
import type { PageUnit } from "./formats/types.ts";
import { MATERIAL_DOCUMENT_COLUMNS, type MaterialRow } from "./policy.ts";
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
    .select("m.*", ...MATERIAL_DOCUMENT_COLUMNS);
  return new Map(rows.map((row) => [row.id, toFileOut(row)]));
}

/**
 * What the pages of study material `id` are ("page", "slide", "section"), for citing them where questions
 * are shown; "page" when the material is gone (a test outlives its file) or there is none.
 */
export async function pageUnitOf(db: Db, id: number | null | undefined): Promise<PageUnit> {
  if (!id) return "page";
  const row: { page_unit: PageUnit } | undefined = await db("study_materials as m").join("documents as d", "d.hash", "m.hash").where("m.id", id).first("d.page_unit");
  return row?.page_unit ?? "page";
}

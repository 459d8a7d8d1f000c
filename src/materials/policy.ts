import type { Scope } from "../core/context.ts";
import { forbidden, notFound } from "../core/errors.ts";
import { visibleTo } from "../core/policy.ts";
import type { PageUnit } from "./formats/types.ts";

export interface MaterialRow {
  id: number;
  user_id: number;
  hash: string;
  filename: string;
  created_at: string;
  size_bytes: number;
  page_count: number;
  format: string;
  page_unit: PageUnit;
}

/** What a study material's row carries of its document. */
export const MATERIAL_DOCUMENT_COLUMNS = ["d.size_bytes", "d.page_count", "d.format", "d.page_unit"];

/**
 * `own`: anything that changes the file or files it somewhere (delete, attach to a class, a template):
 * its owner, or an admin. `view`: read it, download it, search it, generate one's own tests from it:
 * also anyone the owner lends it to through core's Sharing (the members of a class that holds it).
 */
export type MaterialUse = "own" | "view";

/**
 * Loads a study material for a use. Neither the user's nor lent to them: 404. Lent to them but asked
 * for more than viewing: 403 (they can see it, not change it).
 */
export async function findMaterial(scope: Scope, id: number, use: MaterialUse = "own"): Promise<MaterialRow> {
  const material = () => scope.db("study_materials as m").join("documents as d", "d.hash", "m.hash").where("m.id", id);
  const own: MaterialRow | undefined = await material().modify(visibleTo(scope, "m.user_id")).first("m.*", ...MATERIAL_DOCUMENT_COLUMNS);
  if (own) return own;
  const lent = await scope.sharing.canUse(scope, "material", id);
  const row: MaterialRow | undefined = lent ? await material().first("m.*", ...MATERIAL_DOCUMENT_COLUMNS) : undefined;
  if (!row) throw notFound("File not found.");
  if (use !== "view") throw forbidden("This file is shared with your class: only its owner can change or delete it.");
  return row;
}

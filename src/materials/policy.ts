import type { Scope } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { visibleTo } from "../core/policy.ts";

export interface MaterialRow {
  id: number;
  user_id: number;
  hash: string;
  filename: string;
  created_at: string;
  size_bytes: number;
  page_count: number;
}

/** Loads a study material the scope may see: its owner's, or any for an admin. Anything else is 404. */
export async function findMaterial(scope: Scope, id: number): Promise<MaterialRow> {
  const row: MaterialRow | undefined = await scope
    .db("study_materials as m")
    .join("documents as d", "d.hash", "m.hash")
    .where("m.id", id)
    .modify(visibleTo(scope, "m.user_id"))
    .first("m.*", "d.size_bytes", "d.page_count");
  if (!row) throw notFound("File not found.");
  return row;
}

import type { Scope } from "../../core/context.ts";
import { findOwned } from "../../core/policy.ts";

export interface TemplateRow {
  id: number;
  user_id: number;
  name: string;
  topic: string | null;
  difficulty: string;
  count: number;
  question_types: string;
  study_material_id: number | null;
  created_at: string;
}

/** A template is its owner's (or, as every record, an administrator's); anything else is 404. */
export const findTemplate = (scope: Scope, id: number) => findOwned<TemplateRow>(scope, "templates", id, "Template");

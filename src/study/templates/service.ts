import type { Scope } from "../../core/context.ts";
import { lockKey, withTransaction } from "../../core/db.ts";
import { conflict } from "../../core/errors.ts";
import type { Difficulty, QuestionType } from "../../generation/providers/types.ts";
import { findMaterial } from "../../materials/policy.ts";
import { filesOf } from "../../materials/queries.ts";
import { findTemplate, type TemplateRow } from "./policy.ts";
import { MAX_TEMPLATES, TOO_MANY_TEMPLATES, type TemplateInput, type TemplateOut } from "./schema.ts";

async function present(scope: Scope, rows: TemplateRow[]): Promise<TemplateOut[]> {
  const files = await filesOf(scope.db, scope.user.id, rows.flatMap((r) => (r.study_material_id ? [r.study_material_id] : [])));
  return rows.map((row) => {
    const file = row.study_material_id ? files.get(row.study_material_id) : undefined;
    return {
      id: row.id,
      name: row.name,
      topic: row.topic,
      difficulty: row.difficulty as Difficulty,
      count: row.count,
      question_types: JSON.parse(row.question_types) as QuestionType[],
      file_id: file?.file_id ?? null,
      filename: file?.filename ?? null,
      created_at: row.created_at,
    };
  });
}

export async function listTemplates(scope: Scope): Promise<TemplateOut[]> {
  const rows: TemplateRow[] = await scope.db("templates").where({ user_id: scope.user.id }).orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }]);
  return present(scope, rows);
}

export async function getTemplate(scope: Scope, id: number): Promise<TemplateOut> {
  const [out] = await present(scope, [await findTemplate(scope, id)]);
  return out!;
}

/** Saves generation settings under a name; a file, when given, must be one of the student's own. */
export async function createTemplate(scope: Scope, input: TemplateInput): Promise<TemplateOut> {
  const id = await withTransaction(scope, async (tx) => {
    if (input.file_id !== undefined) await findMaterial(tx, input.file_id);
    await lockKey(tx.db, `templates:${tx.user.id}`);
    const row = await tx.db("templates").where({ user_id: tx.user.id }).count({ n: "*" }).first();
    if (Number(row?.n ?? 0) >= MAX_TEMPLATES) throw conflict(TOO_MANY_TEMPLATES);
    const [inserted] = await tx
      .db("templates")
      .insert({
        user_id: tx.user.id,
        name: input.name,
        topic: input.topic ?? null,
        difficulty: input.difficulty,
        count: input.count,
        question_types: JSON.stringify(input.question_types),
        study_material_id: input.file_id ?? null,
        created_at: tx.clock.now().toISOString(),
      })
      .returning("id");
    return (typeof inserted === "object" ? inserted.id : inserted) as number;
  });
  return getTemplate(scope, id);
}

export async function deleteTemplate(scope: Scope, id: number): Promise<void> {
  const row = await findTemplate(scope, id);
  await scope.db("templates").where({ id: row.id }).delete();
}

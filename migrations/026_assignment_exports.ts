import type { Knex } from "knex";

/**
 * `assignments.allow_export`: whether the class's members may download the assigned test (Moodle, Anki,
 * PDF…) once its answers may be shown to them. An export holds the key, so it is off unless the teacher
 * turns it on. Owned by src/teaching/assignments.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable("assignments", (t) => {
    t.boolean("allow_export").notNullable().defaultTo(false);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("assignments", (t) => {
    t.dropColumn("allow_export");
  });
}

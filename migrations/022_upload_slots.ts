import type { Knex } from "knex";

/**
 * Uploads in progress, one row each (issue 14), so the per-user bound holds across instances. The
 * instance receiving the upload renews `expires_at` (epoch ms) while it works and deletes the row when the
 * request ends; a row of an instance that died expires on its own. Owned by src/materials/upload-slots.ts.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("upload_slots", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("holder", 200).notNullable();
    t.bigInteger("expires_at").notNullable();
    t.index(["user_id"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("upload_slots");
}

import type { Knex } from "knex";

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("tests", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    // A test keeps its questions when its study material is deleted.
    t.integer("study_material_id").references("study_materials.id").onDelete("SET NULL");
    t.string("name", 200).notNullable();
    t.string("topic", 200).notNullable();
    t.string("difficulty", 8).notNullable();
    t.integer("count").notNullable();
    t.text("question_types").notNullable(); // JSON array
    t.string("provider", 16).notNullable();
    t.string("model", 200).notNullable();
    t.integer("seed").notNullable();
    t.text("questions").notNullable(); // JSON array of Question
    t.string("created_at").notNullable();
    t.index(["user_id", "created_at"]);
  });

  // Long work (test generation) as durable rows: they survive a restart and report progress.
  await db.schema.createTable("jobs", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("kind", 32).notNullable();
    t.string("state", 16).notNullable(); // queued | running | done | failed | cancelled
    t.text("params").notNullable(); // JSON
    t.integer("progress_done").notNullable().defaultTo(0);
    t.integer("progress_total").notNullable().defaultTo(0);
    t.integer("test_id").references("tests.id").onDelete("SET NULL");
    t.text("error"); // JSON {status, detail, suggestions?}
    t.integer("attempts").notNullable().defaultTo(0);
    t.boolean("cancel_requested").notNullable().defaultTo(false);
    t.string("created_at").notNullable();
    t.string("updated_at").notNullable();
    t.index(["state", "id"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("jobs");
  await db.schema.dropTable("tests");
}

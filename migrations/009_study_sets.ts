import type { Knex } from "knex";

/** Study sets, their flashcards with each card's FSRS state, and the log of reviews (owned by study/sets). */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("study_sets", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.string("title", 200).notNullable();
    t.text("description").notNullable();
    // The material and topic the cards came from, for Generate Questions; the set outlives the file.
    t.integer("study_material_id").references("study_materials.id").onDelete("SET NULL");
    t.string("topic", 200);
    t.string("created_at").notNullable();
    t.string("updated_at").notNullable();
    t.index(["user_id", "created_at"]);
  });
  await db.schema.createTable("flashcards", (t) => {
    t.increments("id");
    t.integer("study_set_id").notNullable().references("study_sets.id").onDelete("CASCADE");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("question").notNullable();
    t.text("answer").notNullable();
    t.integer("source_page");
    // The ts-fsrs Card, one column per field; `due` and `last_review` ISO 8601 UTC.
    t.string("due").notNullable();
    t.float("stability").notNullable().defaultTo(0);
    t.float("difficulty").notNullable().defaultTo(0);
    t.integer("elapsed_days").notNullable().defaultTo(0);
    t.integer("scheduled_days").notNullable().defaultTo(0);
    t.integer("learning_steps").notNullable().defaultTo(0);
    t.integer("reps").notNullable().defaultTo(0);
    t.integer("lapses").notNullable().defaultTo(0);
    t.string("state", 16).notNullable().defaultTo("new");
    t.string("last_review");
    t.string("created_at").notNullable();
    t.index(["study_set_id"]);
    t.index(["user_id", "due"]);
  });
  await db.schema.createTable("flashcard_reviews", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    // A deleted card keeps its reviews (goals count them), without the card.
    t.integer("flashcard_id").references("flashcards.id").onDelete("SET NULL");
    t.string("rating", 8).notNullable();
    t.string("state", 16).notNullable();
    t.string("due").notNullable();
    t.string("reviewed_at").notNullable();
    t.index(["user_id", "reviewed_at"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("flashcard_reviews");
  await db.schema.dropTable("flashcards");
  await db.schema.dropTable("study_sets");
}

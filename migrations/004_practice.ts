import type { Knex } from "knex";

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("results", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.integer("test_id").notNullable().references("tests.id").onDelete("CASCADE");
    t.float("score").notNullable(); // percent, one decimal
    t.integer("correct").notNullable();
    t.integer("total").notNullable();
    t.text("answers").notNullable(); // JSON {"0": "…"}
    t.text("review").notNullable(); // JSON [{index, chosen, answer, correct}]
    // The UI sends one key per attempt: a retried submission finds the first result.
    t.string("idempotency_key", 128);
    t.string("created_at").notNullable();
    t.unique(["user_id", "idempotency_key"]);
    t.index(["user_id", "created_at"]);
    t.index(["test_id"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("results");
}

import type { Knex } from "knex";

/**
 * Idempotency-Key of requests that start work (issue 14): POST /api/gpt/generate. A retry with the same
 * key, on any instance, gets the first request's job or its stored answer instead of a second run. Kept
 * 24 hours (the housekeeping deletes older ones). Submissions keep theirs on `results` (004_practice).
 * Owned by src/core/idempotency.ts.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("idempotency_keys", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("route", 64).notNullable();
    t.string("key", 128).notNullable();
    t.integer("job_id");
    t.text("response");
    t.string("created_at").notNullable();
    t.unique(["user_id", "route", "key"]);
    t.index(["created_at"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("idempotency_keys");
}

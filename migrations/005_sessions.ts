import type { Knex } from "knex";

/** One row per sign-in, so a user can see their sessions and end one; the JWT carries the row's id. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("sessions", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("created_at").notNullable();
    // Written at most about once a minute per session, not on every request.
    t.string("last_seen_at").notNullable();
    // Moves forward when the cookie is renewed; the hourly maintenance removes rows past it.
    t.string("expires_at").notNullable();
    t.string("ip_address", 64).notNullable();
    t.string("user_agent", 512).notNullable();
    t.index(["user_id"]);
    t.index(["expires_at"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("sessions");
}

import type { Knex } from "knex";

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("users", (t) => {
    t.increments("id");
    t.string("username", 32).notNullable();
    // Uniqueness ignores case; the display form keeps the user's own casing.
    t.string("username_key", 32).notNullable().unique();
    t.string("email", 254).notNullable().unique();
    t.string("password_hash").notNullable();
    t.boolean("is_verified").notNullable().defaultTo(false);
    t.boolean("is_admin").notNullable().defaultTo(false);
    // Bumped to revoke every token issued before (logout-all, password change, reset, deletion).
    t.integer("session_version").notNullable().defaultTo(1);
    t.string("created_at").notNullable();
    t.string("updated_at").notNullable();
  });
  await db.schema.createTable("user_tokens", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("kind", 16).notNullable(); // verify | reset
    t.string("token_hash", 64).notNullable().unique();
    t.string("email", 254).notNullable(); // the address the link was sent to
    t.string("expires_at").notNullable();
    t.string("used_at");
    t.string("created_at").notNullable();
    t.index(["user_id", "kind"]);
  });
  await db.schema.createTable("outbox", (t) => {
    t.increments("id");
    t.string("to", 254).notNullable();
    t.string("subject").notNullable();
    t.text("text").notNullable();
    t.text("html").notNullable();
    t.string("status", 16).notNullable(); // sent | logged | failed
    t.text("error");
    t.string("created_at").notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("outbox");
  await db.schema.dropTable("user_tokens");
  await db.schema.dropTable("users");
}

import type { Knex } from "knex";

/**
 * Administration: roles and disabled accounts, a day-by-day record of activity (for "active users"
 * and its time series), the audit log of administrative actions, announcements, and which provider
 * a generation job used (for the per-provider analytics).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable("users", (t) => {
    t.string("role", 16).notNullable().defaultTo("student"); // student | teacher | admin
    t.boolean("disabled").notNullable().defaultTo(false);
    t.string("last_active_at");
    t.index(["role"]);
  });
  // is_admin stays, always equal to role = 'admin' (written together by accounts), for older readers.
  await db("users").where({ is_admin: true }).update({ role: "admin" });

  // One row per user and UTC day on which they signed in or used the service.
  await db.schema.createTable("activity_days", (t) => {
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("day", 10).notNullable(); // YYYY-MM-DD
    t.primary(["user_id", "day"]);
    t.index(["day"]);
  });

  await db.schema.createTable("audit_log", (t) => {
    t.increments("id");
    // No foreign key: the entry outlives the admin and the user it is about.
    t.integer("actor_id");
    t.string("actor", 64).notNullable(); // the admin's username, or "cli"
    t.string("action", 48).notNullable();
    t.string("target_type", 16);
    t.integer("target_id");
    t.string("target", 300); // what the target was called at the time (e-mail, file name)
    t.text("details"); // JSON
    t.string("ip", 64);
    t.string("created_at").notNullable();
    t.index(["created_at"]);
    t.index(["action"]);
  });

  await db.schema.createTable("announcements", (t) => {
    t.increments("id");
    t.text("message").notNullable();
    t.integer("created_by").references("users.id").onDelete("SET NULL");
    t.string("created_at").notNullable();
  });

  await db.schema.alterTable("jobs", (t) => {
    t.string("provider", 16);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("jobs", (t) => t.dropColumn("provider"));
  await db.schema.dropTable("announcements");
  await db.schema.dropTable("audit_log");
  await db.schema.dropTable("activity_days");
  await db.schema.alterTable("users", (t) => {
    t.dropIndex(["role"]);
    t.dropColumn("last_active_at");
    t.dropColumn("disabled");
    t.dropColumn("role");
  });
}

import type { Knex } from "knex";

/**
 * Rate-limit counters in the database (issue 14), so the limits hold across several instances: one row
 * per key, window length and slot (a sixtieth of the window), counting the events in that slot. A hit is
 * one upsert that adds one; a check sums the slots inside the window. `expires_at` (epoch ms, the slot's
 * end plus the window) is what the hourly housekeeping deletes by. Owned by src/core/rate-limit.ts.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("rate_limits", (t) => {
    t.string("key", 512).notNullable();
    t.integer("window_ms").notNullable();
    t.bigInteger("slot_start").notNullable();
    t.integer("hits").notNullable();
    t.bigInteger("expires_at").notNullable();
    t.primary(["key", "window_ms", "slot_start"]);
    t.index(["expires_at"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("rate_limits");
}

import type { Knex } from "knex";

/**
 * Named leases (issue 14): which instance runs a piece of scheduled work (the hourly housekeeping, the
 * morning reminders) and until when. A lease past `expires_at` (epoch ms) may be taken by any instance,
 * so one that died holding it stops nobody for long. Owned by src/core/leader.ts.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("leases", (t) => {
    t.string("name", 100).primary();
    t.string("holder", 200).notNullable();
    t.bigInteger("expires_at").notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("leases");
}

import type { Knex } from "knex";

/**
 * A running job is held on a lease: `claimed_by` names the instance running it (core/instance id),
 * `lease_until` (ISO) is renewed by that instance while it works. When the holder dies, its lease runs
 * out and another instance takes the job over (core/jobs.ts), instead of the job waiting for the dead
 * instance to restart. Jobs running when this lands have no lease and are taken over at once.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable("jobs", (t) => {
    t.string("claimed_by", 64);
    t.string("lease_until");
    t.index(["state", "lease_until"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("jobs", (t) => {
    t.dropIndex(["state", "lease_until"]);
    t.dropColumn("lease_until");
    t.dropColumn("claimed_by");
  });
}

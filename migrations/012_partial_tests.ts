import type { Knex } from "knex";

/**
 * What the preview tells the student about how a test was written:
 * - `requested_count`: how many questions were asked for; a test may hold fewer when the material
 *   grounds only some (null for tests written before, which were complete).
 * - `regenerated_from` / `repeated_count`: for a regenerated test, the test it replaced (kept as a plain
 *   number, since that test may be deleted) and how many of its questions came back anyway, so the page
 *   says "new questions" only when they are new. Both null for a first version.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable("tests", (t) => {
    t.integer("requested_count");
    t.integer("regenerated_from");
    t.integer("repeated_count");
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("tests", (t) => {
    t.dropColumn("repeated_count");
    t.dropColumn("regenerated_from");
    t.dropColumn("requested_count");
  });
}

import type { Knex } from "knex";

/**
 * `class_members.added`: whether the member was added by the teacher (by e-mail) rather than joining
 * with the code themselves. The classes a student joined and those they were added to are limited
 * apart, so teachers adding a student everywhere cannot use up the classes the student may join.
 * Owned by src/study/classes/members.ts.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable("class_members", (t) => {
    t.boolean("added").notNullable().defaultTo(false);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("class_members", (t) => {
    t.dropColumn("added");
  });
}

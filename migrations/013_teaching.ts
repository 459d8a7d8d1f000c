import type { Knex } from "knex";

/**
 * Teaching (issue 13): a teacher's class has members and a join code, and hands its members tests as
 * assignments.
 * - `classes.join_code`: set for classes whose owner teaches (teacher or admin), null for a student's own
 *   organiser class. Unique, so a code names one class.
 * - `class_members`: who joined (by code, or added by the teacher). The classes feature owns it beside
 *   `classes`, and its policy decides what a member sees.
 * - `assignments`: one of the teacher's tests given to a class, with its window (opens_at, due_at; null:
 *   none), how many attempts count, and when the review shows the answers. A test is assigned to a class
 *   at most once.
 * - `results.assignment_id`: the assignment an attempt counts for (null: a practice attempt of one's own
 *   test). Deleting an assignment keeps the attempts, without the link.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable("classes", (t) => {
    t.string("join_code", 16);
    t.unique(["join_code"]);
  });

  await db.schema.createTable("class_members", (t) => {
    t.integer("class_id").notNullable().references("classes.id").onDelete("CASCADE");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("joined_at").notNullable();
    t.primary(["class_id", "user_id"]);
    t.index(["user_id"]);
  });

  await db.schema.createTable("assignments", (t) => {
    t.increments("id");
    t.integer("class_id").notNullable().references("classes.id").onDelete("CASCADE");
    t.integer("test_id").notNullable().references("tests.id").onDelete("CASCADE");
    t.string("opens_at");
    t.string("due_at");
    t.integer("attempts_allowed").notNullable();
    t.string("show_answers_after", 12).notNullable(); // submission | due | never
    t.string("created_at").notNullable();
    t.unique(["class_id", "test_id"]);
    t.index(["test_id"]);
  });

  await db.schema.alterTable("results", (t) => {
    t.integer("assignment_id").references("assignments.id").onDelete("SET NULL");
    t.index(["assignment_id", "user_id"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("results", (t) => {
    t.dropIndex(["assignment_id", "user_id"]);
    t.dropColumn("assignment_id");
  });
  await db.schema.dropTable("assignments");
  await db.schema.dropTable("class_members");
  await db.schema.alterTable("classes", (t) => {
    t.dropUnique(["join_code"]);
    t.dropColumn("join_code");
  });
}

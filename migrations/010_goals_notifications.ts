import type { Knex } from "knex";

/**
 * Goals and notifications (issue 11). A goal stores what counts (kind, target, optional topic, study set
 * and week window), never its progress: progress is computed from practice results and flashcard
 * reviews each time it is read. `reached_at` records the first time it reached 100%, so the "goal
 * reached" notification is written once. Notifications are per user; administrators' announcements
 * are not copied per user: only a user's read mark on one is stored (announcement_reads).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("goals", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("kind", 24).notNullable(); // tests_taken | average_score | cards_reviewed | set_mastered
    t.string("title", 120).notNullable();
    t.integer("target"); // tests, percent or cards; null for set_mastered
    t.string("topic", 200);
    // The study set of a set_mastered goal. No foreign key: the set belongs to the study-sets feature,
    // and a goal whose set is gone simply shows 0%.
    t.integer("set_id");
    t.integer("within_days"); // 7: count only the last week; null: since the goal was set
    t.string("reached_at");
    t.string("created_at").notNullable();
    t.string("updated_at").notNullable();
    t.index(["user_id", "id"]);
  });

  await db.schema.createTable("notifications", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("kind", 24).notNullable(); // generation_done | generation_failed | cards_due | goal_reached
    t.text("message").notNullable();
    t.string("link", 300);
    // One notification per event (job:12, goal:3, cards_due:2026-11-23), even when two processes see it.
    t.string("event_key", 64).notNullable();
    t.string("read_at");
    t.string("created_at").notNullable();
    t.unique(["user_id", "event_key"]);
    t.index(["user_id", "created_at"]);
    t.index(["read_at"]);
  });

  await db.schema.createTable("announcement_reads", (t) => {
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.integer("announcement_id").notNullable().references("announcements.id").onDelete("CASCADE");
    t.string("read_at").notNullable();
    t.primary(["user_id", "announcement_id"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("announcement_reads");
  await db.schema.dropTable("notifications");
  await db.schema.dropTable("goals");
}

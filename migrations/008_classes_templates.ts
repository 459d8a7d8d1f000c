import type { Knex } from "knex";

/**
 * Classes (a student's own organiser now; teacher-led classes with members come later) and
 * templates (saved generation settings). A class has one owner; a later migration adds a
 * class_members table beside it, and the classes policy decides what a member may see.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("classes", (t) => {
    t.increments("id");
    t.integer("owner_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("name", 100).notNullable();
    // The syllabus is one of the owner's study materials; deleting the file leaves the class without one.
    t.integer("syllabus_id").references("study_materials.id").onDelete("SET NULL");
    t.string("created_at").notNullable();
    t.string("updated_at").notNullable();
    t.index(["owner_id", "created_at"]);
  });

  // The study materials attached to a class (the syllabus is not repeated here).
  await db.schema.createTable("class_materials", (t) => {
    t.integer("class_id").notNullable().references("classes.id").onDelete("CASCADE");
    t.integer("study_material_id").notNullable().references("study_materials.id").onDelete("CASCADE");
    t.string("attached_at").notNullable();
    t.primary(["class_id", "study_material_id"]);
    t.index(["study_material_id"]);
  });

  await db.schema.createTable("templates", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("name", 100).notNullable();
    t.string("topic", 200);
    t.string("difficulty", 8).notNullable();
    t.integer("count").notNullable();
    t.text("question_types").notNullable(); // JSON array
    t.integer("study_material_id").references("study_materials.id").onDelete("SET NULL");
    t.string("created_at").notNullable();
    t.index(["user_id", "created_at"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("templates");
  await db.schema.dropTable("class_materials");
  await db.schema.dropTable("classes");
}

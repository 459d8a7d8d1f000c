import type { Knex } from "knex";

/**
 * `documents.format`: what the stored file is (pdf, docx, pptx, odt, odp, txt, md; told by content,
 * src/materials/formats/detect.ts), for the download's Content-Type; `documents.page_unit`: what its
 * numbered parts are, as questions cite them ("page 4", "slide 4", "section 4"). Every document stored
 * before is a PDF. Owned by src/materials.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable("documents", (t) => {
    t.string("format", 8).notNullable().defaultTo("pdf");
    t.string("page_unit", 8).notNullable().defaultTo("page");
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("documents", (t) => {
    t.dropColumn("page_unit");
    t.dropColumn("format");
  });
}

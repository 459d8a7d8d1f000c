import type { Knex } from "knex";

/**
 * OCR (issue 15). `document_pages.ocr`: the page's text was read from its picture by OCR, so it may hold
 * misread words (the built-in generator is stricter with such pages); owned by src/materials. And the
 * progress of an upload, kept on its upload slot so that any instance can answer the uploader's poll:
 * `upload_key` (the id the client chose for this upload), `ocr_page` and `page_count` (OCR is reading
 * page ocr_page of page_count; null before OCR starts); owned by src/materials/upload-slots.ts.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable("document_pages", (t) => {
    t.boolean("ocr").notNullable().defaultTo(false);
  });
  await db.schema.alterTable("upload_slots", (t) => {
    t.string("upload_key", 64).nullable();
    t.integer("ocr_page").nullable();
    t.integer("page_count").nullable();
    t.index(["user_id", "upload_key"]);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("upload_slots", (t) => {
    t.dropIndex(["user_id", "upload_key"]);
    t.dropColumn("upload_key");
    t.dropColumn("ocr_page");
    t.dropColumn("page_count");
  });
  await db.schema.alterTable("document_pages", (t) => {
    t.dropColumn("ocr");
  });
}

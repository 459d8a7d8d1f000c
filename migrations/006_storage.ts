import type { Knex } from "knex";

/**
 * What each document's extracted text takes (UTF-8 bytes of its pages), counted with its PDF's size
 * against its users' storage limit (MAX_USER_STORAGE_MB): text amplification, not the PDF, is what
 * fills a disk.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable("documents", (t) => {
    t.bigInteger("text_bytes").notNullable().defaultTo(0);
  });
  const bytes = db.client.config.client === "sqlite3" ? "length(cast(p.text as blob))" : "octet_length(p.text)";
  await db.raw(`update documents set text_bytes = coalesce((select sum(${bytes}) from document_pages p where p.hash = documents.hash), 0)`);
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("documents", (t) => {
    t.dropColumn("text_bytes");
  });
}

import type { Knex } from "knex";
import { documentText, insertDocumentText } from "../src/materials/document-text.ts";
import { eachDocument } from "./each-document.ts";

/**
 * Documents stored before scanning cleaned the text (src/materials/clean/) are cleaned now: their pages
 * lose running heads, page numbers, contents and index pages, code listings; their chunks, and with
 * them the search index, are rebuilt from the cleaned pages; their text_bytes follows. One document at
 * a time, so memory stays that of the largest document, whatever the database holds.
 */

/**
 * Not one transaction for the whole migration (knex's default): that would hold SQLite's write lock and
 * grow its write-ahead log for the whole database's rewrite. Each document is rewritten in its own
 * transaction instead. After a crash the migration runs again from the start: a document cleaned
 * already is cleaned again, which leaves it as it was.
 */
export const config = { transaction: false };

export async function up(db: Knex): Promise<void> {
  await eachDocument(db, async (hash) => {
    const pages: { page: number; text: string }[] = await db("document_pages").where({ hash }).orderBy("page").select("page", "text");
    const text = await documentText(pages);
    await db.transaction(async (trx) => {
      await trx("document_chunks").where({ hash }).delete();
      await trx("document_pages").where({ hash }).delete();
      await insertDocumentText(trx, hash, text);
      await trx("documents").where({ hash }).update({ text_bytes: text.textBytes });
    });
  });
}

/** The text that cleaning dropped is not kept anywhere: going back leaves the cleaned text in place. */
export async function down(): Promise<void> {}

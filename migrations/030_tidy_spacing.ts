import type { Knex } from "knex";
import { chunkPages } from "../src/materials/chunks.ts";
import { tidySpacing } from "../src/materials/clean/lines.ts";
import { insertChunks } from "../src/materials/document-text.ts";
import { textBytes } from "../src/materials/quota.ts";
import { eachDocument } from "./each-document.ts";

/**
 * Documents stored before cleaning closed the space a browser's print leaves after inline code ("the event named
 * eventName .", "All EventEmitter s emit …": Node.js's API pages) get it closed now, and their chunks, and with them
 * the search index, are rebuilt. Only that step runs again (not the whole of cleaning, which would read a deck's
 * slides as a printer's pages): a page's text changes only where it had such a space. One document at a time, each
 * in its own transaction, as 011; run again after a crash, it leaves a tidied document as it was.
 */
export const config = { transaction: false };

export async function up(db: Knex): Promise<void> {
  await eachDocument(db, async (hash) => {
    const pages: { page: number; text: string }[] = await db("document_pages").where({ hash }).orderBy("page").select("page", "text");
    const tidied = pages.map((p) => ({ page: p.page, text: p.text.split("\n").map(tidySpacing).join("\n") }));
    const changed = tidied.filter((p, i) => p.text !== pages[i]?.text);
    if (changed.length === 0) return;
    await db.transaction(async (trx) => {
      for (const page of changed) await trx("document_pages").where({ hash, page: page.page }).update({ text: page.text });
      await trx("document_chunks").where({ hash }).delete();
      await insertChunks(trx, hash, chunkPages(tidied));
      await trx("documents").where({ hash }).update({ text_bytes: textBytes(tidied) });
    });
  });
}

/** The spaces closed are not kept anywhere: going back leaves the text as it is. */
export async function down(): Promise<void> {}

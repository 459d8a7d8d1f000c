import type { Knex } from "knex";
import { isSqlite } from "../src/core/dialect.ts";

/**
 * PostgreSQL's full-text index over document_chunks (SQLite's is the FTS5 table of migration 002): a
 * generated `tsvector` column with the English configuration (stemming and stop words, like FTS5's
 * porter tokenizer) and a GIN index. Generated, so it never falls out of step with the text and needs no
 * trigger; search.ts queries it with websearch_to_tsquery and ranks with ts_rank. Nothing on SQLite.
 */
export async function up(db: Knex): Promise<void> {
  if (isSqlite(db)) return;
  await db.raw(`ALTER TABLE document_chunks ADD COLUMN text_search tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED`);
  await db.raw(`CREATE INDEX document_chunks_text_search ON document_chunks USING gin (text_search)`);
}

export async function down(db: Knex): Promise<void> {
  if (isSqlite(db)) return;
  await db.raw(`DROP INDEX document_chunks_text_search`);
  await db.raw(`ALTER TABLE document_chunks DROP COLUMN text_search`);
}

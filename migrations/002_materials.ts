import type { Knex } from "knex";
import { isSqlite } from "../src/core/dialect.ts";

export async function up(db: Knex): Promise<void> {
  // One row per distinct PDF (by content hash): its bytes live once in uploads/, its text once here.
  await db.schema.createTable("documents", (t) => {
    t.string("hash", 64).primary();
    t.integer("size_bytes").notNullable();
    t.integer("page_count").notNullable();
    t.string("created_at").notNullable();
  });
  await db.schema.createTable("document_pages", (t) => {
    t.string("hash", 64).notNullable().references("documents.hash").onDelete("CASCADE");
    t.integer("page").notNullable();
    t.text("text").notNullable();
    t.primary(["hash", "page"]);
  });
  await db.schema.createTable("document_chunks", (t) => {
    t.increments("id");
    t.string("hash", 64).notNullable().references("documents.hash").onDelete("CASCADE");
    t.integer("page").notNullable();
    t.integer("seq").notNullable();
    t.text("text").notNullable();
    t.index(["hash"]);
  });
  // Full-text index over the chunks (external content, kept in step by triggers). SQLite only:
  // PostgreSQL's index (a tsvector column) is made by migration 014.
  if (isSqlite(db)) await sqliteFullText(db);

  // A user's record of an upload; several users (or none) may refer to one document.
  await db.schema.createTable("study_materials", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("hash", 64).notNullable().references("documents.hash");
    t.string("filename", 255).notNullable();
    t.string("created_at").notNullable();
    t.unique(["user_id", "hash"]);
    t.index(["user_id", "created_at"]);
  });
}

async function sqliteFullText(db: Knex): Promise<void> {
  await db.raw(`CREATE VIRTUAL TABLE document_chunks_fts USING fts5(text, content='document_chunks', content_rowid='id', tokenize='porter unicode61')`);
  await db.raw(`CREATE TRIGGER document_chunks_ai AFTER INSERT ON document_chunks BEGIN
    INSERT INTO document_chunks_fts(rowid, text) VALUES (new.id, new.text); END`);
  await db.raw(`CREATE TRIGGER document_chunks_ad AFTER DELETE ON document_chunks BEGIN
    INSERT INTO document_chunks_fts(document_chunks_fts, rowid, text) VALUES ('delete', old.id, old.text); END`);
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable("study_materials");
  if (isSqlite(db)) await db.raw("DROP TABLE document_chunks_fts");
  await db.schema.dropTable("document_chunks");
  await db.schema.dropTable("document_pages");
  await db.schema.dropTable("documents");
}

import type { Knex } from "knex";
import { isSqlite } from "../src/core/dialect.ts";

/**
 * knex's `float` is PostgreSQL's 4-byte `real`: a score of 66.7 comes back from avg() as
 * 66.69999694824219, and the FSRS stability and difficulty of flashcards lose digits at every review.
 * SQLite's REAL is already 8 bytes; PostgreSQL's columns become `double precision` to match.
 */
const COLUMNS: [table: string, column: string][] = [
  ["results", "score"],
  ["flashcards", "stability"],
  ["flashcards", "difficulty"],
];

export async function up(db: Knex): Promise<void> {
  if (isSqlite(db)) return;
  for (const [table, column] of COLUMNS) await db.raw(`ALTER TABLE ?? ALTER COLUMN ?? TYPE double precision`, [table, column]);
}

export async function down(db: Knex): Promise<void> {
  if (isSqlite(db)) return;
  for (const [table, column] of COLUMNS) await db.raw(`ALTER TABLE ?? ALTER COLUMN ?? TYPE real`, [table, column]);
}

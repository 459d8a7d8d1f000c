/**
 * A SQLite database file as a file: its online snapshot, its integrity, its migrations, and whether
 * another process has it open. For backups, restores and `studyforge doctor`.
 */
import { existsSync } from "node:fs";
import knex from "knex";
import { migrations } from "../../migrations/index.ts";
import type { Db } from "./db.ts";

/** Opens a database file as it is (no WAL switch, no pragmas): a snapshot, or a backup being checked. */
export function openSqliteFile(file: string): Db {
  return knex({ client: "sqlite3", connection: { filename: file }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
}

/**
 * Writes a consistent copy of the open database to `file` (SQLite's VACUUM INTO): it reads one
 * snapshot, so a server writing meanwhile (WAL) changes nothing in the copy. The copy uses a rollback
 * journal, so it is one self-contained file.
 */
export async function snapshotInto(db: Db, file: string): Promise<void> {
  await db.raw("VACUUM INTO ?", [file]);
  const copy = openSqliteFile(file);
  try {
    await copy.raw("PRAGMA journal_mode = DELETE");
  } finally {
    await copy.destroy();
  }
}

/** SQLite's own check of every page and index: ["ok"] when sound, else what it found (at most 20). */
export async function integrityCheck(db: Db): Promise<string[]> {
  const rows: Record<string, string>[] = await db.raw("PRAGMA integrity_check(20)");
  return rows.map((r) => Object.values(r)[0] ?? "");
}

/** Migrations recorded in the database that this version does not know (it was made by a newer one). */
export async function unknownMigrations(db: Db): Promise<string[]> {
  if (!(await db.schema.hasTable("knex_migrations"))) return [];
  const known = new Set(migrations.map((m) => m.name));
  const applied: string[] = await db("knex_migrations").pluck("name");
  return applied.filter((name) => !known.has(name));
}

/**
 * Whether another process has the database open. In WAL mode every open connection, idle or not,
 * holds a shared lock for as long as it is open, so an exclusive lock taken without waiting fails
 * exactly while a server (or any other studyforge command) uses the file.
 */
export async function databaseInUse(file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  const db = openSqliteFile(file);
  try {
    await db.raw("PRAGMA busy_timeout = 0");
    await db.raw("PRAGMA locking_mode = EXCLUSIVE");
    try {
      await db.raw("BEGIN EXCLUSIVE");
    } catch (err) {
      if (/SQLITE_BUSY|database is locked/i.test(String((err as Error).message))) return true;
      throw err;
    }
    await db.raw("COMMIT");
    return false;
  } finally {
    await db.destroy();
  }
}

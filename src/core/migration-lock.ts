/**
 * One migrator at a time per database, held by a lock that dies with its process.
 *
 * Why not knex's own lock alone: it is a row (knex_migrations_lock.is_locked) that nothing releases when
 * the process holding it is killed, so every later start waits for it and fails ("Migration table is
 * already locked"); and knex makes that row by checking and then inserting, so two instances started
 * together on a fresh database could insert two, after which knex refused the lock forever (its update
 * must touch exactly one row) or, when the second row came in between, granted it to both. Measured
 * before this lock: 8 of 30 pairs of `migrate` started together on a fresh SQLite file ended so; the
 * CI saw it once as a server that never started. Under this lock knex's bookkeeping is made by one
 * process alone, and a set knex lock can only be left over from a process that died, so it is freed.
 *
 * PostgreSQL: a session advisory lock on a connection of its own, which the server drops with the
 * connection. SQLite: an exclusive transaction on a small side file (`<database>-migrate.lock`), whose
 * file lock the operating system drops with the process.
 */
import pg from "pg";
import sqlite3 from "sqlite3";
import type { Knex } from "knex";

/** How long a start waits for another instance's migration (a data migration on a large school's database takes minutes). */
const WAIT_MS = 15 * 60_000;

export async function holdMigrationLock(db: Knex): Promise<() => Promise<void>> {
  const { client, connection } = db.client.config as { client: string; connection: { filename: string } | pg.ClientConfig };
  return client === "sqlite3" ? holdFileLock(`${(connection as { filename: string }).filename}-migrate.lock`) : holdAdvisoryLock(connection as pg.ClientConfig);
}

async function holdAdvisoryLock(connection: pg.ClientConfig): Promise<() => Promise<void>> {
  const conn = new pg.Client(connection);
  await conn.connect();
  try {
    await conn.query(`set lock_timeout = ${WAIT_MS}`);
    await conn.query("select pg_advisory_lock(hashtext('studyforge migrations'))");
  } catch (err) {
    await conn.end();
    throw err;
  }
  // Ending the session releases its advisory locks.
  return () => conn.end();
}

async function holdFileLock(file: string): Promise<() => Promise<void>> {
  const conn = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(file, (err) => (err ? reject(err) : resolve(opened)));
  });
  const run = (sql: string) => new Promise<void>((resolve, reject) => conn.run(sql, (err) => (err ? reject(err) : resolve())));
  conn.configure("busyTimeout", WAIT_MS);
  try {
    await run("BEGIN EXCLUSIVE");
  } catch (err) {
    conn.close();
    throw err;
  }
  return async () => {
    await run("ROLLBACK");
    await new Promise<void>((resolve, reject) => conn.close((err) => (err ? reject(err) : resolve())));
  };
}

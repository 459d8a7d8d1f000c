import { mkdirSync } from "node:fs";
import path from "node:path";
import knex, { type Knex } from "knex";
import pg from "pg";
import { migrations } from "../../migrations/index.ts";
import type { Config } from "./config.ts";
import { holdMigrationLock } from "./migration-lock.ts";

export type Db = Knex;

/**
 * Opens the SQLite database: WAL so readers never wait for the writer, foreign keys on, every
 * commit synced to disk before it is acknowledged (an answered submission survives a power cut),
 * and a busy timeout so a second process (the CLI beside the server) waits instead of failing.
 */
export function openDb(databaseFile: string): Db {
  mkdirSync(path.dirname(databaseFile), { recursive: true });
  // The server and the CLI write to the same file at the same time: see beginImmediate.
  return beginImmediate(knex({
    client: "sqlite3",
    connection: { filename: databaseFile },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { run(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) {
        // The busy timeout first: switching a new file to WAL needs a moment alone with it, and another
        // process opening it then must wait, not fail (measured: SQLITE_BUSY on two opened at once).
        const pragmas = ["PRAGMA busy_timeout = 5000", "PRAGMA journal_mode = WAL", "PRAGMA foreign_keys = ON", "PRAGMA synchronous = FULL"];
        const next = (i: number): void => {
          if (i === pragmas.length) return done(null, conn);
          conn.run(pragmas[i]!, (err) => (err ? done(err, conn) : next(i + 1)));
        };
        next(0);
      },
    },
  }));
}

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is postgres://…, the SQLite file
 * otherwise.
 */
export function openDatabase(config: Pick<Config, "databaseFile" | "postgresUrl" | "databasePoolMax">): Db {
  return config.postgresUrl ? openPostgres(config.postgresUrl, config.databasePoolMax) : openDb(config.databaseFile);
}

/** The database as an operator names it: the SQLite file, or PostgreSQL's URL without its password. */
export function databaseName(config: Pick<Config, "databaseFile" | "postgresUrl">): string {
  return config.postgresUrl ? config.postgresUrl.replace(/:[^:@/]*@/, ":…@") : config.databaseFile;
}

/**
 * How StudyForge's connections name themselves to PostgreSQL (pg_stat_activity.application_name): a
 * restore or a migration looks for this name to know whether a server is using the database.
 */
export const SERVER_APPLICATION = "studyforge";

/**
 * PostgreSQL through knex's `pg` client. The pool is small (DATABASE_POOL_MAX, 10 by default): several
 * instances share the server's max_connections (100 by default), and a request holds a connection only
 * for its queries. count(*) and sum() come back as strings (bigint/numeric): callers wrap them in
 * Number(), which works on both databases.
 */
export function openPostgres(url: string, poolMax = 10, applicationName = SERVER_APPLICATION): Db {
  readNumbersAsNumbers();
  return knex({
    client: "pg",
    connection: { connectionString: url, application_name: applicationName },
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 30_000 },
    acquireConnectionTimeout: 30_000,
  });
}

/**
 * pg hands bigint (count(*), sum of integers, bigInteger columns) and numeric (avg, sum of bigint) to
 * JavaScript as strings, to keep precision beyond 2^53; SQLite gives numbers. Every count, byte total
 * and average here stays far below 2^53, so both are parsed as numbers once, for the whole process,
 * and the code reads the same rows from either database.
 */
function readNumbersAsNumbers(): void {
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
}

/**
 * Makes every transaction on `db` take SQLite's write lock when it begins (BEGIN IMMEDIATE). A
 * transaction that reads and then writes (count the jobs, then queue one) otherwise fails at once with
 * SQLITE_BUSY, without waiting, whenever another process (the CLI beside the server, or the server
 * beside the CLI) committed in between: measured, 72 of 100 such transactions failed beside a process
 * writing every few milliseconds, and none with IMMEDIATE, which waits (busy_timeout) instead.
 * Savepoints (nested transactions) are unchanged. PostgreSQL is left alone.
 */
export function beginImmediate(db: Db): Db {
  if (db.client.config.client !== "sqlite3") return db;
  const client = db.client as { transaction: (...args: unknown[]) => { begin(conn: unknown): unknown; query(conn: unknown, sql: string): unknown } };
  const transaction = client.transaction.bind(client);
  client.transaction = (...args) => {
    const trx = transaction(...args);
    trx.begin = (conn) => trx.query(conn, "BEGIN IMMEDIATE;");
    return trx;
  };
  return db;
}

/** The migrations are listed in code (migrations/index.ts), so their order never depends on a directory scan. */
const migrationSource: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m,
};

type Source = typeof migrationSource;

/**
 * Applies the pending migrations, one process at a time (migration-lock.ts): knex lists what is pending
 * only once it holds the lock, so what another instance applied meanwhile is never applied again.
 */
export async function migrate(db: Db, source: Source = migrationSource): Promise<string[]> {
  const release = await holdMigrationLock(db);
  try {
    // Nobody else is migrating, so a set knex lock was left by a process that died while migrating.
    await db.migrate.forceFreeMigrationsLock();
    const [, applied] = (await db.migrate.latest({ migrationSource: source })) as [number, string[]];
    return applied;
  } finally {
    await release();
  }
}

export async function pendingMigrations(db: Db): Promise<string[]> {
  const [, pending] = (await db.migrate.list({ migrationSource })) as [unknown, { name: string }[]];
  return pending.map((m) => m.name);
}

/** ISO 8601 in UTC, the one way times are stored and sent. */
export const iso = (d: Date) => d.toISOString();

/**
 * Serialises transactions that make a decision for one key (e.g. "this student has fewer than 3 jobs
 * waiting, so insert one"): the check and the write then act as one step. SQLite needs nothing: the
 * pool has one connection, so a transaction runs alone. PostgreSQL takes a transaction-scoped advisory
 * lock on the key, released at commit, which also holds across several server instances.
 */
export async function lockKey(trx: Knex, key: string): Promise<void> {
  if (trx.client.config.client === "sqlite3") return;
  await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [key]);
}

/**
 * Counts a query's rows per UTC day of `column` (an ISO timestamp) from `since` on, as
 * `{ "2026-11-23": 4, … }`. Timestamps are stored as ISO text, so the day is their first ten
 * characters on every database.
 */
export async function countPerDay(query: Knex.QueryBuilder, since: string, column = "created_at"): Promise<Record<string, number>> {
  const rows: { day: string; n: number | string }[] = await query
    .where(column, ">=", since)
    .select(query.client.raw(`substr(${column}, 1, 10) as day`))
    .count({ n: "*" })
    .groupBy("day");
  return Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]));
}

/** A case-insensitive "contains" filter; the text's own % and _ are taken literally. */
export function whereContains(q: Knex.QueryBuilder, column: string, text: string, or = false): Knex.QueryBuilder {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or ? q.orWhereRaw(`lower(${column}) like ? escape '\\'`, [pattern]) : q.whereRaw(`lower(${column}) like ? escape '\\'`, [pattern]);
}

/**
 * Runs `fn` with a scope whose `db` is a transaction. A scope already in a transaction is passed on
 * as it is, so a service called inside another's transaction joins it instead of opening a second
 * one (which on SQLite's single connection would wait for the first forever).
 */
export async function withTransaction<S extends { db: Db }, T>(scope: S, fn: (scope: S) => Promise<T>): Promise<T> {
  if ((scope.db as Knex.Transaction).isTransaction) return fn(scope);
  return scope.db.transaction((trx) => fn({ ...scope, db: trx }));
}

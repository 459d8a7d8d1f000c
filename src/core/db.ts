import { mkdirSync } from "node:fs";
import path from "node:path";
import knex, { type Knex } from "knex";
import { migrations } from "../../migrations/index.ts";

export type Db = Knex;

/**
 * Opens the SQLite database: WAL so readers never wait for the writer, foreign keys on, every
 * commit synced to disk before it is acknowledged (an answered submission survives a power cut),
 * and a busy timeout so a second process (the CLI beside the server) waits instead of failing.
 */
export function openDb(databaseFile: string): Db {
  mkdirSync(path.dirname(databaseFile), { recursive: true });
  return knex({
    client: "sqlite3",
    connection: { filename: databaseFile },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { run(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) {
        const pragmas = ["PRAGMA journal_mode = WAL", "PRAGMA foreign_keys = ON", "PRAGMA busy_timeout = 5000", "PRAGMA synchronous = FULL"];
        const next = (i: number): void => {
          if (i === pragmas.length) return done(null, conn);
          conn.run(pragmas[i]!, (err) => (err ? done(err, conn) : next(i + 1)));
        };
        next(0);
      },
    },
  });
}

/** The migrations are listed in code (migrations/index.ts), so their order never depends on a directory scan. */
const migrationSource: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m,
};

export async function migrate(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
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
export async function lockKey(trx: Knex.Transaction, key: string): Promise<void> {
  if (trx.client.config.client === "sqlite3") return;
  await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [key]);
}

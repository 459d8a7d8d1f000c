import type { Knex } from "knex";

/**
 * The few places where SQLite and PostgreSQL need different SQL, in one file. Everything else is
 * knex's query builder, which both speak; migrations and services ask here instead of testing the
 * client's name themselves.
 */
export type Dialect = "sqlite" | "postgres";

export function dialectOf(db: Knex): Dialect {
  return db.client.config.client === "sqlite3" ? "sqlite" : "postgres";
}

export const isSqlite = (db: Knex) => dialectOf(db) === "sqlite";

/**
 * SQL for a non-negative number rounded down to an integer: SQLite's cast truncates, PostgreSQL's
 * rounds (66.7 → 67), so PostgreSQL floors first.
 */
export function floorToInteger(db: Knex, expression: string): string {
  return isSqlite(db) ? `cast(${expression} as integer)` : `cast(floor(${expression}) as integer)`;
}

/**
 * The shared form of lockKey (db.ts): any number of transactions hold the key together, and none
 * while one holds it with lockKey, which waits for them all. For work that only needs the key's record
 * to stay unchanged (a submission grades against the test's questions) beside rare work that changes
 * it (the owner's edit): a whole year submitting the same test at once would otherwise queue for one
 * lock, each waiting transaction keeping its pooled connection. SQLite runs one transaction at a time
 * anyway.
 */
export async function lockKeyShared(trx: Knex, key: string): Promise<void> {
  if (isSqlite(trx)) return;
  await trx.raw("select pg_advisory_xact_lock_shared(hashtext(?))", [key]);
}

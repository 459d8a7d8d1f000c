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

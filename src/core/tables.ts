/**
 * The database's own tables as the database describes them (SQLite's pragmas, PostgreSQL's catalog):
 * their columns, primary keys and the tables they refer to, in an order where every table comes after
 * the tables it refers to. For the logical copy (table-copy.ts) and the checks before a restore; the
 * services never need this.
 */
import type { Db } from "./db.ts";
import { isSqlite } from "./dialect.ts";

export interface TableInfo {
  name: string;
  /** Columns a row is written with: generated ones (PostgreSQL's full-text column) are left out. */
  columns: string[];
  /** Primary key columns in key order (every StudyForge table has one). */
  key: string[];
  /** Tables this one refers to through foreign keys (itself excluded). */
  parents: string[];
}

/** Knex's own bookkeeping: each database gets it from running the migrations, never from a copy. */
const BOOKKEEPING = new Set(["knex_migrations", "knex_migrations_lock"]);

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows);

async function sqliteTables(db: Db): Promise<TableInfo[]> {
  const all = rowsOf(await db.raw("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'")) as { name: string; sql: string }[];
  // FTS5's virtual table and its shadow tables (name_data, name_idx, …) are an index the triggers keep.
  const virtual = all.filter((t) => /^create virtual table/i.test(t.sql)).map((t) => t.name);
  const names = all.map((t) => t.name).filter((n) => !BOOKKEEPING.has(n) && !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
  const tables: TableInfo[] = [];
  for (const name of names) {
    const columns = rowsOf(await db.raw("select name, pk, hidden from pragma_table_xinfo(?)", [name])) as { name: string; pk: number; hidden: number }[];
    const parents = rowsOf(await db.raw("select distinct \"table\" as parent from pragma_foreign_key_list(?)", [name])) as { parent: string }[];
    tables.push({
      name,
      columns: columns.filter((c) => c.hidden === 0).map((c) => c.name),
      key: columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
      parents: parents.map((p) => p.parent).filter((p) => p !== name),
    });
  }
  return tables;
}

async function postgresTables(db: Db): Promise<TableInfo[]> {
  const inSchema = "join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema()";
  const columns = rowsOf(
    await db.raw(`select c.relname as t, a.attname as col from pg_attribute a join pg_class c on c.oid = a.attrelid ${inSchema}
      and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by c.relname, a.attnum`),
  ) as { t: string; col: string }[];
  const keys = rowsOf(
    await db.raw(`select c.relname as t, a.attname as col from pg_constraint k join pg_class c on c.oid = k.conrelid
      cross join unnest(k.conkey) with ordinality as u(attnum, ord) join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
      ${inSchema} and k.contype = 'p' order by c.relname, u.ord`),
  ) as { t: string; col: string }[];
  const refs = rowsOf(
    await db.raw(`select distinct c.relname as t, p.relname as parent from pg_constraint k join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid ${inSchema} and k.contype = 'f'`),
  ) as { t: string; parent: string }[];
  const byName = new Map<string, TableInfo>();
  for (const { t, col } of columns) {
    if (BOOKKEEPING.has(t)) continue;
    if (!byName.has(t)) byName.set(t, { name: t, columns: [], key: [], parents: [] });
    byName.get(t)!.columns.push(col);
  }
  for (const { t, col } of keys) byName.get(t)?.key.push(col);
  for (const { t, parent } of refs) if (t !== parent) byName.get(t)?.parents.push(parent);
  return [...byName.values()];
}

/** Orders tables so each comes after every table it refers to (alphabetical among equals, for a stable order). */
export function dependencyOrder(tables: TableInfo[]): TableInfo[] {
  const pending = new Map([...tables].sort((a, b) => a.name.localeCompare(b.name)).map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  while (pending.size) {
    const ready = [...pending.values()].filter((t) => t.parents.every((p) => !pending.has(p)));
    if (!ready.length) throw new Error(`The tables ${[...pending.keys()].join(", ")} refer to each other in a cycle: they cannot be copied in order.`);
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t.name);
    }
  }
  return ordered;
}

/** StudyForge's tables (knex's bookkeeping and SQLite's full-text index excluded), parents first. */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const tables = isSqlite(db) ? await sqliteTables(db) : await postgresTables(db);
  const keyless = tables.find((t) => !t.key.length);
  if (keyless) throw new Error(`The table ${keyless.name} has no primary key: it cannot be copied in batches.`);
  return dependencyOrder(tables);
}

/** Rows per table, in `tables`' order. */
export async function countRows(db: Db, tables: TableInfo[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const t of tables) {
    const [row] = await db(t.name).count({ n: "*" });
    counts.set(t.name, Number(row?.n ?? 0));
  }
  return counts;
}

/** The tables that hold at least one row: an empty list means the database holds no installation. */
export async function tablesWithRows(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const t of await listTables(db)) if (await db(t.name).first(db.raw("1 as one"))) found.push(t.name);
  return found;
}

/**
 * Drops every table of the current PostgreSQL schema, knex's bookkeeping included (a restore with
 * --force, or a migrated but empty database before pg_restore creates its own). Sequences of serial
 * columns go with their tables.
 */
export async function dropPostgresTables(db: Db): Promise<void> {
  const names = rowsOf(await db.raw("select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind in ('r', 'p')")) as { t: string }[];
  if (names.length) await db.raw(`drop table if exists ${names.map(() => "??").join(", ")} cascade`, names.map((n) => n.t));
}

/**
 * The logical copy of one StudyForge database into another, the one code path behind
 * `studyforge migrate-to-postgres` (SQLite → PostgreSQL), `studyforge backup` on PostgreSQL without a
 * usable pg_dump (PostgreSQL → a SQLite file in the archive) and `studyforge restore` of such an archive
 * (SQLite file → PostgreSQL or SQLite).
 *
 * Both databases are migrated by this version first, so they have the same tables. Every table is
 * copied parents first, in batches read by primary key (keyset pages: bounded memory and linear time
 * for any table size), all inside one transaction on the target: a failure or a count mismatch leaves
 * the target as it was. Afterwards PostgreSQL's sequences are moved past the copied ids (SQLite's
 * AUTOINCREMENT follows explicit ids by itself), so the next insert does not collide. The full-text
 * index fills itself: PostgreSQL's generated tsvector column, SQLite's FTS5 triggers.
 */
import type { Knex } from "knex";
import type { Db } from "./db.ts";
import { isSqlite } from "./dialect.ts";
import { countRows, listTables, type TableInfo } from "./tables.ts";

/** Rows read and written per statement: a few hundred rows of page text stay a few MB in memory. */
const BATCH_ROWS = 250;
/** Bound-parameter budget per INSERT (PostgreSQL allows 65,535, SQLite 32,766). */
const MAX_PARAMETERS = 30_000;

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface CopyResult {
  /** True when every table's target count equals its source count; otherwise nothing was kept. */
  ok: boolean;
  tables: TableCount[];
}

class CountMismatch extends Error {
  readonly tables: TableCount[];
  constructor(tables: TableCount[]) {
    super("row counts differ");
    this.tables = tables;
  }
}

/** The tables of both databases, checked to be the same tables with the same columns. */
async function matchingTables(source: Db, target: Db): Promise<TableInfo[]> {
  const [from, to] = await Promise.all([listTables(source), listTables(target)]);
  const targetByName = new Map(to.map((t) => [t.name, t]));
  const differ = (why: string) => new Error(`The two databases do not have the same tables (${why}): both must be migrated by this StudyForge version.`);
  for (const t of from) {
    const other = targetByName.get(t.name);
    if (!other) throw differ(`${t.name} is missing from the target`);
    const missing = t.columns.find((c) => !other.columns.includes(c));
    if (missing) throw differ(`${t.name}.${missing} is missing from the target`);
  }
  const extra = to.find((t) => !from.some((f) => f.name === t.name));
  if (extra) throw differ(`${extra.name} is missing from the source`);
  return from;
}

/** One table, page by page in primary-key order; returns the rows written. */
async function copyTable(source: Db, target: Db, table: TableInfo): Promise<number> {
  const rowsPerBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)));
  const after = `(${table.key.map(() => "??").join(", ")}) > (${table.key.map(() => "?").join(", ")})`;
  let last: Knex.Value[] | null = null;
  let written = 0;
  for (;;) {
    const page = source(table.name).select(table.columns).orderBy(table.key.map((column) => ({ column }))).limit(rowsPerBatch);
    if (last) page.whereRaw(after, [...table.key, ...last]);
    const rows: Record<string, Knex.Value>[] = await page;
    if (!rows.length) return written;
    await target(table.name).insert(rows);
    written += rows.length;
    if (rows.length < rowsPerBatch) return written;
    const end = rows[rows.length - 1]!;
    last = table.key.map((k) => end[k] ?? null);
  }
}

/** Moves each serial column's sequence past the largest id copied (PostgreSQL only). */
async function resetSequences(target: Db, tables: TableInfo[]): Promise<void> {
  if (isSqlite(target)) return;
  for (const t of tables) {
    if (t.key.length !== 1) continue;
    const column = t.key[0]!;
    const { rows } = (await target.raw("select pg_get_serial_sequence(?, ?) as seq", [t.name, column])) as { rows: { seq: string | null }[] };
    const seq = rows[0]?.seq;
    if (seq) await target.raw("select setval(?::regclass, coalesce((select max(??) from ??), 0) + 1, false)", [seq, column, t.name]);
  }
}

/**
 * Copies every row of `source` into `target` (both migrated to the same version, the target's tables
 * empty). `source` may be a transaction, so the copy reads one snapshot. Returns each table's counts;
 * when any differ the copy is rolled back and `ok` is false.
 */
export async function copyDatabase(source: Db, target: Db, opts: { onTable?: (count: TableCount) => void } = {}): Promise<CopyResult> {
  const tables = await matchingTables(source, target);
  try {
    const counted = await target.transaction(async (trx) => {
      const result: TableCount[] = [];
      for (const table of tables) {
        try {
          await copyTable(source, trx, table);
        } catch (err) {
          throw new Error(`Copying the table ${table.name} failed: ${(err as Error).message}`, { cause: err });
        }
        const [sourceCount, targetCount] = await Promise.all([countRows(source, [table]), countRows(trx, [table])]);
        const count = { table: table.name, source: sourceCount.get(table.name)!, target: targetCount.get(table.name)! };
        result.push(count);
        opts.onTable?.(count);
      }
      if (result.some((c) => c.source !== c.target)) throw new CountMismatch(result);
      await resetSequences(trx, tables);
      return result;
    });
    return { ok: true, tables: counted };
  } catch (err) {
    if (err instanceof CountMismatch) return { ok: false, tables: err.tables };
    throw err;
  }
}

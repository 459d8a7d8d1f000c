/**
 * The database's part of a backup (backup.ts does the files, the manifest and the archive).
 *
 * SQLite: the online snapshot `studyforge.db` (VACUUM INTO). PostgreSQL: `studyforge.pgdump`, pg_dump's
 * custom format, when a pg_dump that can dump the server is installed; otherwise (or with --logical) a
 * logical copy into `studyforge.db`, a SQLite file exactly like SQLite's backup, which restores into
 * either database. Either way the manifest's counts and the list of PDFs to keep are read from the same
 * snapshot as the database's copy: on PostgreSQL a repeatable-read transaction whose snapshot pg_dump
 * shares (pg_export_snapshot), so a server writing meanwhile changes nothing in the backup.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Config } from "../core/config.ts";
import type { AppContext } from "../core/context.ts";
import { databaseName, migrate, openPostgres, type Db } from "../core/db.ts";
import { AppError, conflict } from "../core/errors.ts";
import { describeServer, runningServers } from "../core/instance.ts";
import { findPgTool, runPgTool, serverMajor, studyforgeConnections, usablePgDump } from "../core/pg-tools.ts";
import { databaseInUse, integrityCheck, openSqliteFile, snapshotInto, unknownMigrations } from "../core/sqlite-file.ts";
import { copyDatabase, type CopyResult } from "../core/table-copy.ts";
import { dropPostgresTables, tablesWithRows } from "../core/tables.ts";

export const DB_NAME = "studyforge.db";
export const DUMP_NAME = "studyforge.pgdump";
/** How restore's and migrate-to-postgres's own connections name themselves (not counted as a server's). */
export const TOOL_APPLICATION = "studyforge-tool";

export interface DatabasePart {
  /** "sqlite": a SQLite file (SQLite's snapshot or PostgreSQL's logical copy); "pg_dump": pg_dump's custom format. */
  format: "sqlite" | "pg_dump";
  file: string;
  /** The database the backup was made from. */
  source: "sqlite" | "postgres";
  /** e.g. "pg_dump 15.18": restoring needs a pg_restore of this major version or newer. */
  tool?: string;
  pg_dump_major?: number;
  /** Why a PostgreSQL backup holds a logical copy instead of pg_dump's. */
  note?: string;
}

/**
 * Writes the database into `staging` and runs `read` on a handle that sees exactly what was written.
 * `logical`: on PostgreSQL, a logical copy even when pg_dump is there.
 */
export async function snapshotDatabase<T>(app: AppContext, staging: string, opts: { logical?: boolean }, read: (db: Db) => Promise<T>): Promise<{ part: DatabasePart; value: T }> {
  if (!app.config.postgresUrl) {
    const file = path.join(staging, DB_NAME);
    await snapshotInto(app.db, file);
    const snapshot = openSqliteFile(file);
    try {
      return { part: { format: "sqlite", file: DB_NAME, source: "sqlite" }, value: await read(snapshot) };
    } finally {
      await snapshot.destroy();
    }
  }
  const url = app.config.postgresUrl;
  return app.db.transaction(
    async (trx) => {
      const dump = opts.logical ? { reason: "a logical copy was asked for (--logical)" } : usablePgDump(await serverMajor(trx));
      let part: DatabasePart;
      if ("tool" in dump) {
        const { rows } = (await trx.raw("select pg_export_snapshot() as id")) as { rows: { id: string }[] };
        const args = ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${rows[0]!.id}`, `--file=${path.join(staging, DUMP_NAME)}`];
        await runPgTool(dump.tool, args, url);
        part = { format: "pg_dump", file: DUMP_NAME, source: "postgres", tool: `pg_dump ${dump.tool.version}`, pg_dump_major: dump.tool.major };
      } else {
        await copyIntoNewSqlite(trx, path.join(staging, DB_NAME));
        part = { format: "sqlite", file: DB_NAME, source: "postgres", note: dump.reason };
      }
      return { part, value: await read(trx) };
    },
    { isolationLevel: "repeatable read", readOnly: true },
  );
}

/** A new SQLite file migrated by this version and filled by the logical copy. */
async function copyIntoNewSqlite(source: Db, file: string): Promise<void> {
  const target = openSqliteFile(file);
  try {
    await migrate(target);
    mustMatch(await copyDatabase(source, target), file);
  } finally {
    await target.destroy();
  }
}

function mustMatch(result: CopyResult, where: string): CopyResult {
  if (result.ok) return result;
  const differ = result.tables.filter((t) => t.source !== t.target).map((t) => `${t.table}: ${t.source} read, ${t.target} written`);
  throw new AppError(500, `The copy into ${where} was rolled back because row counts differ (${differ.join("; ")}).`);
}

/** Checks the database an unpacked backup holds, and that it can be restored here, before anything is replaced. */
export async function verifyDatabase(config: Config, staging: string, part: DatabasePart, damaged: (why: string) => AppError): Promise<void> {
  if (!existsSync(path.join(staging, part.file))) throw damaged(`it holds no ${part.file}`);
  if (part.format === "pg_dump") {
    if (!config.postgresUrl) {
      throw new AppError(422, "This backup holds a PostgreSQL dump (pg_dump): restore it with DATABASE_URL=postgres://… naming an empty database, or make a backup with `studyforge backup --logical`, which restores into SQLite too.");
    }
    const tool = findPgTool("pg_restore");
    if (!tool) throw new AppError(422, `Restoring this backup needs pg_restore ${part.pg_dump_major ?? ""} or newer (Debian: apt-get install postgresql-client).`);
    if (tool.major < (part.pg_dump_major ?? 0)) throw new AppError(422, `This backup was written by ${part.tool}; pg_restore here is ${tool.version}: install postgresql-client-${part.pg_dump_major} or newer.`);
    try {
      await runPgTool(tool, ["--list", path.join(staging, part.file)]);
    } catch (err) {
      throw damaged(`pg_restore cannot read its dump (${(err as Error).message})`);
    }
    return;
  }
  const db = openSqliteFile(path.join(staging, part.file));
  try {
    const integrity = await integrityCheck(db);
    if (integrity.join() !== "ok") throw damaged(`the database fails SQLite's integrity check (${integrity[0]})`);
    const unknown = await unknownMigrations(db);
    if (unknown.length) throw new AppError(422, `The backup was made by a newer StudyForge (migration ${unknown[0]}): upgrade before restoring it.`);
  } finally {
    await db.destroy();
  }
}

/**
 * Refuses while any process uses the installation: a server's own record in DATA_DIR/run/, and then
 * the database's SQLite locks or PostgreSQL connections of StudyForge servers and commands.
 */
export async function assertNotInUse(config: Config, action: string): Promise<void> {
  const servers = runningServers(config.dataDir);
  if (servers.length) {
    throw conflict(`A StudyForge server is using ${config.dataDir} (${servers.map(describeServer).join("; ")}): stop it before ${action}.`);
  }
  if (config.postgresUrl) {
    await assertPostgresFree(config.postgresUrl, action);
  } else if (await databaseInUse(config.databaseFile)) {
    throw conflict(`The database ${config.databaseFile} is open in another process (a server or another studyforge command): stop it before ${action}.`);
  }
}

/** Refuses while StudyForge servers or commands are connected to the PostgreSQL database at `url`. */
export async function assertPostgresFree(url: string, action: string): Promise<void> {
  const db = openPostgres(url, 2, TOOL_APPLICATION);
  try {
    const others = await studyforgeConnections(db);
    if (others) throw conflict(`${others} connection(s) of StudyForge servers or commands are open to ${databaseName({ databaseFile: "", postgresUrl: url })}: stop them before ${action}.`);
  } finally {
    await db.destroy();
  }
}

/** The tables of a PostgreSQL database that hold rows (an empty list: nothing to lose). */
export async function postgresHolds(url: string): Promise<string[]> {
  const db = openPostgres(url, 2, TOOL_APPLICATION);
  try {
    return await tablesWithRows(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Fills the configured PostgreSQL database (empty, or emptied because the operator said --force) from
 * an unpacked backup: pg_restore for a dump, the logical copy for a SQLite file. All or nothing.
 * Returns the copy's per-table counts (null for pg_restore, checked against the manifest by the caller).
 */
export async function loadIntoPostgres(url: string, staging: string, part: DatabasePart): Promise<CopyResult | null> {
  const target = openPostgres(url, 4, TOOL_APPLICATION);
  try {
    // Empty tables (a database the server or `studyforge migrate` already set up) or --force: nothing kept.
    await dropPostgresTables(target);
    if (part.format === "pg_dump") {
      const tool = findPgTool("pg_restore")!;
      await runPgTool(tool, ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", path.join(staging, part.file)], url);
      return null;
    }
    const source = openSqliteFile(path.join(staging, part.file));
    try {
      // A backup from an older version: its copy in staging gets this version's tables first.
      await migrate(source);
      await migrate(target);
      return mustMatch(await copyDatabase(source, target), databaseName({ databaseFile: "", postgresUrl: url }));
    } finally {
      await source.destroy();
    }
  } finally {
    await target.destroy();
  }
}

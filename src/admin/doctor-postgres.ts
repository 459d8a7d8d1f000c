/**
 * `studyforge doctor`'s checks of a PostgreSQL installation, beyond what every installation gets
 * (data directory, migrations, stored PDFs): the server and its version, the clock every instance's
 * leases depend on, room for the connection pools, the full-text column and index, the leases table,
 * and how `studyforge backup` will write the database. Read-only, like the rest of the doctor.
 */
import type { Config } from "../core/config.ts";
import type { Db } from "../core/db.ts";
import { leaseSummary } from "../core/leader.ts";
import { serverMajor, usablePgDump } from "../core/pg-tools.ts";
import type { Check } from "./doctor.ts";

/** The oldest PostgreSQL StudyForge supports (generated columns, websearch_to_tsquery). */
const MIN_MAJOR = 12;
/** Leases are compared across instances by their clocks: more apart than this and one takes another's too early. */
const MAX_CLOCK_SKEW_MS = 5_000;
/** The longest lease taken (the morning reminders', an hour), with room to spare. */
const LONGEST_LEASE_MS = 2 * 3600_000;

const check = (name: string, ok: boolean, detail: string, fix?: string): Check => (ok ? { name, ok, detail } : { name, ok, detail, fix });
type Row = Record<string, string | number | null>;
const first = async (db: Db, sql: string): Promise<Row> => ((await db.raw(sql)) as { rows: Row[] }).rows[0] ?? {};

/** The check that comes first: the server answers, and is new enough. */
export async function postgresServer(db: Db, name: string): Promise<Check> {
  const { version } = await first(db, "select current_setting('server_version') as version");
  const major = await serverMajor(db);
  return check("Database", major >= MIN_MAJOR, `${name} answers (PostgreSQL ${version})`, `upgrade PostgreSQL to ${MIN_MAJOR} or newer`);
}

async function clock(db: Db): Promise<Check> {
  const { ms } = await first(db, "select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms");
  const skew = Math.abs(Number(ms) - Date.now());
  return check(
    "Clock",
    skew <= MAX_CLOCK_SKEW_MS,
    `this machine's clock is ${(skew / 1000).toFixed(1)} s from the database server's`,
    "synchronise the clocks of every instance and the database server (systemd-timesyncd, chrony): job and housekeeping leases compare them",
  );
}

async function pool(db: Db, config: Config): Promise<Check> {
  const row = await first(
    db,
    `select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved,
      (select count(*) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid())::int as used,
      (select count(*) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and application_name = 'studyforge')::int as ours`,
  );
  const available = Number(row.max) - Number(row.reserved);
  const poolMax = config.databasePoolMax;
  return check(
    "Connection pool",
    poolMax <= available,
    `up to ${poolMax} connection(s) per instance (DATABASE_POOL_MAX); the server allows ${available} (max_connections ${row.max}), ${row.used} open now besides this check, ${row.ours} of them StudyForge's: room for ${Math.floor(available / poolMax)} instance(s)`,
    `lower DATABASE_POOL_MAX below ${available}, or raise the server's max_connections`,
  );
}

async function fullText(db: Db): Promise<Check> {
  const row = await first(
    db,
    `select (select format_type(a.atttypid, a.atttypmod) from pg_attribute a where a.attrelid = 'document_chunks'::regclass
        and a.attname = 'text_search' and not a.attisdropped and a.attgenerated = 's') as col,
      (select am.amname || case when i.indisvalid then '' else ' (invalid)' end from pg_class c join pg_index i on i.indexrelid = c.oid
        join pg_am am on am.oid = c.relam where c.relname = 'document_chunks_text_search' and i.indrelid = 'document_chunks'::regclass) as idx`,
  );
  const ok = row.col === "tsvector" && row.idx === "gin";
  return check(
    "Full-text search",
    ok,
    ok ? "document_chunks.text_search (generated tsvector) and its GIN index are present" : `document_chunks.text_search is ${row.col ?? "missing"}, its index is ${row.idx ?? "missing"}`,
    "run `studyforge migrate` (migration 014 makes them); an invalid index: REINDEX INDEX document_chunks_text_search",
  );
}

async function leases(db: Db): Promise<Check> {
  const { held, tooLong } = await leaseSummary(db, Date.now(), LONGEST_LEASE_MS);
  const far = tooLong.map((l) => `${l.name} (held by ${l.holder} until ${new Date(l.expires_at).toISOString()})`);
  return check(
    "Leases",
    !far.length,
    far.length ? `lease(s) ending later than any is taken for: ${far.join("; ")}` : `${held} held now, none further ahead than the longest lease`,
    "an instance's clock was ahead when it took them: fix its clock, then delete those rows from the leases table",
  );
}

function backups(server: number): Check {
  const dump = usablePgDump(server);
  return check("Backups", true, "tool" in dump ? `studyforge backup uses ${dump.tool.name} ${dump.tool.version}` : `studyforge backup writes a logical copy: ${dump.reason}`);
}

/** The PostgreSQL checks that need this version's tables (run once migrations are current). */
export async function postgresChecks(db: Db, config: Config): Promise<Check[]> {
  return [await clock(db), await pool(db, config), await fullText(db), await leases(db), backups(await serverMajor(db))];
}

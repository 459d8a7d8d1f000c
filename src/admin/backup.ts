/**
 * Backups of a running installation (`studyforge backup`) and their restore (`studyforge restore`).
 *
 * A backup is one .tar.gz: the database (backup-database.ts: SQLite's online snapshot `studyforge.db`,
 * or on PostgreSQL pg_dump's `studyforge.pgdump` or a logical copy as `studyforge.db`; consistent while
 * the server writes), `uploads/` (the stored PDFs the snapshot refers to), `secret.key`,
 * `studyforge.env` when there is one, and `manifest.json` (version, time, migrations, counts, how the
 * database was written, and the SHA-256 and size of every other file). Stored PDFs never change once written (they are named by their content), so
 * hard-linking them before the snapshot and adding any the snapshot has that arrived meanwhile gives
 * exactly the PDFs the database refers to.
 *
 * A restore goes into a data directory no process is using, checks every checksum and SQLite's
 * integrity check (or that pg_restore reads the dump) before anything is replaced, keeps the files it
 * replaces, and is audited. On PostgreSQL it fills an empty database (a non-empty one only with
 * --force: its contents are dropped, not kept).
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { chmod, copyFile, link, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import { closeContext, openContext } from "../core/bootstrap.ts";
import type { Config } from "../core/config.ts";
import { VERSION, type AppContext } from "../core/context.ts";
import { databaseName, type Db } from "../core/db.ts";
import { AppError, conflict } from "../core/errors.ts";
import type { Logger } from "../core/logger.ts";
import type { CopyResult } from "../core/table-copy.ts";
import { countUsersByRole } from "../accounts/directory.ts";
import { countTests } from "../generation/housekeeping.ts";
import { storageTotals } from "../materials/directory.ts";
import { documentHashes, storedBlobs } from "../materials/housekeeping.ts";
import { blobPath } from "../materials/storage.ts";
import { countTestsTaken } from "../practice/stats.ts";
import { CLI_ACTOR, recordAudit } from "./audit.ts";
import { assertNotInUse, DB_NAME, loadIntoPostgres, postgresHolds, snapshotDatabase, verifyDatabase, type DatabasePart } from "./backup-database.ts";

const FORMAT = "studyforge-backup";
/** 1: the database is a SQLite file (any StudyForge restores it); 2: a pg_dump (older versions refuse it, saying so). */
const FORMAT_VERSION = 2;
const SECRET = "secret.key";
const ENV_FILE = "studyforge.env";

export interface Manifest {
  format: typeof FORMAT;
  format_version: number;
  version: string;
  created_at: string;
  migrations: string[];
  counts: { users: number; admins: number; study_materials: number; documents: number; pdf_bytes: number; tests: number; results: number };
  /** Every file in the archive but the manifest: its SHA-256 and size. */
  files: Record<string, { sha256: string; bytes: number }>;
  /** PDFs the database refers to that were deleted before they could be copied (normally none). */
  missing_pdfs: string[];
  /** How the database was written (absent in backups before PostgreSQL: a SQLite snapshot). */
  database?: DatabasePart;
}

const databaseOf = (manifest: Manifest): DatabasePart => manifest.database ?? { format: "sqlite", file: DB_NAME, source: "sqlite" };

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Hard-links (or, across file systems, copies) a file into the backup being assembled. */
async function take(from: string, to: string): Promise<boolean> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code === "EEXIST") return true;
    await copyFile(from, to).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== "ENOENT") throw e;
    });
  }
  return existsSync(to);
}

async function countsOf(db: Db): Promise<Manifest["counts"]> {
  // One after another: `db` may be a PostgreSQL transaction, one connection that runs one query at a time.
  const roles = await countUsersByRole(db);
  const storage = await storageTotals(db);
  const tests = await countTests(db);
  const results = await countTestsTaken(db);
  return {
    users: roles.student + roles.teacher + roles.admin,
    admins: roles.admin,
    study_materials: storage.files,
    documents: storage.documents,
    pdf_bytes: storage.bytes,
    tests,
    results,
  };
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

export const defaultBackupFile = (app: AppContext) => path.join(app.config.dataDir, "backups", `studyforge-${stamp(app.clock.now())}.tar.gz`);

/** Writes a backup of the installation to `outFile` and returns its manifest. */
export async function createBackup(app: AppContext, outFile: string, opts: { logical?: boolean } = {}): Promise<{ file: string; bytes: number; manifest: Manifest }> {
  const { dataDir } = app.config;
  // A backup holds secret.key (it signs every session), every password hash and every PDF: only the
  // server's own user may read it, whatever the umask says.
  await mkdir(path.join(dataDir, "backups"), { recursive: true, mode: 0o700 });
  await chmod(path.join(dataDir, "backups"), 0o700);
  const staging = await mkdtemp(path.join(dataDir, "backups", ".staging-"));
  try {
    // 1. The PDFs stored now, 2. the database, 3. the PDFs it refers to that arrived in between.
    for (const blob of await storedBlobs(dataDir)) {
      await take(blob.path, path.join(staging, path.relative(dataDir, blob.path)));
    }
    const { part: database, value } = await snapshotDatabase(app, staging, opts, async (snapshot) => ({
      hashes: await documentHashes(snapshot),
      counts: await countsOf(snapshot),
      migrations: (await snapshot("knex_migrations").orderBy("id").pluck("name")) as string[],
    }));
    const { hashes, counts, migrations } = value;
    const missing: string[] = [];
    for (const hash of hashes) {
      const to = blobPath(staging, hash);
      if (!existsSync(to) && !(await take(blobPath(dataDir, hash), to))) missing.push(hash);
    }
    // PDFs deleted before the snapshot have no place in it.
    for (const blob of await storedBlobs(staging)) if (!hashes.has(blob.hash)) await rm(blob.path);
    for (const name of [SECRET, ENV_FILE]) {
      if (existsSync(path.join(dataDir, name))) await copyFile(path.join(dataDir, name), path.join(staging, name));
    }

    const names = (await readdir(staging, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(staging, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
      .sort();
    const files: Manifest["files"] = {};
    for (const name of names) {
      const file = path.join(staging, name);
      files[name] = { sha256: await sha256(file), bytes: (await stat(file)).size };
    }
    const manifest: Manifest = {
      format: FORMAT,
      format_version: database.format === "pg_dump" ? 2 : 1,
      version: VERSION,
      created_at: app.clock.now().toISOString(),
      migrations,
      counts,
      files,
      missing_pdfs: missing,
      database,
    };
    await writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");

    await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    const partial = `${outFile}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, ["manifest.json", ...names]);
    await chmod(partial, 0o600);
    await rename(partial, outFile);
    await recordAudit(app, CLI_ACTOR, { action: "backup", target: { type: "system", label: path.basename(outFile) }, details: { counts, missing_pdfs: missing.length } });
    return { file: path.resolve(outFile), bytes: (await stat(outFile)).size, manifest };
  } finally {
    // A leftover folder must not hide the real error (a failed unpacking may still be closing files).
    await rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
  }
}

/** What a data directory already holds that a restore would replace (on PostgreSQL the files only). */
export function existingData(config: Config): string[] {
  const files = [path.join(config.dataDir, SECRET), path.join(config.dataDir, ENV_FILE)];
  if (!config.postgresUrl) files.unshift(config.databaseFile);
  const found = files.filter((f) => existsSync(f));
  const uploads = path.join(config.dataDir, "uploads");
  if (existsSync(uploads)) found.push(uploads);
  return found;
}

const damaged = (why: string) => new AppError(422, `The backup is damaged or not a StudyForge backup: ${why}.`);

/** Unpacks and checks a backup in `staging`; returns its manifest. Nothing outside `staging` is touched. */
async function unpackAndVerify(config: Config, file: string, staging: string): Promise<Manifest> {
  if (!existsSync(file)) throw new AppError(404, `${file}: no such file.`);
  try {
    await tar.extract({
      file,
      cwd: staging,
      strict: true,
      // Regular files and folders only: a link in an archive could point anywhere.
      filter: (_p, entry) => "type" in entry && (entry.type === "File" || entry.type === "OldFile" || entry.type === "Directory"),
    });
  } catch (err) {
    throw damaged(`it could not be unpacked (${(err as Error).message})`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(staging, "manifest.json"), "utf8"));
  } catch {
    throw damaged("manifest.json is missing or unreadable");
  }
  if (manifest.format !== FORMAT || typeof manifest.files !== "object") throw damaged("manifest.json is not a StudyForge backup manifest");
  if (manifest.format_version > FORMAT_VERSION) throw new AppError(422, `The backup was made by a newer StudyForge (${manifest.version}): upgrade before restoring it.`);
  const database = databaseOf(manifest);
  if (!manifest.files[database.file]) throw damaged(`it holds no ${database.file}`);
  for (const [name, expected] of Object.entries(manifest.files)) {
    const target = path.join(staging, name);
    if (!existsSync(target)) throw damaged(`${name} is missing`);
    if ((await sha256(target)) !== expected.sha256) throw damaged(`${name} does not match its checksum`);
  }
  const present = (await readdir(staging, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const extra = present.map((e) => path.relative(staging, path.join(e.parentPath, e.name)).split(path.sep).join("/")).filter((n) => n !== "manifest.json" && !manifest.files[n]);
  if (extra.length) throw damaged(`${extra[0]} is not listed in its manifest`);

  await verifyDatabase(config, staging, database, damaged);
  return manifest;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the data it replaced was kept, if there was any. */
  kept: string | null;
  /** On PostgreSQL: "pg_restore", or the logical copy's per-table counts. */
  loaded?: { with: "pg_restore" } | { with: "copy"; tables: CopyResult["tables"] };
}

/**
 * Restores a backup into the configured data directory (and, on PostgreSQL, the configured database).
 * Refuses while a server or another command uses them; when the directory holds data unless `replace`
 * (the old files are moved to DATA_DIR/backups/); when the PostgreSQL database holds rows unless `force`.
 */
export async function restoreBackup(config: Config, file: string, opts: { replace: boolean; force?: boolean; now: Date; log: Logger }): Promise<RestoreResult> {
  const { dataDir, postgresUrl } = config;
  await assertNotInUse(config, "restoring");
  const existing = existingData(config);
  if (existing.length && !opts.replace) {
    throw conflict(`${dataDir} already holds an installation (${existing.map((f) => path.basename(f)).join(", ")}): pass --yes to replace it (what it holds is kept in ${path.join(dataDir, "backups")}).`);
  }
  const holds = postgresUrl ? await postgresHolds(postgresUrl) : [];
  if (holds.length && !opts.force) {
    throw conflict(`The PostgreSQL database ${databaseName(config)} is not empty (${holds.slice(0, 5).join(", ")}${holds.length > 5 ? ", …" : ""} hold rows): pass --force to replace its contents (they are dropped, not kept: back them up first), or restore into a new database.`);
  }
  await mkdir(dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(dataDir, ".restore-"));
  try {
    const manifest = await unpackAndVerify(config, file, staging);
    const database = databaseOf(manifest);
    // Checked again just before the swap: a server may have started while the backup was checked.
    await assertNotInUse(config, "restoring");
    // PostgreSQL first, in one transaction: when it fails, the data directory is as it was.
    let loaded: RestoreResult["loaded"];
    if (postgresUrl) {
      const copied = await loadIntoPostgres(postgresUrl, staging, database);
      loaded = copied ? { with: "copy", tables: copied.tables } : { with: "pg_restore" };
    }
    let kept: string | null = null;
    if (existing.length) {
      kept = path.join(dataDir, "backups", `replaced-${stamp(opts.now)}`);
      await mkdir(kept, { recursive: true });
      for (const f of [...existing, `${config.databaseFile}-wal`, `${config.databaseFile}-shm`]) {
        if (existsSync(f)) await rename(f, path.join(kept, path.basename(f)));
      }
    }
    if (!postgresUrl) {
      await mkdir(path.dirname(config.databaseFile), { recursive: true });
      await rename(path.join(staging, database.file), config.databaseFile);
    }
    if (existsSync(path.join(staging, "uploads"))) await rename(path.join(staging, "uploads"), path.join(dataDir, "uploads"));
    for (const name of [SECRET, ENV_FILE]) {
      if (existsSync(path.join(staging, name))) await rename(path.join(staging, name), path.join(dataDir, name));
    }
    if (existsSync(path.join(dataDir, SECRET))) await chmod(path.join(dataDir, SECRET), 0o600);

    // Opening migrates a backup from an older version; the restore is audited in the restored log.
    const app = await openContext(config, { log: opts.log });
    try {
      // pg_restore reports no counts of its own: the restored database must hold what the manifest says.
      if (loaded?.with === "pg_restore") {
        const counts = await countsOf(app.db);
        const differ = Object.entries(manifest.counts).filter(([k, v]) => counts[k as keyof Manifest["counts"]] !== v);
        if (differ.length) throw new AppError(500, `The restored database does not hold what the backup's manifest lists (${differ.map(([k, v]) => `${k}: ${v} listed, ${counts[k as keyof Manifest["counts"]]} restored`).join("; ")}).`);
      }
      await recordAudit(app, CLI_ACTOR, {
        action: "restore",
        target: { type: "system", label: path.basename(file) },
        details: { backup_created_at: manifest.created_at, backup_version: manifest.version, counts: manifest.counts, kept, database: database.format },
      });
    } finally {
      await closeContext(app);
    }
    return { manifest, kept, loaded };
  } finally {
    // A failed unpacking may still be closing files; a leftover folder must not hide the real error.
    await rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
  }
}

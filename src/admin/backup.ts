/**
 * Backups of a running installation (`studyforge backup`) and their restore (`studyforge restore`).
 *
 * A backup is one .tar.gz: `studyforge.db` (SQLite's online snapshot, VACUUM INTO: consistent while the
 * server writes), `uploads/` (the stored PDFs the snapshot refers to), `secret.key`, `studyforge.env`
 * when there is one, and `manifest.json` (version, time, migrations, counts, and the SHA-256 and size
 * of every other file). Stored PDFs never change once written (they are named by their content), so
 * hard-linking them before the snapshot and adding any the snapshot has that arrived meanwhile gives
 * exactly the PDFs the database refers to.
 *
 * A restore goes into a data directory no process is using, checks every checksum and SQLite's
 * integrity check before anything is replaced, keeps what it replaces, and is audited.
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
import type { Db } from "../core/db.ts";
import { AppError, conflict } from "../core/errors.ts";
import { describeServer, runningServers } from "../core/instance.ts";
import type { Logger } from "../core/logger.ts";
import { databaseInUse, integrityCheck, openSqliteFile, snapshotInto, unknownMigrations } from "../core/sqlite-file.ts";
import { countUsersByRole } from "../accounts/directory.ts";
import { countTests } from "../generation/housekeeping.ts";
import { storageTotals } from "../materials/directory.ts";
import { documentHashes, storedBlobs } from "../materials/housekeeping.ts";
import { blobPath } from "../materials/storage.ts";
import { countTestsTaken } from "../practice/stats.ts";
import { CLI_ACTOR, recordAudit } from "./audit.ts";

const FORMAT = "studyforge-backup";
const FORMAT_VERSION = 1;
const DB_NAME = "studyforge.db";
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
}

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
  const [roles, storage, tests, results] = await Promise.all([countUsersByRole(db), storageTotals(db), countTests(db), countTestsTaken(db)]);
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
export async function createBackup(app: AppContext, outFile: string): Promise<{ file: string; bytes: number; manifest: Manifest }> {
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
    const dbFile = path.join(staging, DB_NAME);
    await snapshotInto(app.db, dbFile);
    const snapshot = openSqliteFile(dbFile);
    let hashes: Set<string>;
    let counts: Manifest["counts"];
    let migrations: string[];
    try {
      hashes = await documentHashes(snapshot);
      counts = await countsOf(snapshot);
      migrations = await snapshot("knex_migrations").orderBy("id").pluck("name");
    } finally {
      await snapshot.destroy();
    }
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
      format_version: FORMAT_VERSION,
      version: VERSION,
      created_at: app.clock.now().toISOString(),
      migrations,
      counts,
      files,
      missing_pdfs: missing,
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

/** Refuses while any process uses the data directory: a server's own record of itself, or the database's locks. */
async function assertNotInUse(config: Config): Promise<void> {
  const servers = runningServers(config.dataDir);
  if (servers.length) {
    throw conflict(`A StudyForge server is using ${config.dataDir} (${servers.map(describeServer).join("; ")}): stop it before restoring.`);
  }
  if (await databaseInUse(config.databaseFile)) {
    throw conflict(`The database ${config.databaseFile} is open in another process (a server or another studyforge command): stop it before restoring.`);
  }
}

/** What a data directory already holds that a restore would replace. */
export function existingData(config: Config): string[] {
  const found = [config.databaseFile, path.join(config.dataDir, SECRET), path.join(config.dataDir, ENV_FILE)].filter((f) => existsSync(f));
  const uploads = path.join(config.dataDir, "uploads");
  if (existsSync(uploads)) found.push(uploads);
  return found;
}

const damaged = (why: string) => new AppError(422, `The backup is damaged or not a StudyForge backup: ${why}.`);

/** Unpacks and checks a backup in `staging`; returns its manifest. Nothing outside `staging` is touched. */
async function unpackAndVerify(file: string, staging: string): Promise<Manifest> {
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
  if (!manifest.files[DB_NAME]) throw damaged(`it holds no ${DB_NAME}`);
  for (const [name, expected] of Object.entries(manifest.files)) {
    const target = path.join(staging, name);
    if (!existsSync(target)) throw damaged(`${name} is missing`);
    if ((await sha256(target)) !== expected.sha256) throw damaged(`${name} does not match its checksum`);
  }
  const present = (await readdir(staging, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const extra = present.map((e) => path.relative(staging, path.join(e.parentPath, e.name)).split(path.sep).join("/")).filter((n) => n !== "manifest.json" && !manifest.files[n]);
  if (extra.length) throw damaged(`${extra[0]} is not listed in its manifest`);

  const db = openSqliteFile(path.join(staging, DB_NAME));
  try {
    const integrity = await integrityCheck(db);
    if (integrity.join() !== "ok") throw damaged(`the database fails SQLite's integrity check (${integrity[0]})`);
    const unknown = await unknownMigrations(db);
    if (unknown.length) throw new AppError(422, `The backup was made by a newer StudyForge (${manifest.version}, migration ${unknown[0]}): upgrade before restoring it.`);
  } finally {
    await db.destroy();
  }
  return manifest;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the data it replaced was kept, if there was any. */
  kept: string | null;
}

/**
 * Restores a backup into the configured data directory. Refuses while a server or another command
 * uses it, and when it holds data unless `replace` (the old data is moved to DATA_DIR/backups/).
 */
export async function restoreBackup(config: Config, file: string, opts: { replace: boolean; now: Date; log: Logger }): Promise<RestoreResult> {
  const { dataDir } = config;
  await assertNotInUse(config);
  const existing = existingData(config);
  if (existing.length && !opts.replace) {
    throw conflict(`${dataDir} already holds an installation (${existing.map((f) => path.basename(f)).join(", ")}): pass --yes to replace it (what it holds is kept in ${path.join(dataDir, "backups")}).`);
  }
  await mkdir(dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(dataDir, ".restore-"));
  try {
    const manifest = await unpackAndVerify(file, staging);
    // Checked again just before the swap: a server may have started while the backup was checked.
    await assertNotInUse(config);
    let kept: string | null = null;
    if (existing.length) {
      kept = path.join(dataDir, "backups", `replaced-${stamp(opts.now)}`);
      await mkdir(kept, { recursive: true });
      for (const f of [...existing, `${config.databaseFile}-wal`, `${config.databaseFile}-shm`]) {
        if (existsSync(f)) await rename(f, path.join(kept, path.basename(f)));
      }
    }
    await mkdir(path.dirname(config.databaseFile), { recursive: true });
    await rename(path.join(staging, DB_NAME), config.databaseFile);
    if (existsSync(path.join(staging, "uploads"))) await rename(path.join(staging, "uploads"), path.join(dataDir, "uploads"));
    for (const name of [SECRET, ENV_FILE]) {
      if (existsSync(path.join(staging, name))) await rename(path.join(staging, name), path.join(dataDir, name));
    }
    if (existsSync(path.join(dataDir, SECRET))) await chmod(path.join(dataDir, SECRET), 0o600);

    // Opening migrates a backup from an older version; the restore is audited in the restored log.
    const app = await openContext(config, { log: opts.log });
    try {
      await recordAudit(app, CLI_ACTOR, {
        action: "restore",
        target: { type: "system", label: path.basename(file) },
        details: { backup_created_at: manifest.created_at, backup_version: manifest.version, counts: manifest.counts, kept },
      });
    } finally {
      await closeContext(app);
    }
    return { manifest, kept };
  } finally {
    // A failed unpacking may still be closing files; a leftover folder must not hide the real error.
    await rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
  }
}

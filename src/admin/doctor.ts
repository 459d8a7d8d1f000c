/**
 * `studyforge doctor`: is this installation able to work? Each check says what it found and, when it
 * fails, the one thing to do about it. Nothing is changed: the database is not migrated, no secret is
 * made, no mail is sent.
 */
import { existsSync } from "node:fs";
import { mkdir, rm, statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { checkDiscovery } from "../accounts/oidc/client.ts";
import { ConfigError, DEFAULT_OIDC_ID, type Config, type OidcProviderConfig } from "../core/config.ts";
import { databaseName, openDatabase, pendingMigrations, type Db } from "../core/db.ts";
import { integrityCheck, unknownMigrations } from "../core/sqlite-file.ts";
import { checkProvider } from "../generation/providers/check.ts";
import { missingBlobs } from "../materials/housekeeping.ts";
import { checkScanner } from "../materials/self-test.ts";
import { postgresChecks, postgresServer } from "./doctor-postgres.ts";

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** What to do about a failed check, in one line. */
  fix?: string;
}

const MIN_NODE_MAJOR = 24;
/** Less free space than this fails: uploads, the database and backups all need room. */
const MIN_FREE_BYTES = 1024 ** 3;
const TIMEOUT_MS = 10_000;

const pass = (name: string, detail: string): Check => ({ name, ok: true, detail });
const fail = (name: string, detail: string, fix: string): Check => ({ name, ok: false, detail, fix });
const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

function checkNode(): Check {
  const major = Number(process.versions.node.split(".")[0]);
  return major >= MIN_NODE_MAJOR
    ? pass("Node.js", `${process.version}`)
    : fail("Node.js", `${process.version} is older than Node.js ${MIN_NODE_MAJOR}`, "run StudyForge with `npx studyforge` or `npm start`, which use the Node.js 24 it installs");
}

async function checkDataDir(config: Config): Promise<Check> {
  const name = "Data directory";
  try {
    await mkdir(config.dataDir, { recursive: true });
    const probe = path.join(config.dataDir, `.doctor-${process.pid}`);
    await writeFile(probe, "ok");
    await rm(probe);
  } catch (err) {
    return fail(name, `${config.dataDir} is not writable (${reason(err)})`, `make ${config.dataDir} writable by the user StudyForge runs as, or set DATA_DIR elsewhere`);
  }
  const fs = await statfs(config.dataDir);
  const free = fs.bavail * fs.bsize;
  return free < MIN_FREE_BYTES
    ? fail(name, `${config.dataDir} is writable but only ${gib(free)} is free`, `free space on that disk (at least ${gib(MIN_FREE_BYTES)}), e.g. with studyforge cleanup or by moving old backups away`)
    : pass(name, `${config.dataDir} is writable, ${gib(free)} free`);
}

async function sqliteIntact(db: Db, name: string): Promise<Check> {
  const integrity = await integrityCheck(db);
  return integrity.join() === "ok"
    ? pass("Database", `${name} passes SQLite's integrity check`)
    : fail("Database", `${name} fails SQLite's integrity check: ${integrity[0]}`, "stop the server and restore the latest backup (studyforge restore FILE)");
}

/** Integrity, migrations and stored PDFs: the checks that need the database. */
async function checkDatabase(config: Config): Promise<Check[]> {
  if (!config.postgresUrl && !existsSync(config.databaseFile)) {
    const fix = "start the server or run `studyforge migrate`, which create it";
    return [fail("Database", `there is no database at ${config.databaseFile} yet`, fix)];
  }
  const db = openDatabase(config);
  const name = databaseName(config);
  try {
    // PostgreSQL checks its own pages; what can go wrong from here is reaching it, and its setup (doctor-postgres.ts).
    const checks: Check[] = [config.postgresUrl ? await postgresServer(db, name) : await sqliteIntact(db, name)];
    const unknown = await unknownMigrations(db);
    const pending = unknown.length ? [] : await pendingMigrations(db);
    if (unknown.length) checks.push(fail("Migrations", `the database was migrated by a newer StudyForge (${unknown.join(", ")})`, "run the StudyForge version that made it, or a newer one"));
    else if (pending.length) checks.push(fail("Migrations", `${pending.length} not applied: ${pending.join(", ")}`, "run `studyforge migrate` (the server also applies them when it starts)"));
    else checks.push(pass("Migrations", "all applied"));
    if (!pending.length && !unknown.length) {
      const missing = await missingBlobs(db, config.dataDir);
      const files = missing.reduce((n, m) => n + m.files, 0);
      checks.push(
        missing.length
          ? fail("Stored PDFs", `${missing.length} stored PDF(s) missing from ${path.join(config.dataDir, "uploads")}, used by ${files} file(s)`, "restore uploads/ from a backup (studyforge restore), or delete those files from the admin pages")
          : pass("Stored PDFs", "every document's PDF is present"),
      );
      if (config.postgresUrl) checks.push(...(await postgresChecks(db, config)));
    }
    return checks;
  } catch (err) {
    const fix = config.postgresUrl ? "check DATABASE_URL and that the PostgreSQL server is running and reachable from here" : "stop the server and restore the latest backup (studyforge restore FILE)";
    return [fail("Database", `${name} could not be read (${reason(err)})`, fix)];
  } finally {
    await db.destroy();
  }
}

async function checkMail(config: Config): Promise<Check> {
  if (!config.smtpUrl) return pass("Mail", "no SMTP_URL: mails are written to the log and kept in the outbox table");
  const url = new URL(config.smtpUrl);
  const where = `${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
  const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS });
  try {
    await transport.verify();
    return pass("Mail", `the SMTP server at ${where} accepts a connection`);
  } catch (err) {
    return fail("Mail", `the SMTP server at ${where} does not answer as it should (${reason(err)})`, "check SMTP_URL (host, port, user and password) and that the mail server is running");
  } finally {
    transport.close();
  }
}

async function checkAIProvider(config: Config): Promise<Check> {
  const result = await checkProvider(config, TIMEOUT_MS);
  return result.ok ? pass("AI provider", result.detail) : fail("AI provider", result.detail, result.fix ?? "check the AI provider's settings");
}

async function checkScanWorkers(config: Config): Promise<Check> {
  try {
    const { workers, ms } = await checkScanner(config);
    return pass("PDF scanner", `${workers} worker(s) started and read a test PDF in ${ms} ms`);
  } catch (err) {
    return fail("PDF scanner", `the scan workers did not start or could not read a test PDF (${reason(err)})`, "reinstall the dependencies (npm install) and check SCAN_WORKERS and the memory available");
  }
}

/** Each school sign-in provider: its discovery document (where sign-in finds the provider's endpoints and keys). */
async function checkSignIn(provider: OidcProviderConfig): Promise<Check> {
  const name = `Sign-in with ${provider.name}`;
  const result = await checkDiscovery(provider);
  const variable = provider.id === DEFAULT_OIDC_ID ? "OIDC_ISSUER" : `OIDC_${provider.id.toUpperCase()}_ISSUER`;
  return result.ok ? pass(name, result.detail) : fail(name, result.detail, `check ${variable} (the issuer URL, without /.well-known/…) and that this machine can reach it`);
}

/** Runs every check; `load` reads the configuration (a bad value is the first failed check). */
export async function runDoctor(load: () => Config): Promise<Check[]> {
  let config: Config;
  try {
    config = load();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return [fail("Configuration", err.message, "correct that variable in the environment or the env file (DATA_DIR/studyforge.env or --config FILE)"), checkNode()];
  }
  const checks = [pass("Configuration", `valid (DATA_DIR ${config.dataDir}, AI provider ${config.llmProvider})`), checkNode(), await checkDataDir(config)];
  checks.push(...(await checkDatabase(config)));
  // The network checks wait on other machines; run them side by side.
  checks.push(...(await Promise.all([checkAIProvider(config), checkMail(config), checkScanWorkers(config), ...config.oidcProviders.map(checkSignIn)])));
  return checks;
}

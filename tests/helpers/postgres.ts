import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * A throw-away PostgreSQL cluster for the test run: Debian's server binaries (scripts/ensure-postgres.sh
 * installs them), a data directory in /tmp, a free loopback port, trust authentication (nothing but
 * this machine reaches it), fsync off (a crash loses a test run, nothing else). initdb refuses to run as
 * root, so as root the cluster belongs to the `postgres` user the Debian package creates.
 */
export interface Cluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres, for creating the tests' databases. */
  adminUrl: string;
  stop(): void;
}

/** The env var through which the cluster's admin URL reaches the test workers (set by the global setup). */
export const CLUSTER_URL_VAR = "STUDYFORGE_TEST_PG_URL";

function binDir(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? execFileSync("ls", [root], { encoding: "utf8" }).split("\n").filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("PostgreSQL's server binaries are not installed: run scripts/ensure-postgres.sh (Debian package postgresql).");
  return path.join(root, newest, "bin");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), "studyforge-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    const r = spawnSync(file, argv, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const port = await freePort();
  // Enough connections for two test workers, each with servers of up to 10 pooled connections.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run("pg_ctl", ["start", "-D", data, "-w", "-t", "60", "-l", path.join(dir, "server.log"), "-o", options]);
  let stopped = false;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new empty database in the run's cluster; its URL. */
export async function createTestDatabase(adminUrl = process.env[CLUSTER_URL_VAR]): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error(`No PostgreSQL cluster for this run (${CLUSTER_URL_VAR} is unset): run the "postgres" vitest project.`);
  const name = `sf_${randomBytes(6).toString("hex")}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`) };
}

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL database of each data directory a test named, so a restarted server finds its data. */
const databasesOfDataDirs = new Map<string, Promise<{ url: string; drop(): Promise<void> }>>();

/**
 * The database a test server gets: on the "postgres" test project (STUDYFORGE_TEST_DB=postgres) a new
 * one, unless the test names one (DATABASE_URL); servers started on the same named data directory (a
 * restart, two instances, a server process and the CLI) share one, as they would share the SQLite file
 * in it. Returns what the server's close should drop (nothing for a named data directory's, which the
 * next server on it may need; the cluster goes at the end of the run), undefined on SQLite.
 */
export async function testDatabase(env: Record<string, string>, dataDir: string | undefined): Promise<{ url: string; drop?: () => Promise<void> } | undefined> {
  if (process.env.STUDYFORGE_TEST_DB !== "postgres" || env.DATABASE_URL) return undefined;
  if (!dataDir) return createTestDatabase();
  if (!databasesOfDataDirs.has(dataDir)) databasesOfDataDirs.set(dataDir, createTestDatabase());
  return { url: (await databasesOfDataDirs.get(dataDir)!).url };
}

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore from Debian's postgresql-client) and what a
 * backup or restore needs to know about the server: its major version, and whether StudyForge
 * servers are connected to it.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { SERVER_APPLICATION, type Db } from "./db.ts";

export interface PgTool {
  name: "pg_dump" | "pg_restore";
  path: string;
  /** e.g. 15 for "pg_dump (PostgreSQL) 15.18". */
  major: number;
  version: string;
}

function versionOf(name: PgTool["name"], file: string): PgTool | null {
  const r = spawnSync(file, ["--version"], { encoding: "utf8", timeout: 10_000 });
  const m = r.status === 0 ? /\(PostgreSQL\)\s+((\d+)[.\d]*)/.exec(r.stdout) : null;
  return m ? { name, path: file, major: Number(m[2]), version: m[1]! } : null;
}

/**
 * `name` from PG_BIN when it is set (an operator's choice among several client versions; the test
 * helper reads the same variable for the server's programs), else the newest on this machine: the one on
 * PATH (Debian's wrapper) and each /usr/lib/postgresql/<version>/bin's. Null when there is none.
 */
export function findPgTool(name: PgTool["name"]): PgTool | null {
  const root = "/usr/lib/postgresql";
  const candidates: string[] = process.env.PG_BIN
    ? [path.join(process.env.PG_BIN, name)]
    : [name, ...(existsSync(root) ? readdirSync(root).map((v) => path.join(root, v, "bin", name)) : [])];
  const found = candidates.map((c) => versionOf(name, c)).filter((t): t is PgTool => t !== null);
  return found.sort((a, b) => b.major - a.major)[0] ?? null;
}

/** The server's major version (server_version_num 150018 → 15). */
export async function serverMajor(db: Db): Promise<number> {
  const { rows } = (await db.raw("select current_setting('server_version_num')::int as n")) as { rows: { n: number }[] };
  return Math.floor(rows[0]!.n / 10_000);
}

/** A pg_dump that can dump this server (same major or newer), or why there is none. */
export function usablePgDump(server: number): { tool: PgTool } | { reason: string } {
  const tool = findPgTool("pg_dump");
  if (!tool) return { reason: `pg_dump is not installed (Debian: apt-get install postgresql-client-${server})` };
  if (tool.major < server) return { reason: `pg_dump ${tool.version} is older than the server (PostgreSQL ${server}) and cannot dump it (install postgresql-client-${server})` };
  return { tool };
}

/**
 * Runs a client program, against `url` when given. The password travels in PGPASSWORD, not on the
 * command line where any user of the machine could read it in the process list. Resolves when it exits
 * 0, else rejects with the end of what it printed.
 */
export function runPgTool(tool: PgTool, args: string[], url?: string): Promise<void> {
  const u = url ? new URL(url) : null;
  const password = u ? decodeURIComponent(u.password) : "";
  if (u) u.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, u ? [...args, `--dbname=${u.toString()}`] : args, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    // Only the end of its complaints is kept: a failing restore can print one line per object.
    child.stderr.on("data", (d: Buffer) => (errors = (errors + d.toString()).slice(-2000)));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${tool.name} ${tool.version} failed (exit ${code}): ${errors.trim().split("\n").slice(-3).join(" ")}`))));
  });
}

/** Connections of StudyForge servers and commands to this database other than this one. */
export async function studyforgeConnections(db: Db): Promise<number> {
  const { rows } = (await db.raw("select count(*) as n from pg_stat_activity where datname = current_database() and application_name = ? and pid <> pg_backend_pid()", [SERVER_APPLICATION])) as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

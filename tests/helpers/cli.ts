import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { testDatabase } from "./postgres.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** The pinned Node 24 that npm scripts use, so the CLI runs as users run it. */
export const NODE = path.join(ROOT, "node_modules/.bin/node");
export const CLI = path.join(ROOT, "cli/index.ts");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `studyforge …` as a subprocess and collects its output. */
export function runCli(args: string[], env: Record<string, string> = {}, input?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CLI, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? "");
  });
}

/** Starts `studyforge serve` and resolves once it answers health; the caller stops it. */
export async function spawnServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // On the "postgres" test project, the data directory's database there (see testDatabase).
  const database = await testDatabase(env, env.DATA_DIR);
  const child = spawn(NODE, [CLI, "serve"], { cwd: ROOT, env: { ...process.env, HOST: "127.0.0.1", ...(database ? { DATABASE_URL: database.url } : {}), ...env } });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
    try {
      if ((await fetch(url + "/api/health")).ok) return { child, url, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start: ${output}`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((r) => child.once("exit", (code) => r(code)));
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

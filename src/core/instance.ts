/**
 * Which servers are using a data directory. A running server keeps a small file in DATA_DIR/run/
 * naming its process, host and address, and removes it when it stops. A file whose process is gone
 * (after a crash, or a process of that id started later) no longer counts, so the answer never goes
 * stale: `studyforge generate` asks it to know whether a server will run the jobs it queues, and
 * `studyforge restore` refuses to replace data a server is using.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface ServerInstance {
  pid: number;
  host: string;
  url: string;
  version: string;
  started_at: string;
  /** The process's start time in clock ticks since boot (Linux), so a reused process id is not taken for it. */
  proc_start: string | null;
}

const runDir = (dataDir: string) => path.join(dataDir, "run");
let announced = 0;

/** Field 22 of /proc/<pid>/stat: when the process started. Null where /proc does not exist. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function alive(info: ServerInstance): boolean {
  try {
    process.kill(info.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return info.proc_start === null || processStart(info.pid) === info.proc_start;
}

/** Records that this process serves `dataDir`; call the returned function when it stops. */
export function announceServer(dataDir: string, info: { url: string; version: string; startedAt: string }): () => void {
  mkdirSync(runDir(dataDir), { recursive: true });
  const file = path.join(runDir(dataDir), `server-${process.pid}-${++announced}.json`);
  const entry: ServerInstance = {
    pid: process.pid,
    host: os.hostname(),
    url: info.url,
    version: info.version,
    started_at: info.startedAt,
    proc_start: processStart(process.pid),
  };
  writeFileSync(file, JSON.stringify(entry, null, 2) + "\n");
  return () => rmSync(file, { force: true });
}

/**
 * The servers using `dataDir` now. A server on another host (a shared disk) cannot be checked from
 * here and counts as running. Files of servers that are gone are removed on the way.
 */
export function runningServers(dataDir: string): ServerInstance[] {
  let names: string[];
  try {
    names = readdirSync(runDir(dataDir)).filter((n) => /^server-\d+-\d+\.json$/.test(n));
  } catch {
    return [];
  }
  const found: ServerInstance[] = [];
  for (const name of names) {
    const file = path.join(runDir(dataDir), name);
    let info: ServerInstance;
    try {
      info = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      continue; // being written or removed right now
    }
    if (info.host !== os.hostname() || alive(info)) found.push(info);
    else rmSync(file, { force: true });
  }
  return found;
}

/** "pid 1234 on this machine (http://localhost:8080)" */
export function describeServer(s: ServerInstance): string {
  return `${s.url}, pid ${s.pid} ${s.host === os.hostname() ? "on this machine" : `on ${s.host}`}`;
}

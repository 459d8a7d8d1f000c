/**
 * A process that owns a scan pool busy on a file, standing in for a server in tests of what becomes of
 * the workers when it dies: `node scan-pool-host.ts FILE` starts scanning FILE with two workers and
 * prints their process ids as a JSON array once one of them has spent a second of CPU on it. Pages have
 * no text limit here, so a page that never ends (endlessPdf) keeps that worker inside pdf.js for good,
 * deaf to its IPC channel.
 */
import { createScanPool } from "../../src/materials/scan/index.ts";
import { childPids, cpuSeconds } from "./processes.ts";

const pool = createScanPool({ workers: 2, timeoutMs: 600_000, maxPages: 100, maxPageChars: Number.MAX_SAFE_INTEGER });
pool.scan(process.argv[2]!).catch(() => undefined);
const waiting = setInterval(() => {
  const pids = childPids();
  if (pids.length < 2 || !pids.some((pid) => cpuSeconds(pid) >= 1)) return;
  clearInterval(waiting);
  console.log(JSON.stringify(pids));
}, 50);

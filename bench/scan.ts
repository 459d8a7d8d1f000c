/**
 * Benchmark: the PDF scan pool on a real book of 1,000+ pages, next to poppler's pdftotext on the same
 * file. Prints pages/s and wall time for pdftotext, the pool with 1 worker and the pool with 2 workers
 * splitting the one file, with the peak RSS and the main thread's event-loop delay while the pool scans.
 *
 *   node bench/scan.ts            (or `npm run bench scan`)
 *
 * Each pool runs in a child process of its own (this file with --measure), so one pool's memory does
 * not count against the other's. The peak memory is that process's and its worker processes' together,
 * as PSS (Linux /proc): resident memory with each shared page split among the processes sharing it, so
 * that the node binary's pages, mapped by every worker, count once and not once per worker.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { promisify } from "node:util";
import { createScanPool } from "../src/materials/scan/index.ts";

const run = promisify(execFile);

/** Books that Debian ships as a PDF of 1,000+ pages, and the package that installs each. */
const BOOKS = [
  { path: "/usr/share/doc/c++-annotations/cplusplus.pdf", pkg: "c++-annotations-pdf" },
  { path: "/usr/share/R/doc/manual/refman.pdf", pkg: "r-doc-pdf" },
];
const MIN_PAGES = 1000;
/** Small file scanned first, so the figures are of a warm pool, as a server's would be. */
const WARM_UP = fileURLToPath(new URL("../tests/fixtures/pdf/shared-mime-info-spec.pdf", import.meta.url));
const RUNS = 5;

const TARGETS = { oneWorker: 0.35, twoWorkers: 0.6, peakMemoryMb: 500, loopDelayMs: 100 };

interface PoolFigures {
  /** Wall time of each pool run, in milliseconds. */
  poolMs: number[];
  /** Wall time of the pdftotext run just before each pool run; empty without pdftotext. */
  pdftotextMs: number[];
  peakMemoryMb: number;
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
}

export async function runScanBench(): Promise<string[]> {
  const book = await findBook();
  const pages = await pageCount(book.path);
  const loadBefore = loadavg()[0]?.toFixed(2);
  const one = await measureInChild(book.path, 1);
  const two = await measureInChild(book.path, 2);
  const rate = (ms: number) => (pages / (ms / 1000)).toFixed(0);
  const row = (name: string, ms: number, share?: number, target?: number) => {
    const verdict = target === undefined || share === undefined ? "" : `target ≥ ${pct(target)}: ${ok(share >= target)}`;
    const shown = share === undefined ? "" : `${(share * 100).toFixed(1)}%`;
    return `  ${name.padEnd(20)} ${sec(ms).padStart(8)} ${rate(ms).padStart(9)} ${shown.padStart(13)}   ${verdict}`;
  };
  const pdftotext = [...one.pdftotextMs, ...two.pdftotextMs];
  const peak = Math.max(one.peakMemoryMb, two.peakMemoryMb);
  const delay = Math.max(one.loopDelayMaxMs, two.loopDelayMaxMs);
  return [
    `  file: ${book.path} (${pages} pages, ${(statSync(book.path).size / 1e6).toFixed(1)} MB, Debian package ${book.pkg})`,
    `  medians of ${RUNS} runs on a warm pool, each next to a pdftotext run (the share is of the pair, so that`,
    `  load from elsewhere counts against both); load average before: ${loadBefore}`,
    `  ${"".padEnd(20)} ${"wall".padStart(8)} ${"pages/s".padStart(9)} ${"of pdftotext".padStart(13)}`,
    pdftotext.length === 0 ? "  pdftotext            not installed (apt-get install poppler-utils)" : row("pdftotext", median(pdftotext), 1),
    row("pool, 1 worker", median(one.poolMs), share(one), TARGETS.oneWorker),
    row("pool, 2 workers", median(two.poolMs), share(two), TARGETS.twoWorkers),
    `  peak memory, PSS (1 worker / 2 workers): ${one.peakMemoryMb} / ${two.peakMemoryMb} MB   target < ${TARGETS.peakMemoryMb} MB: ${ok(peak < TARGETS.peakMemoryMb)}`,
    `  event-loop delay, max / p99 (1 worker): ${ms(one.loopDelayMaxMs)} / ${ms(one.loopDelayP99Ms)}; ` +
      `(2 workers): ${ms(two.loopDelayMaxMs)} / ${ms(two.loopDelayP99Ms)}   target < ${TARGETS.loopDelayMs} ms: ${ok(delay < TARGETS.loopDelayMs)}`,
  ];
}

/** The pool's speed as a share of pdftotext's: the median over runs of each pair's ratio. */
function share(figures: PoolFigures): number | undefined {
  if (figures.pdftotextMs.length === 0) return undefined;
  return median(figures.poolMs.map((poolMs, i) => (figures.pdftotextMs[i] ?? NaN) / poolMs));
}

/** The reference (pdftotext) comes from poppler-utils: install it when missing and we may. */
async function ensurePoppler(): Promise<void> {
  if (await run("pdftotext", ["-v"]).then(() => true, () => false)) return;
  console.log("  pdftotext not found; installing poppler-utils with apt-get…");
  await run("apt-get", ["update", "-qq"]).catch(() => undefined);
  await run("apt-get", ["install", "-y", "--no-install-recommends", "poppler-utils"]).catch(() => undefined);
}

async function findBook(): Promise<{ path: string; pkg: string }> {
  await ensurePoppler();
  const have = async () => {
    for (const book of BOOKS) {
      if (existsSync(book.path) && (await pageCount(book.path)) >= MIN_PAGES) return book;
    }
    return undefined;
  };
  const found = await have();
  if (found) return found;
  const pkg = BOOKS[0]!.pkg;
  console.log(`  no PDF of ${MIN_PAGES}+ pages found; installing ${pkg} with apt-get…`);
  await run("apt-get", ["update", "-qq"]).catch(() => undefined);
  await run("apt-get", ["install", "-y", "--no-install-recommends", pkg]).catch((error: Error) => {
    throw new Error(`no PDF of ${MIN_PAGES}+ pages, and apt-get install ${pkg} failed (${error.message.split("\n")[0]})`);
  });
  const installed = await have();
  if (!installed) throw new Error(`${pkg} is installed but ${BOOKS[0]!.path} is not a PDF of ${MIN_PAGES}+ pages`);
  return installed;
}

async function pageCount(path: string): Promise<number> {
  try {
    const { stdout } = await run("pdfinfo", [path]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  } catch {
    // Without poppler-utils, let the scanner count.
    const pool = createScanPool({ workers: 1, timeoutMs: 600_000, maxPages: 100_000 });
    try {
      return (await pool.scan(path)).pageCount;
    } finally {
      await pool.close();
    }
  }
}

/** Wall time of pdftotext extracting the whole file, or undefined when it is not installed. */
async function timePdftotext(path: string): Promise<number | undefined> {
  const started = performance.now();
  try {
    await run("pdftotext", ["-q", path, "/dev/null"]);
  } catch {
    return undefined;
  }
  return performance.now() - started;
}

async function measureInChild(path: string, workers: number): Promise<PoolFigures> {
  const self = fileURLToPath(import.meta.url);
  const { stdout } = await run(process.execPath, [self, "--measure", String(workers), path], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as PoolFigures;
}

/**
 * In the child: scan `path` RUNS times with a pool of `workers`, each after a pdftotext run of the same
 * file, sampling RSS and event-loop delay.
 */
async function measure(path: string, workers: number): Promise<PoolFigures> {
  const pool = createScanPool({ workers, timeoutMs: 600_000, maxPages: 100_000 });
  try {
    await pool.scan(WARM_UP);
    let peakMemory = poolPss();
    const sampler = setInterval(() => (peakMemory = Math.max(peakMemory, poolPss())), 20);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const poolMs: number[] = [];
    const pdftotextMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const reference = await timePdftotext(path);
      if (reference !== undefined) pdftotextMs.push(reference);
      const started = performance.now();
      await pool.scan(path);
      poolMs.push(performance.now() - started);
    }
    delay.disable();
    clearInterval(sampler);
    return {
      poolMs,
      pdftotextMs,
      peakMemoryMb: Math.round(peakMemory / 1e6),
      loopDelayMaxMs: delay.max / 1e6,
      loopDelayP99Ms: delay.percentile(99) / 1e6,
    };
  } finally {
    await pool.close();
  }
}

/** PSS in bytes of this process and its scan workers (child processes running worker.ts). */
function poolPss(): number {
  const read = (file: string) => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return ""; // the process is gone
    }
  };
  const pss = (pid: number | string) => Number(/^Pss:\s+(\d+) kB/m.exec(read(`/proc/${pid}/smaps_rollup`))?.[1] ?? 0) * 1024;
  const workers = readdirSync("/proc").filter(
    (pid) => /^\d+$/.test(pid) && read(`/proc/${pid}/status`).includes(`\nPPid:\t${process.pid}\n`) && read(`/proc/${pid}/cmdline`).includes("worker.ts"),
  );
  return pss(process.pid) + workers.reduce((sum, pid) => sum + pss(pid), 0);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pct = (share: number) => `${Math.round(share * 100)}%`;
const ok = (pass: boolean) => (pass ? "ok" : "MISSED");

if (import.meta.main) {
  const [flag, workers, path] = process.argv.slice(2);
  if (flag === "--measure" && workers && path) console.log(JSON.stringify(await measure(path, Number(workers))));
  else for (const line of await runScanBench()) console.log(line);
}

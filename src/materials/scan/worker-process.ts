/**
 * Starts a scan worker (worker.ts) as a child process with limits the kernel enforces. Worker threads
 * could not bound a scan: their heap limit does not count ArrayBuffers, where pdf.js unpacks streams,
 * so a 2 MB file inflating to 2 GB grew the server itself by gigabytes. A process of its own has its
 * own address space, limited here with util-linux tools (part of every Debian system):
 *
 * - `prlimit --data` sets RLIMIT_DATA: past it every allocation fails, ArrayBuffers included, and the
 *   worker fails its scan or dies, while the server goes on untouched. The hard limit may be higher
 *   (`ocrMb` more): a worker about to read pages by OCR is raised to it (allowOcr), see limits.ts;
 * - `setpriv --pdeathsig KILL` has the kernel kill the worker when the server dies, even a worker stuck
 *   in pdf.js that would never notice its IPC channel closing.
 *
 * Each execs the next, so the worker is the direct child and keeps the IPC channel.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { HEAP_FLAGS, STDERR_OUT_OF_MEMORY } from "./limits.ts";
import type { FromWorker, ToWorker } from "./messages.ts";

const WORKER_SCRIPT = fileURLToPath(new URL("./worker.ts", import.meta.url));
/**
 * How much of the worker's stderr is kept, from its start and from its end: V8 explains a fatal error at
 * the end, after whatever tesseract's image library printed first (10 KB of it before one out-of-memory
 * death). Whether memory ran out is looked for in all of it (WorkerEvents.exit).
 */
const STDERR_KEPT = 4096;

export interface WorkerProcess {
  send(message: ToWorker): void;
  /** Whether the server's event loop waits for this worker (only while scans are pending). */
  ref(keep: boolean): void;
  /** Ends the worker at once (SIGKILL): it may be stuck, and it holds nothing worth saving. */
  kill(): Promise<void>;
  /** Raises the worker's memory limit to the hard limit it was started with (memoryMb + ocrMb), for OCR. */
  allowOcr(): Promise<void>;
}

export interface WorkerEvents {
  message(message: FromWorker): void;
  /**
   * The worker is gone; `stderr` is the start and the end of what it wrote there, `outOfMemory` whether
   * any of it said that memory ran out. Called once.
   */
  exit(error: Error, stderr: string, outOfMemory: boolean): void;
}

const MB = 1024 * 1024;

export function startWorkerProcess(memoryMb: number, on: WorkerEvents, ocrMb = 0): WorkerProcess {
  // The soft limit is what V8 sizes itself by at start (and what text scans get); see allowOcr.
  const data = `--data=${memoryMb * MB}:${(memoryMb + ocrMb) * MB}`;
  const child = spawn("setpriv", ["--pdeathsig", "KILL", "--", "prlimit", data, "--", process.execPath, ...HEAP_FLAGS, WORKER_SCRIPT], {
    stdio: ["ignore", "inherit", "pipe", "ipc"],
  });
  const stderr = stderrKeeper();
  child.stderr?.setEncoding("utf8").on("data", (text: string) => stderr.add(text));
  let exited = false;
  const exit = (error: Error) => {
    if (exited) return;
    exited = true;
    on.exit(error, stderr.text(), stderr.outOfMemory());
  };
  child.on("message", (message: FromWorker) => on.message(message));
  // "error": it could not be started (setpriv or prlimit missing), or a message could not be sent.
  child.on("error", (error) => exit(error));
  // "close" rather than "exit": it comes once stderr has been read to the end.
  child.on("close", (code, signal) => exit(new Error(`Scan worker exited with ${signal ?? `code ${code}`}.`)));
  return {
    send(message) {
      if (child.connected) child.send(message);
    },
    ref(keep) {
      // The IPC channel and the stderr pipe hold the event loop as well as the process does.
      for (const handle of [child, child.channel, child.stderr as Socket | null]) {
        if (keep) handle?.ref();
        else handle?.unref();
      }
    },
    kill: () => killProcess(child),
    async allowOcr() {
      if (ocrMb <= 0 || child.pid === undefined) return;
      // Raising a soft limit up to the hard one needs no privilege. A worker gone meanwhile is no error.
      await run("prlimit", ["--pid", String(child.pid), `--data=${(memoryMb + ocrMb) * MB}:`]).catch(() => {});
    },
  };
}

const run = promisify(execFile);

/**
 * What is kept of a worker's stderr: its first and last STDERR_KEPT characters, and whether any of it
 * said that memory ran out (looked for across chunk boundaries: a chunk may end inside the words).
 */
export function stderrKeeper() {
  let head = "";
  let tail = "";
  let last = "";
  let outOfMemory = false;
  return {
    add(text: string): void {
      const seen = last + text;
      outOfMemory ||= STDERR_OUT_OF_MEMORY.test(seen);
      last = seen.slice(-200);
      const room = Math.max(0, STDERR_KEPT - head.length);
      head += text.slice(0, room);
      if (text.length > room) tail = (tail + text.slice(room)).slice(-STDERR_KEPT);
    },
    text: () => (tail ? `${head}\n…\n${tail}` : head),
    outOfMemory: () => outOfMemory,
  };
}

function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.ref(); // whoever awaits this must not see the process exit first, an idle pool's worker being unref'd
  child.kill("SIGKILL");
  return gone;
}

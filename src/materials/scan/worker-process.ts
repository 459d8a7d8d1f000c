/**
 * Starts a scan worker (worker.ts) as a child process with limits the kernel enforces. Worker threads
 * could not bound a scan: their heap limit does not count ArrayBuffers, where pdf.js unpacks streams,
 * so a 2 MB file inflating to 2 GB grew the server itself by gigabytes. A process of its own has its
 * own address space, limited here with util-linux tools (part of every Debian system):
 *
 * - `prlimit --data` sets RLIMIT_DATA: past it every allocation fails, ArrayBuffers included, and the
 *   worker fails its scan or dies, while the server goes on untouched;
 * - `setpriv --pdeathsig KILL` has the kernel kill the worker when the server dies, even a worker stuck
 *   in pdf.js that would never notice its IPC channel closing.
 *
 * Each execs the next, so the worker is the direct child and keeps the IPC channel.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { HEAP_FLAGS } from "./limits.ts";
import type { FromWorker, ToWorker } from "./messages.ts";

const WORKER_SCRIPT = fileURLToPath(new URL("./worker.ts", import.meta.url));
/** How much of the worker's stderr is kept: V8 explains a fatal error in its first lines. */
const STDERR_KEPT = 4096;

export interface WorkerProcess {
  send(message: ToWorker): void;
  /** Whether the server's event loop waits for this worker (only while scans are pending). */
  ref(keep: boolean): void;
  /** Ends the worker at once (SIGKILL): it may be stuck, and it holds nothing worth saving. */
  kill(): Promise<void>;
}

export interface WorkerEvents {
  message(message: FromWorker): void;
  /** The worker is gone; `stderr` is the start of what it wrote there. Called once. */
  exit(error: Error, stderr: string): void;
}

export function startWorkerProcess(memoryMb: number, on: WorkerEvents): WorkerProcess {
  const child = spawn(
    "setpriv",
    ["--pdeathsig", "KILL", "--", "prlimit", `--data=${memoryMb * 1024 * 1024}`, "--", process.execPath, ...HEAP_FLAGS, WORKER_SCRIPT],
    { stdio: ["ignore", "inherit", "pipe", "ipc"] },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    if (stderr.length < STDERR_KEPT) stderr += text.slice(0, STDERR_KEPT - stderr.length);
  });
  let exited = false;
  const exit = (error: Error) => {
    if (exited) return;
    exited = true;
    on.exit(error, stderr);
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
  };
}

function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.ref(); // whoever awaits this must not see the process exit first, an idle pool's worker being unref'd
  child.kill("SIGKILL");
  return gone;
}

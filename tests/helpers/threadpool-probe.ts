/**
 * Run as its own process: imports the thread-pool sizing first, as cli/index.ts does, then counts
 * how many tasks libuv's pool runs at once by parking tasks on named pipes nobody writes to (an
 * open for reading waits for a writer) and seeing whether one more task still runs.
 */
import "../../src/core/threadpool.ts";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

async function roomAfter(parked: number): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "threadpool-"));
  const pipes = Array.from({ length: parked }, (_, i) => path.join(dir, `pipe-${i}`));
  for (const pipe of pipes) execFileSync("mkfifo", [pipe]);
  const opens = pipes.map((pipe) => fs.promises.open(pipe, "r"));
  const ran = await Promise.race([fs.promises.stat(dir).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000))]);
  for (const handle of await Promise.all(pipes.map((pipe, i) => release(pipe, opens[i] as Promise<fs.promises.FileHandle>)))) await handle.close();
  fs.rmSync(dir, { recursive: true });
  return ran;
}

/**
 * Lets a parked open finish: a writer that does not wait meets the reader waiting on the pipe. An open still
 * queued for a pool thread has no reader yet (ENXIO), and is met when it runs: on a busy machine a thread may
 * start late, and an open left without a writer would hold the process forever (exit waits for the pool).
 */
async function release(pipe: string, parked: Promise<fs.promises.FileHandle>): Promise<fs.promises.FileHandle> {
  let opened = false;
  const handle = parked.then((h) => {
    opened = true;
    return h;
  });
  while (!opened) {
    try {
      fs.closeSync(fs.openSync(pipe, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENXIO") throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return handle;
}

let size = 0;
while (size < 64 && (await roomAfter(size + 1))) size += 1;
process.stdout.write(String(size + 1));

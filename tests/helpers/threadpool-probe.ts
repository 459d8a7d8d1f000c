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
  // A writer that does not wait lets each parked open finish.
  for (const pipe of pipes) fs.closeSync(fs.openSync(pipe, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
  for (const handle of await Promise.all(opens)) await handle.close();
  fs.rmSync(dir, { recursive: true });
  return ran;
}

let size = 0;
while (size < 64 && (await roomAfter(size + 1))) size += 1;
process.stdout.write(String(size + 1));

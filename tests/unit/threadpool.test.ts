import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, NODE, ROOT } from "../helpers/cli.ts";

/** A probe takes a second or two a pool size it tries; a busy machine, several times that. */
const PROBE_MS = 25_000;

/** Runs the probe with this environment and answers the pool size it measured. */
function measure(env: Record<string, string | undefined>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [path.join(ROOT, "tests/helpers/threadpool-probe.ts")], { env });
    // A probe that hangs is killed, never left behind (the test's own time limit would only abandon it).
    const deadline = setTimeout(() => child.kill("SIGKILL"), PROBE_MS);
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(deadline);
      if (signal) reject(new Error(`the thread-pool probe did not finish in ${PROBE_MS} ms`));
      else resolve(Number(out));
    });
  });
}

describe("libuv's thread pool", () => {
  it("is sized to 8 by the module the CLI imports first, unless the operator chose a size", async () => {
    const { UV_THREADPOOL_SIZE: _, ...env } = process.env;
    expect(await measure(env)).toBe(8);
    expect(await measure({ ...env, UV_THREADPOOL_SIZE: "5" })).toBe(5);
    const firstImport = /^import\s+[^;]*?["'](.+?)["']/m.exec(readFileSync(CLI, "utf8"))?.[1];
    expect(firstImport).toBe("../src/core/threadpool.ts");
  }, 2 * PROBE_MS + 5_000);
});

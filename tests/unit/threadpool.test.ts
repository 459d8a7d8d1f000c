import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, NODE, ROOT } from "../helpers/cli.ts";

/** Runs the probe with this environment and answers the pool size it measured. */
function measure(env: Record<string, string | undefined>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [path.join(ROOT, "tests/helpers/threadpool-probe.ts")], { env });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", () => resolve(Number(out)));
  });
}

describe("libuv's thread pool", () => {
  it("is sized to 8 by the module the CLI imports first, unless the operator chose a size", async () => {
    const { UV_THREADPOOL_SIZE: _, ...env } = process.env;
    expect(await measure(env)).toBe(8);
    expect(await measure({ ...env, UV_THREADPOOL_SIZE: "5" })).toBe(5);
    const firstImport = /^import\s+[^;]*?["'](.+?)["']/m.exec(readFileSync(CLI, "utf8"))?.[1];
    expect(firstImport).toBe("../src/core/threadpool.ts");
  });
});

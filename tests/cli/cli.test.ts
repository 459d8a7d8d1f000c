import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exited, freePort, runCli, spawnServer } from "../helpers/cli.ts";
import { tempDir } from "../helpers/server.ts";

describe("the studyforge CLI", () => {
  it("prints its version and lists its commands", async () => {
    const version = await runCli(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("serve");
    expect(help.stdout).toContain("migrate");
    for (const cmd of ["serve", "migrate"]) {
      const sub = await runCli([cmd, "--help"]);
      expect(sub.code).toBe(0);
      expect(sub.stdout).toContain(`Usage: studyforge ${cmd}`);
    }
  });

  it("migrates a new data directory, and says so when there is nothing left", async () => {
    const dataDir = tempDir();
    const first = await runCli(["migrate"], { DATA_DIR: dataDir });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("applied 001_accounts");
    expect(existsSync(path.join(dataDir, "studyforge.db"))).toBe(true);
    const second = await runCli(["migrate"], { DATA_DIR: dataDir });
    expect(second.stdout).toContain("nothing to apply");
  });

  it("refuses a bad configuration value with one clear line and no stack", async () => {
    const res = await runCli(["migrate"], { DATA_DIR: tempDir(), PORT: "abc" });
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe('studyforge: PORT must be a number from 1 to 65535, got "abc"');
  });

  it("serves, then shuts down gracefully on SIGTERM", async () => {
    const port = await freePort();
    const { child, url, output } = await spawnServer({ DATA_DIR: tempDir(), PORT: String(port) });
    const health = await (await fetch(url + "/api/health")).json();
    expect(health.status).toBe("ok");
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    expect(output()).toContain("stopped");
  });
});

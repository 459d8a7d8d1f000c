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
    expect(help.stdout).toContain("status");
    for (const cmd of ["serve", "migrate", "status"]) {
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

  it("shows the installation's status, as a table or as JSON", async () => {
    const dataDir = tempDir();
    const table = await runCli(["status"], { DATA_DIR: dataDir });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/Data directory\s+\S*studyforge-test-/);
    expect(table.stdout).toMatch(/Administrators\s+0 \(the first account to sign up becomes one\)/);
    expect(table.stdout).toMatch(/AI provider\s+builtin/);
    const json = JSON.parse((await runCli(["status", "--json"], { DATA_DIR: dataDir, OLLAMA_HOST: "http://127.0.0.1:11434" })).stdout);
    expect(json).toMatchObject({ users: 0, admins: 0, tests: 0, ai_provider: "ollama (llama3.2)", data_dir: dataDir });
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

import { execFile } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";
import { loadOrCreateSecret } from "../../src/core/secret.ts";
import { NODE, ROOT } from "../helpers/cli.ts";
import { tempDir } from "../helpers/server.ts";

const run = promisify(execFile);
const dirs: string[] = [];
const fresh = () => {
  const dir = tempDir("studyforge-secret-");
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("gives instances starting at once on a fresh shared data directory one key, and leaves no temporary files", async () => {
  const dir = fresh();
  const script = `import { loadOrCreateSecret } from ${JSON.stringify(path.join(ROOT, "src/core/secret.ts"))};
process.stdout.write(Buffer.from(loadOrCreateSecret(process.argv[1])).toString("base64"));`;
  const keys = await Promise.all(Array.from({ length: 8 }, () => run(NODE, ["--input-type=module", "-e", script, dir]).then((r) => r.stdout)));
  expect(new Set(keys).size).toBe(1);
  expect(Buffer.from(keys[0]!, "base64").length).toBe(32);
  expect(readdirSync(dir)).toEqual(["secret.key"]);
  expect(statSync(path.join(dir, "secret.key")).mode & 0o777).toBe(0o600);
  expect(readFileSync(path.join(dir, "secret.key"), "utf8").trim()).toBe(keys[0]);
});

it("takes SECRET_KEY over the data directory's file, and refuses one too short to sign with", () => {
  const dir = fresh();
  const fromEnv = Buffer.alloc(32, 7).toString("base64");
  expect(Buffer.from(loadOrCreateSecret(dir, fromEnv))).toEqual(Buffer.alloc(32, 7));
  expect(readdirSync(dir)).toEqual([]);
  expect(() => loadOrCreateSecret(dir, "c2hvcnQ=")).toThrow(/SECRET_KEY must hold at least 32 random bytes in base64/);
});

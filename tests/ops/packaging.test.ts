/**
 * Packaging: the Dockerfile, docker-compose.yml and `./install.sh` (plain and --service). No Docker engine
 * and no systemd run here, so these check what can be checked without them: the Dockerfile with a linter
 * and its parser, compose as YAML, the systemd unit with `systemd-analyze verify`, install.sh's steps with
 * a stand-in npm, and the image's health check command against a small server. scripts/check-docker-build.sh
 * runs the image's build steps for real (minutes; by hand).
 */
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { DockerfileParser, type Instruction, type JSONInstruction, type ModifiableInstruction } from "dockerfile-ast";
import { validate } from "dockerfile-utils";
import { beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { freePort } from "../helpers/cli.ts";
import { tempDir } from "../helpers/server.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");
const run = promisify(execFile);

type Result = { code: number; stdout: string; stderr: string };
async function sh(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Result> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, stdout: e.stdout ?? "", stderr: e.stderr ?? String(err) };
  }
}

describe("the Dockerfile", () => {
  const text = read("Dockerfile");
  const dockerfile = DockerfileParser.parse(text);
  const froms = dockerfile.getFROMs();
  const lineOf = (i: Instruction): number => i.getRange().start.line;
  /** The instructions of the stage named `stage`. */
  const stage = (name: string): Instruction[] => {
    const index = froms.findIndex((f) => f.getBuildStage() === name);
    expect(index, `a stage named ${name}`).toBeGreaterThanOrEqual(0);
    const start = lineOf(froms[index]!);
    const end = froms[index + 1] ? lineOf(froms[index + 1]!) : Infinity;
    return dockerfile.getInstructions().filter((i) => lineOf(i) >= start && lineOf(i) < end);
  };
  const keyword = (list: Instruction[], k: string): Instruction[] => list.filter((i) => i.getKeyword() === k);
  /** An instruction's flags (COPY --from, HEALTHCHECK --interval…), then its arguments, on one line. */
  const args = (i: Instruction): string => {
    const flags = "getFlags" in i ? (i as ModifiableInstruction).getFlags().map((f) => `--${f.getName()}=${f.getValue()} `) : [];
    return (flags.join("") + (i.getArgumentsContent() ?? "")).replace(/\s+/g, " ").trim();
  };
  const json = (i: Instruction): string[] => (i as JSONInstruction).getJSONStrings().map((s) => s.getJSONValue());

  it("passes the dockerfile-utils linter without a single warning (and the linter does find problems)", () => {
    expect(validate(text)).toEqual([]);
    expect(validate("FROM debian\nCMD [\"a\"]\nCMD [\"b\"]\nEXPOSE 99999\n").length).toBeGreaterThan(0);
  });

  it("is multi-stage: a build stage, then a Debian runtime stage that takes only production files from it", () => {
    expect(froms.map((f) => f.getBuildStage())).toEqual(["build", "runtime"]);
    // The pinned Node.js from the npm registry is a glibc binary: both stages are Debian bookworm.
    expect(froms.map((f) => f.getImageName())).toEqual(["node", "debian"]);
    expect(froms.map((f) => args(f))).toEqual(["node:24-bookworm-slim AS build", "debian:bookworm-slim AS runtime"]);
    const copies = keyword(stage("runtime"), "COPY");
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(args(copy)).toMatch(/^--from=build \/app\/\S+ \.\/\S+$/);
    const taken = copies.map((c) => args(c).split(" ")[1]);
    expect(taken).toEqual(expect.arrayContaining(["/app/node_modules", "/app/dist/ui", "/app/src", "/app/cli", "/app/migrations", "/app/package.json"]));
    for (const notForProduction of ["/app/ui", "/app/tests", "/app/bench", "/app/scripts", "/app"]) expect(taken).not.toContain(notForProduction);
    // The runtime stage installs nothing: no npm, no apt-get; only the user and the CLI wrapper.
    for (const r of keyword(stage("runtime"), "RUN")) expect(args(r)).not.toMatch(/\b(npm|apt-get)\b/);
  });

  it("builds with scripts/build.sh, the script ./install.sh runs, and with nothing else", () => {
    const buildRuns = keyword(stage("build"), "RUN").map(args);
    const ownSteps = buildRuns.filter((r) => r.includes("scripts/build.sh"));
    expect(ownSteps).toEqual(["bash scripts/build.sh deps", "bash scripts/build.sh ui", "bash scripts/build.sh prune"]);
    // No npm or vite of its own beside the script: what is built cannot differ from install.sh's build.
    for (const r of buildRuns.filter((r) => !ownSteps.includes(r))) expect(r).not.toMatch(/\b(npm|npx|vite|node)\b/);
    // install.sh (plain and --service) runs the same script, whose default steps are deps then ui.
    expect(read("install.sh")).toMatch(/^bash scripts\/build\.sh$/m);
    expect(read("scripts/install-service.sh")).toMatch(/^bash scripts\/build\.sh$/m);
    expect(read("scripts/install-service.sh")).toContain("bash scripts/build.sh prune");
    expect(read("scripts/build.sh")).toMatch(/^if \[\[ \$# -eq 0 \]\]; then set -- deps ui; fi$/m);
    // And the script holds the commands install.sh always ran.
    const build = read("scripts/build.sh");
    expect(build).toContain("npm install --no-audit --no-fund");
    expect(build).toContain("npm run build --silent");
  });

  it("runs as a non-root user, with /data as a volume, configured by environment, on port 8080", () => {
    const runtime = stage("runtime");
    const users = keyword(runtime, "USER").map(args);
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
    expect(keyword(runtime, "VOLUME").map(json)).toEqual([["/data"]]);
    const env = keyword(runtime, "ENV").map(args).join(" ");
    expect(env).toContain("DATA_DIR=/data");
    expect(env).toContain("PORT=8080");
    expect(keyword(runtime, "EXPOSE").map(args)).toEqual(["8080"]);
    // No configuration file is baked in.
    expect(text).not.toMatch(/studyforge\.env/);
  });

  it("starts node in exec form, so SIGTERM reaches the server, which shuts down gracefully", () => {
    const runtime = stage("runtime");
    const entrypoints = keyword(runtime, "ENTRYPOINT");
    const cmds = keyword(runtime, "CMD");
    expect(entrypoints).toHaveLength(1);
    expect(cmds).toHaveLength(1);
    expect(args(entrypoints[0]!)).toMatch(/^\[/);
    expect(args(cmds[0]!)).toMatch(/^\[/);
    expect([...json(entrypoints[0]!), ...json(cmds[0]!)]).toEqual(["node", "/app/cli/index.ts", "serve"]);
    // `node` is the pinned Node.js 24 the build installed from the npm registry.
    expect(keyword(runtime, "ENV").map(args).join(" ")).toContain("PATH=/app/node_modules/node/bin:$PATH");
  });

  describe("its HEALTHCHECK", () => {
    const healthchecks = keyword(stage("runtime"), "HEALTHCHECK");
    const command = (): string[] => {
      const content = args(healthchecks[0]!);
      return JSON.parse(content.slice(content.indexOf("CMD ") + 4)) as string[];
    };
    /** Runs the image's health check command with the pinned node against `port`. */
    const check = async (port: number): Promise<number> => {
      const [node, ...rest] = command();
      expect(node).toBe("node");
      return (await sh(path.join(ROOT, "node_modules/node/bin/node"), rest, { env: { ...process.env, PORT: String(port) } })).code;
    };
    const serve = async (status: number): Promise<{ server: Server; port: number; paths: string[] }> => {
      const paths: string[] = [];
      const server = createServer((req, res) => {
        paths.push(req.url ?? "");
        res.writeHead(status, { "content-type": "application/json" }).end('{"status":"ok"}');
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return { server, port: (server.address() as { port: number }).port, paths };
    };

    it("is one exec-form node command on /api/health, with no curl needed", () => {
      expect(healthchecks).toHaveLength(1);
      expect(args(healthchecks[0]!)).toMatch(/^--interval=\S+ --timeout=\S+ --start-period=\S+ --retries=\d+ CMD \[/);
      expect(command()[0]).toBe("node");
      expect(command().join(" ")).toContain("/api/health");
    });

    it("passes on 200, fails on 503 and when nothing listens", async () => {
      const ok = await serve(200);
      try {
        expect(await check(ok.port)).toBe(0);
        expect(ok.paths).toEqual(["/api/health"]);
      } finally {
        ok.server.close();
      }
      const busy = await serve(503);
      try {
        expect(await check(busy.port)).toBe(1);
      } finally {
        busy.server.close();
      }
      expect(await check(await freePort())).toBe(1);
    });
  });

  it("has a .dockerignore that keeps the machine's own build and data out of the image", () => {
    const ignored = read(".dockerignore").split("\n").map((l) => l.trim());
    for (const entry of ["node_modules", "dist", "data", ".git", ".env"]) expect(ignored).toContain(entry);
    // What the build needs stays in the context.
    for (const needed of ["scripts", "ui", "src", "package.json", "package-lock.json"]) expect(ignored).not.toContain(needed);
  });
});

describe("docker-compose.yml", () => {
  const text = read("docker-compose.yml");
  const compose = parseYaml(text) as {
    services: Record<string, { build?: string; image?: string; profiles?: string[]; environment?: Record<string, string>; volumes?: string[] }>;
    volumes: Record<string, unknown>;
  };

  it("runs StudyForge alone by default: SQLite in a named volume at /data", () => {
    const studyforge = compose.services.studyforge!;
    expect(studyforge.profiles).toBeUndefined();
    expect(studyforge.build).toBe(".");
    expect(studyforge.volumes).toEqual(["studyforge-data:/data"]);
    expect(studyforge.environment?.DATA_DIR).toBe("/data");
    // Empty by default: StudyForge's own default, SQLite in DATA_DIR.
    expect(studyforge.environment?.DATABASE_URL).toBe("${DATABASE_URL:-}");
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(["studyforge-data", "ollama-models", "postgres-data"]));
    // Every other service is behind a profile, so `docker compose up` starts StudyForge alone.
    const always = Object.entries(compose.services).filter(([, s]) => !s.profiles).map(([name]) => name);
    expect(always).toEqual(["studyforge"]);
  });

  it("has an ollama profile wired through OLLAMA_HOST", () => {
    const ollama = compose.services.ollama!;
    expect(ollama.profiles).toEqual(["ollama"]);
    expect(ollama.image).toMatch(/^ollama\/ollama/);
    expect(ollama.volumes).toEqual(["ollama-models:/root/.ollama"]);
    expect(compose.services.studyforge!.environment).toHaveProperty("OLLAMA_HOST");
    expect(text).toContain("OLLAMA_HOST=http://ollama:11434 docker compose --profile ollama up -d");
  });

  it("has a postgres profile with a volume, and says how StudyForge is pointed at it", () => {
    const postgres = compose.services.postgres!;
    expect(postgres.profiles).toEqual(["postgres"]);
    expect(postgres.image).toMatch(/^postgres:/);
    expect(postgres.volumes).toEqual(["postgres-data:/var/lib/postgresql/data"]);
    expect(text).toContain("DATABASE_URL=postgres://studyforge:change-me@postgres:5432/studyforge docker compose --profile postgres up -d");
  });
});

describe("./install.sh --service: the systemd unit", () => {
  beforeAll(() => {
    // Installs Debian's systemd (for systemd-analyze) when it is missing and it may; fails loudly otherwise.
    execFileSync("bash", [path.join(ROOT, "scripts/ensure-systemd.sh")], { stdio: "inherit" });
  }, 300_000);

  /**
   * The unit scripts/service-unit.sh generates, for an app directory in a temporary directory whose
   * node_modules/node/bin/node is the pinned Node.js (a link), so that its ExecStart exists.
   */
  const generate = async (env: Record<string, string> = {}): Promise<{ dir: string; app: string; file: string; unit: string }> => {
    const dir = tempDir("studyforge-unit-");
    const app = path.join(dir, "app");
    mkdirSync(path.join(app, "node_modules/node/bin"), { recursive: true });
    symlinkSync(path.join(ROOT, "node_modules/node/bin/node"), path.join(app, "node_modules/node/bin/node"));
    const envFile = path.join(dir, "studyforge.env");
    writeFileSync(envFile, "PORT=8080\n");
    const result = await sh("bash", ["scripts/service-unit.sh"], { env: { ...process.env, APP_DIR: app, ENV_FILE: envFile, ...env } });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const file = path.join(dir, "studyforge.service");
    writeFileSync(file, result.stdout);
    return { dir, app, file, unit: result.stdout };
  };
  /** The unit's settings as key → values (a key may repeat). */
  const settings = (unit: string): Map<string, string[]> => {
    const map = new Map<string, string[]>();
    for (const line of unit.split("\n")) {
      const m = line.match(/^([A-Za-z]+)=(.*)$/);
      if (m) map.set(m[1]!, [...(map.get(m[1]!) ?? []), m[2]!]);
    }
    return map;
  };

  it("passes systemd-analyze verify without a warning (and verify does catch mistakes)", async () => {
    const { dir, file, unit } = await generate();
    const good = await sh("systemd-analyze", ["verify", file]);
    expect(good.stderr).toBe("");
    expect(good.code).toBe(0);
    // systemd-analyze warns (on stderr) about unknown keys and bad values: the check above would see them.
    writeFileSync(file, unit.replace("Restart=on-failure", "Restart=sometimes\nProtectEverything=yes"));
    const bad = await sh("systemd-analyze", ["verify", file]);
    expect(bad.stderr).toContain("ProtectEverything");
    expect(bad.stderr).toContain("sometimes");
    // And a missing program fails it.
    const missing = path.join(dir, "missing");
    mkdirSync(missing);
    const { file: other } = await generate({ APP_DIR: missing });
    expect((await sh("systemd-analyze", ["verify", other])).code).not.toBe(0);
  });

  it("runs the pinned node as user studyforge, with the env file, restarting on failure, hardened", async () => {
    const { app, unit } = await generate();
    const s = settings(unit);
    const one = (key: string): string | undefined => s.get(key)?.at(-1);
    expect(one("ExecStart")).toBe(`${app}/node_modules/node/bin/node ${app}/cli/index.ts serve`);
    expect(one("User")).toBe("studyforge");
    expect(one("Group")).toBe("studyforge");
    expect(one("WorkingDirectory")).toBe(app);
    expect(one("EnvironmentFile")).toMatch(/studyforge\.env$/);
    expect(one("Environment")).toBe("DATA_DIR=/var/lib/studyforge");
    expect(one("Restart")).toBe("on-failure");
    expect(one("KillMode")).toBe("mixed");
    expect(one("WantedBy")).toBe("multi-user.target");
    const hardening: Record<string, string> = {
      NoNewPrivileges: "yes",
      ProtectSystem: "strict",
      ReadWritePaths: "/var/lib/studyforge",
      StateDirectory: "studyforge",
      ProtectHome: "yes",
      PrivateTmp: "yes",
      PrivateDevices: "yes",
      ProtectKernelTunables: "yes",
      ProtectKernelModules: "yes",
      ProtectKernelLogs: "yes",
      ProtectControlGroups: "yes",
      RestrictSUIDSGID: "yes",
      RestrictNamespaces: "yes",
      RestrictRealtime: "yes",
      LockPersonality: "yes",
      CapabilityBoundingSet: "",
      AmbientCapabilities: "",
      SystemCallArchitectures: "native",
      SystemCallFilter: "@system-service @pkey",
    };
    for (const [key, value] of Object.entries(hardening)) expect([key, one(key)]).toEqual([key, value]);
    // V8's JIT writes the code it runs: MemoryDenyWriteExecute= would break Node.js.
    expect(s.has("MemoryDenyWriteExecute")).toBe(false);
  });

  it("is what ./install.sh --print-unit prints, for /opt/studyforge", async () => {
    const printed = await sh("bash", ["install.sh", "--print-unit"]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain("ExecStart=/opt/studyforge/node_modules/node/bin/node /opt/studyforge/cli/index.ts serve");
    expect(printed.stdout).toContain("EnvironmentFile=/etc/studyforge/studyforge.env");
    expect(printed.stdout).not.toMatch(/@[A-Z_]+@/);
  });

  it("refuses paths systemd would split, and a data directory outside /var/lib", async () => {
    const spaced = await sh("bash", ["scripts/service-unit.sh"], { env: { ...process.env, APP_DIR: "/opt/study forge" } });
    expect(spaced.code).toBe(2);
    expect(spaced.stderr).toContain("systemd splits on spaces");
    const elsewhere = await sh("bash", ["scripts/service-unit.sh"], { env: { ...process.env, UNIT_DATA_DIR: "/srv/studyforge" } });
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain("must be under /var/lib");
  });

  it("needs root, and says so", async () => {
    // As root (CI), drop to nobody for this: --service must refuse before changing anything. The scripts
    // are copied where nobody may read them, whatever the checkout's own permissions.
    const dir = tempDir("studyforge-install-");
    chmodSync(dir, 0o755);
    mkdirSync(path.join(dir, "scripts"), { mode: 0o755 });
    for (const file of ["install.sh", "scripts/install-service.sh"]) {
      copyFileSync(path.join(ROOT, file), path.join(dir, file));
      chmodSync(path.join(dir, file), 0o755);
    }
    const asUser = process.getuid?.() === 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", "bash"] : ["bash"];
    const result = await sh(asUser[0]!, [...asUser.slice(1), path.join(dir, "install.sh"), "--service"], { cwd: "/" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("installing a system service needs root: run 'sudo ./install.sh --service'");
  });
});

describe("./install.sh without options, as in the Quick start", () => {
  /**
   * install.sh and scripts/build.sh copied into an empty directory, run with a stand-in npm that logs
   * its arguments: the steps it takes, without installing, building or starting anything.
   */
  const runInstall = async (installArgs: string[], state: "fresh" | "installed" | "stale"): Promise<Result & { npm: string[] }> => {
    const dir = tempDir("studyforge-install-");
    mkdirSync(path.join(dir, "scripts"));
    copyFileSync(path.join(ROOT, "install.sh"), path.join(dir, "install.sh"));
    copyFileSync(path.join(ROOT, "scripts/build.sh"), path.join(dir, "scripts/build.sh"));
    writeFileSync(path.join(dir, "package-lock.json"), "{}");
    if (state !== "fresh") {
      mkdirSync(path.join(dir, "node_modules"));
      writeFileSync(path.join(dir, "node_modules/.package-lock.json"), "{}");
      const now = Date.now() / 1000;
      utimesSync(path.join(dir, "package-lock.json"), now - (state === "stale" ? 0 : 60), now - (state === "stale" ? 0 : 60));
      utimesSync(path.join(dir, "node_modules/.package-lock.json"), now - 30, now - 30);
    }
    const bin = path.join(dir, "bin");
    mkdirSync(bin);
    const log = path.join(dir, "npm.log");
    writeFileSync(path.join(bin, "npm"), `#!/bin/sh\necho "$*" >> '${log}'\n`);
    chmodSync(path.join(bin, "npm"), 0o755);
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, PORT: "9123", DATA_DIR: "/srv/studyforge" };
    const result = await sh("bash", [path.join(dir, "install.sh"), ...installArgs], { env, cwd: "/" });
    return { ...result, npm: existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : [] };
  };

  it("installs when needed, builds the UI and starts the server, saying so as it always has", async () => {
    const fresh = await runInstall([], "fresh");
    expect(fresh.code).toBe(0);
    expect(fresh.npm).toEqual(["install --no-audit --no-fund", "run build --silent", "start --silent"]);
    expect(fresh.stdout).toBe(
      "Installing dependencies...\nBuilding the web UI...\n" +
        "Starting StudyForge on http://localhost:9123 (data in /srv/studyforge; Ctrl-C stops it)...\n",
    );
    // Safe to run again: no reinstall unless package-lock.json changed.
    const again = await runInstall([], "installed");
    expect(again.npm).toEqual(["run build --silent", "start --silent"]);
    const changed = await runInstall([], "stale");
    expect(changed.npm).toEqual(["install --no-audit --no-fund", "run build --silent", "start --silent"]);
  });

  it("answers --help, and refuses an unknown option before doing anything", async () => {
    const help = await runInstall(["--help"], "installed");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: ./install.sh [--service | --print-unit | --help]");
    expect(help.npm).toEqual([]);
    const unknown = await runInstall(["--servise"], "installed");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("install.sh: unknown option '--servise'");
    expect(unknown.npm).toEqual([]);
  });
});

/**
 * The administration CLI as an administrator runs it: the real `studyforge` subprocess against a real
 * data directory while a real server (`studyforge serve`) runs on it, checked over HTTP.
 */
import type { ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../src/core/db.ts";
import { exited, freePort, ROOT, runCli, spawnServer } from "../helpers/cli.ts";
import { unusedPort } from "../helpers/fake-openai.ts";
import { client, type Client } from "../helpers/http.ts";
import { tempDir } from "../helpers/server.ts";

const FIXTURES = path.join(ROOT, "tests/fixtures/pdf");
const PASSWORD = "study-hard-123";

let dataDir: string;
let env: Record<string, string>;
let server: { child: ChildProcess; url: string };
let admin: Client;
const cli = (args: string[], input?: string, extra: Record<string, string> = {}) => runCli(args, { ...env, ...extra }, input);

/** Creates a verified account through the CLI, with a password from stdin. */
async function createUser(email: string, username: string, role = "student") {
  const res = await cli(["users", "create", "--email", email, "--username", username, "--role", role, "--password-stdin", "--json"], `${PASSWORD}\n`);
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout).user as { id: number; email: string; role: string };
}

async function login(email: string, password = PASSWORD) {
  const c = client(server.url);
  const res = await c.post("/api/auth/login", { email, password });
  return { c, res };
}

async function stop(child: ChildProcess) {
  child.kill("SIGTERM");
  await exited(child);
}

beforeAll(async () => {
  dataDir = tempDir();
  // Verification required: sign-ups over HTTP stay unverified (cleanup's accounts), the CLI's are verified.
  env = { DATA_DIR: dataDir, REQUIRE_EMAIL_VERIFICATION: "true", SCAN_WORKERS: "1" };
  server = await spawnServer({ ...env, PORT: String(await freePort()) });
  await createUser("head@school.example", "head", "admin");
  admin = (await login("head@school.example")).c;
});

afterAll(async () => {
  if (server) await stop(server.child);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("studyforge users", () => {
  it("creates an account that logs in over HTTP; promote, disable and enable take effect at once, audited as cli", async () => {
    const user = await createUser("ada@school.example", "ada");
    expect(user.role).toBe("student");
    const { c, res } = await login("ada@school.example");
    expect(res.status).toBe(200);

    const promoted = await cli(["users", "promote", "ada@school.example"]);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout.trim()).toBe("ada@school.example is now an administrator.");
    expect((await c.get("/api/auth/me")).body).toMatchObject({ role: "admin", is_admin: true });

    expect((await cli(["users", "set-role", String(user.id), "teacher"])).code).toBe(0);
    expect((await c.get("/api/auth/me")).body).toMatchObject({ role: "teacher", is_admin: false });

    expect((await cli(["users", "disable", "ada@school.example"])).code).toBe(0);
    expect((await c.get("/api/auth/me")).status).toBe(401); // the session ended
    const refused = await login("ada@school.example");
    expect(refused.res.status).not.toBe(200);
    expect(JSON.stringify(refused.res.body)).toMatch(/disabled/);
    expect((await cli(["users", "enable", "ada@school.example"])).code).toBe(0);
    expect((await login("ada@school.example")).res.status).toBe(200);

    const listed = JSON.parse((await cli(["users", "list", "--search", "ada@", "--json"])).stdout);
    expect(listed.items).toEqual([expect.objectContaining({ email: "ada@school.example", role: "teacher", disabled: false, is_verified: true })]);
    const table = await cli(["users", "list", "--role", "admin"]);
    expect(table.stdout).toMatch(/head@school\.example\s+admin/);
    expect(table.stdout).not.toContain("ada@school.example");

    const audit = (await admin.get("/api/admin/audit?actor=cli&per_page=100")).body.items.map((e: any) => `${e.action} ${e.target?.label}`);
    expect(audit).toEqual(expect.arrayContaining(["user.create ada@school.example", "user.role ada@school.example", "user.disable ada@school.example", "user.enable ada@school.example"]));
  });

  it("without a password prints a one-time link that sets it", async () => {
    const res = await cli(["users", "create", "--email", "grace@school.example", "--username", "grace"]);
    expect(res.code).toBe(0);
    const link = res.stdout.match(/https?:\/\/\S+reset-password\?token=(\S+)/);
    expect(link).not.toBeNull();
    const c = client(server.url);
    expect((await c.post("/api/auth/reset-password", { token: link![1], new_password: "a-new-password" })).status).toBe(200);
    expect((await login("grace@school.example", "a-new-password")).res.status).toBe(200);
    // The same sign-up rules: a taken address, a short username.
    const taken = await cli(["users", "create", "--email", "grace@school.example", "--username", "grace2"]);
    expect(taken).toMatchObject({ code: 1, stderr: "studyforge: That email is already registered.\n" });
    expect((await cli(["users", "create", "--email", "x@school.example", "--username", "x"])).code).toBe(2);
  });

  it("delete refuses without --yes when not run in a terminal, and deletes with it", async () => {
    await createUser("temp@school.example", "temp");
    const refused = await cli(["users", "delete", "temp@school.example"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refusing without --yes/);
    expect((await login("temp@school.example")).res.status).toBe(200);

    const deleted = await cli(["users", "delete", "temp@school.example", "--yes"]);
    expect(deleted.code).toBe(0);
    expect((await login("temp@school.example")).res.status).toBe(401);
  });

  it("an unknown user is one clear line with exit status 1; wrong usage exits 2", async () => {
    const unknown = await cli(["users", "promote", "nobody@school.example"]);
    expect(unknown).toMatchObject({ code: 1, stdout: "", stderr: "studyforge: No user has the e-mail nobody@school.example.\n" });
    expect((await cli(["users", "disable", "99999"])).stderr).toBe("studyforge: User 99999 not found.\n");
    for (const args of [["users", "promote"], ["users", "frobnicate"], ["stats", "--days", "5"], ["users", "set-role", "1", "wizard"], ["generate", "--user", "1", "--file", "1"], ["cleanup", "--older-than-days", "soon"]]) {
      const res = await cli(args);
      expect(res.code, args.join(" ")).toBe(2);
      expect(res.stderr, args.join(" ")).not.toMatch(/\n\s+at /); // no stack trace
    }
    const unknownFile = await cli(["generate", "--user", "head@school.example", "--file", "424242", "--topic", "rivers", "--json"]);
    expect(unknownFile.code).toBe(1);
    expect(JSON.parse(unknownFile.stdout)).toMatchObject({ state: "failed", test_id: null, error: expect.stringMatching(/not found/i) });
  });
});

/** A Markdown handout beside the PDFs of a folder given to `generate --dir`. */
const NOTES_MD = "# Directories\n\nA directory holds files and other directories. Every version of a package lives in its own directory.\n";

describe("studyforge generate, stats, cleanup, backup and restore", () => {
  let student: { id: number; email: string };
  let testIds: number[] = [];

  it("generates a test per PDF × topic from a folder through the job queue; --json lists test ids that exist over the API", async () => {
    student = await createUser("lin@school.example", "lin");
    const folder = tempDir("studyforge-pdfs-");
    for (const name of ["r-faq.pdf", "shared-mime-info-spec.pdf"]) copyFileSync(path.join(FIXTURES, name), path.join(folder, name));
    // Other accepted formats in the folder are study material too; anything else is not picked up.
    writeFileSync(path.join(folder, "notes.md"), NOTES_MD);
    writeFileSync(path.join(folder, "marks.csv"), "name,mark\nlin,90\n");
    const res = await cli(["generate", "--user", student.email, "--dir", folder, "--topic", "files", "--topic", "data", "--count", "3", "--json"]);
    const all = res.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(all.filter((j) => j.filename === "notes.md")).toHaveLength(2);
    expect(all.some((j) => j.filename === "marks.csv")).toBe(false);
    const jobs = all.filter((j) => j.filename !== "notes.md");
    expect(jobs).toHaveLength(4);
    expect(jobs.map((j) => `${j.filename} ${j.topic} ${j.state}`).sort()).toEqual([
      "r-faq.pdf data done",
      "r-faq.pdf files done",
      "shared-mime-info-spec.pdf data done",
      "shared-mime-info-spec.pdf files done",
    ]);
    testIds = jobs.map((j) => j.test_id);
    expect(new Set(testIds).size).toBe(4);

    const { c } = await login(student.email);
    for (const job of jobs) {
      const test = await c.get(`/api/tests/${job.test_id}`);
      expect(test.status).toBe(200);
      expect(test.body.study_material_id).toBe(job.file_id);
      expect(test.body.test_metadata.topic).toBe(job.topic);
    }
    expect((await c.get("/api/files")).body.map((f: any) => f.filename).sort()).toEqual(["notes.md", "r-faq.pdf", "shared-mime-info-spec.pdf"]);
    rmSync(folder, { recursive: true, force: true });

    // A topic a file does not cover fails that job (with suggestions) and the exit status; the rest still run.
    const file = jobs[0].file_id;
    const mixed = await cli(["generate", "--user", student.email, "--file", String(file), "--topic", "data", "--topic", "zyxwvut", "--count", "2"]);
    expect(mixed.code).toBe(1);
    expect(mixed.stdout).toMatch(/data\s+\d+\s+done/);
    expect(mixed.stdout).toMatch(/zyxwvut\s+—\s+failed\s+—\s+The topic "zyxwvut" does not appear/);
    expect(mixed.stderr).toContain("1 of 2 job(s) failed.");
  });

  it("stats --json is GET /api/admin/analytics for the same days, and the view draws bars", async () => {
    // A result, so scores are in the analytics (and in the backup below).
    const { c } = await login(student.email);
    expect((await c.post("/api/tests/submit", { test_id: testIds[0], answers: { 0: "x" } })).status).toBe(201);
    for (const days of [7, 90]) {
      const res = await cli(["stats", "--days", String(days), "--json"]);
      expect(res.code).toBe(0);
      const api = await admin.get(`/api/admin/analytics?days=${days}`);
      expect(JSON.parse(res.stdout)).toEqual(api.body);
    }
    const view = await cli(["stats", "--days", "7"]);
    expect(view.code).toBe(0);
    expect(view.stdout).toMatch(/Tests taken: 1/);
    expect(view.stdout).toMatch(/\d{4}-\d\d-\d\d\s+█/);
    expect(view.stdout).toMatch(/files|data/);
  });

  it("cleanup lists without deleting by default, and with --yes deletes and reports sizes", async () => {
    // An unverified sign-up, a failed job, an abandoned upload and a PDF nothing refers to.
    const signUp = await client(server.url).post("/api/auth/register", { username: "ghost", email: "ghost@school.example", password: PASSWORD });
    expect(signUp.status).toBe(201);
    const db = openDb(path.join(dataDir, "studyforge.db"));
    const long = new Date(Date.now() - 40 * 86400_000).toISOString();
    await db("users").where({ email: "ghost@school.example" }).update({ created_at: long });
    const [job] = await db("jobs")
      .insert({ user_id: student.id, kind: "generate", state: "failed", params: "{}", progress_total: 1, error: '{"status":500,"detail":"x"}', created_at: long, updated_at: long })
      .returning("id");
    await db.destroy();
    const hoursAgo = (file: string) => utimesSync(file, new Date(Date.now() - 3 * 3600_000), new Date(Date.now() - 3 * 3600_000));
    const abandoned = path.join(dataDir, "tmp", "upload-abandoned");
    mkdirSync(path.dirname(abandoned), { recursive: true });
    writeFileSync(abandoned, Buffer.alloc(5000));
    hoursAgo(abandoned);
    const orphan = path.join(dataDir, "uploads", "ab", `${"ab".repeat(32)}.pdf`);
    mkdirSync(path.dirname(orphan), { recursive: true });
    writeFileSync(orphan, Buffer.alloc(3 * 1024 * 1024));
    hoursAgo(orphan);

    const dry = await cli(["cleanup", "--older-than-days", "30"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/ghost@school\.example/);
    expect(dry.stdout).toMatch(/tmp\/upload-abandoned\s+4\.9 KB/);
    expect(dry.stdout).toMatch(/abababab\S*\.pdf\s+3\.0 MB\s+file without document/);
    expect(dry.stdout).toContain("Dry run: nothing was deleted.");
    expect(existsSync(abandoned) && existsSync(orphan)).toBe(true);
    expect(JSON.parse((await cli(["users", "list", "--search", "ghost", "--json"])).stdout).total).toBe(1);

    const done = await cli(["cleanup", "--older-than-days", "30", "--yes", "--json"]);
    expect(done.code).toBe(0);
    const result = JSON.parse(done.stdout);
    expect(result).toMatchObject({
      dry_run: false,
      unverified_accounts: { count: 1, items: [expect.objectContaining({ email: "ghost@school.example" })] },
      failed_jobs: { count: 1, items: [expect.objectContaining({ id: typeof job === "object" ? job.id : job })] },
      abandoned_uploads: { count: 1, bytes: 5000 },
      unreferenced_pdfs: { count: 1, bytes: 3 * 1024 * 1024 },
    });
    expect(existsSync(abandoned) || existsSync(orphan)).toBe(false);
    expect(JSON.parse((await cli(["users", "list", "--search", "ghost", "--json"])).stdout).total).toBe(0);
    // The recent jobs and everything in use are untouched.
    const { c } = await login(student.email);
    expect((await c.get(`/api/tests/${testIds[0]}`)).status).toBe(200);
    const audit = (await admin.get("/api/admin/audit?action=cleanup")).body.items;
    expect(audit[0]).toMatchObject({ actor: { name: "cli" }, details: { unverified_accounts: 1, failed_jobs: 1, abandoned_uploads: 1, unreferenced_pdfs: 1, bytes: 5000 + 3 * 1024 * 1024 } });
  });

  it("backs up while serving; the backup restores into another data directory, which then serves the same data", async () => {
    const { c: before } = await login(student.email);
    const [files, tests, results] = await Promise.all(["/api/files", "/api/ai/insights", "/api/tests/results"].map(async (p) => (await before.get(p)).body));
    const archive = path.join(tempDir("studyforge-backup-"), "school.tar.gz");
    const backup = await cli(["backup", "--out", archive]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/It holds \d+ users, 3 files \(3 stored documents, .*\), \d+ tests and 1 results\./);
    // It holds the session signing key and every password hash: readable by the server's user only.
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const target = tempDir();
    const restored = await runCli(["restore", archive], { DATA_DIR: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("the checksums and SQLite's integrity check passed");

    const port = String(await freePort());
    const second = await spawnServer({ DATA_DIR: target, PORT: port, SCAN_WORKERS: "1" });
    try {
      const c = client(second.url);
      expect((await c.post("/api/auth/login", { email: student.email, password: PASSWORD })).status).toBe(200);
      expect((await c.get("/api/files")).body).toEqual(files);
      expect((await c.get("/api/ai/insights")).body).toEqual(tests);
      expect((await c.get("/api/tests/results")).body).toEqual(results);
      for (const file of files) {
        const bytes = Buffer.from(await (await c.raw("GET", `/api/files/${file.file_id}/download`)).arrayBuffer());
        const original = file.filename === "notes.md" ? Buffer.from(NOTES_MD) : readFileSync(path.join(FIXTURES, file.filename));
        expect(bytes.equals(original)).toBe(true);
      }
      // The sessions are signed with the restored secret: the old server's session works on the new one.
      const cookie = [...before.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      expect((await fetch(`${second.url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);

      const refused = await runCli(["restore", archive, "--yes"], { DATA_DIR: target });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^studyforge: A StudyForge server is using .+: stop it before restoring\.\n$/);
    } finally {
      await stop(second.child);
    }
    // Stopped, and holding data: replaced only with --yes, and what was there is kept.
    expect((await runCli(["restore", archive], { DATA_DIR: target })).stderr).toMatch(/pass --yes to replace it/);
    const again = await runCli(["restore", archive, "--yes"], { DATA_DIR: target });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/What was there before is kept in .*backups\/replaced-/);

    // A damaged archive is refused before anything is replaced.
    const damaged = path.join(path.dirname(archive), "damaged.tar.gz");
    writeFileSync(damaged, readFileSync(archive).subarray(0, statSync(archive).size / 2));
    const bad = await runCli(["restore", damaged, "--yes"], { DATA_DIR: target });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/The backup is damaged/);
    rmSync(target, { recursive: true, force: true });
    rmSync(path.dirname(archive), { recursive: true, force: true });
  });
});

describe("studyforge doctor", () => {
  it("passes on the running installation, and fails naming an unreachable AI provider", async () => {
    const ok = await cli(["doctor", "--json"]);
    expect(ok.code, ok.stdout).toBe(0);
    expect(JSON.parse(ok.stdout).checks.map((c: any) => c.name)).toEqual(["Configuration", "Node.js", "Data directory", "Database", "Migrations", "Stored PDFs", "AI provider", "Mail", "PDF scanner"]);

    const base = `http://127.0.0.1:${await unusedPort()}/v1`;
    const res = await cli(["doctor"], undefined, { OPENAI_BASE_URL: base });
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(new RegExp(`✗ AI provider\\s+openai: The AI service at ${base.replace(/[/.]/g, "\\$&")} is not reachable: connection refused`));
    expect(res.stdout).toMatch(/fix: start the OpenAI-compatible server at/);
    expect(res.stdout).toMatch(/✓ Database/);
    expect(res.stdout).toContain("1 check(s) failed.");
  });
});

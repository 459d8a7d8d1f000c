/**
 * Operating StudyForge on PostgreSQL from the CLI, as a school moving off SQLite would: a SQLite
 * installation with a record of every feature → `studyforge migrate-to-postgres` → a server on
 * PostgreSQL with the same DATA_DIR; `studyforge backup` there (pg_dump, and the logical copy) →
 * `studyforge restore` into fresh databases; `studyforge doctor` on PostgreSQL. Real subprocesses, a
 * real throw-away PostgreSQL cluster (the run's, or this file's own on the sqlite project).
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notify } from "../../src/study/notifications/service.ts";
import { openPostgres, type Db } from "../../src/core/db.ts";
import { openSqliteFile } from "../../src/core/sqlite-file.ts";
import { countRows, listTables } from "../../src/core/tables.ts";
import { newStudent } from "../helpers/accounts.ts";
import { runCli } from "../helpers/cli.ts";
import { unusedPort } from "../helpers/fake-openai.ts";
import { client } from "../helpers/http.ts";
import { colourQuestion, knownTest } from "../helpers/known-test.ts";
import { textPdf } from "../helpers/pdfs.ts";
import { CLUSTER_URL_VAR, createTestDatabase, startCluster, type Cluster } from "../helpers/postgres.ts";
import { startTestServer, tempDir } from "../helpers/server.ts";
import { inMinutes, newClass, newTeacher } from "../helpers/teaching.ts";

let cluster: Cluster | undefined;
let adminUrl: string;
let dataDir: string;
let sqliteFile: string;
const dropLater: (() => Promise<void>)[] = [];
const dirs: string[] = [];
/** The student whose login and tests must survive every move. */
let pupil: { email: string; password: string; id: number };
let assignmentId: number;
let fileId: number;

const sqliteEnv = () => ({ DATA_DIR: dataDir, DATABASE_URL: sqliteFile, LLM_PROVIDER: "builtin" });
const postgresEnv = (url: string, dir = dataDir) => ({ DATA_DIR: dir, DATABASE_URL: url, LLM_PROVIDER: "builtin", SCAN_WORKERS: "1" });

async function freshDatabase(): Promise<string> {
  const db = await createTestDatabase(adminUrl);
  dropLater.push(db.drop);
  return db.url;
}

function newDir(): string {
  const dir = tempDir("studyforge-pgops-");
  dirs.push(dir);
  return dir;
}

/** Every table's row count, by the database's own tables. */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  return Object.fromEntries(await countRows(db, await listTables(db)));
}

async function countsOf(open: () => Db): Promise<Record<string, number>> {
  const db = open();
  try {
    return await tableCounts(db);
  } finally {
    await db.destroy();
  }
}

/** A server on `url` and `dir`: the pupil logs in and sees the assignment and their result; a new account can be made. */
async function servesTheSchool(url: string, dir: string): Promise<void> {
  const server = await startTestServer({ DATABASE_URL: url }, { dataDir: dir });
  try {
    const c = client(server.url);
    expect((await c.post("/api/auth/login", { email: pupil.email, password: pupil.password })).status).toBe(200);
    const assignments: { id: number }[] = (await c.get("/api/assignments")).body;
    expect(assignments.map((a) => a.id)).toContain(assignmentId);
    expect((await c.get("/api/tests/results")).body).toEqual([expect.objectContaining({ correct: 1, total: 2, assignment_id: assignmentId })]);
    // New rows get new ids: the sequences were moved past the copied ones.
    const newcomer = await newStudent(server.url, "newcomer");
    expect(newcomer.id).toBeGreaterThan(pupil.id);
    const set = await newcomer.c.post("/api/study_sets", { name: "After the move", flashcards: [{ question: "Q?", answer: "A" }] });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
  } finally {
    await server.close();
  }
}

beforeAll(async () => {
  adminUrl = process.env[CLUSTER_URL_VAR] ?? (cluster = await startCluster()).adminUrl;
  dataDir = newDir();
  sqliteFile = path.join(dataDir, "studyforge.db");
  // A SQLite installation with a record of every feature, through the API and the services.
  const server = await startTestServer({ DATABASE_URL: sqliteFile }, { dataDir });
  try {
    const admin = await newStudent(server.url, "head");
    const teacher = await newTeacher(server, "teacher");
    const student = await newStudent(server.url, "pupil");
    pupil = student;
    const pdf = await textPdf(["Photosynthesis turns light into chemical energy in the chloroplasts of a leaf.", "Respiration releases that energy again."]);
    const up = await teacher.c.upload("/api/files/upload/scan/", pdf, "biology.pdf");
    expect(up.status, JSON.stringify(up.body)).toBeLessThan(300);
    fileId = up.body.file_id;
    const testId = await knownTest(server, teacher.id, [colourQuestion("The sky is?", "Blue"), colourQuestion("Grass is?", "Green")]);
    const cls = await newClass(teacher.c);
    expect((await teacher.c.post(`/api/classes/${cls.id}/materials`, { file_id: fileId })).status).toBe(201);
    expect((await student.c.post("/api/classes/join", { code: cls.join_code })).status).toBe(200);
    const assignment = await teacher.c.post(`/api/classes/${cls.id}/assignments`, { test_id: testId, due_at: inMinutes(server, 600) });
    expect(assignment.status).toBe(201);
    assignmentId = assignment.body.id;
    expect((await student.c.post("/api/tests/submit", { test_id: testId, answers: { "0": "Blue", "1": "Red" } })).status).toBe(201);
    expect((await student.c.post("/api/study_sets", { name: "Biology", flashcards: [{ question: "Where?", answer: "Chloroplasts" }] })).status).toBe(201);
    expect((await student.c.post("/api/goals", { kind: "tests_taken", target: 2 })).status).toBe(201);
    await notify(server.app, student.id, { kind: "cards_due", message: "You have 1 flashcard due today.", event_key: "pgops" });
    expect((await admin.c.post("/api/admin/announcements", { message: "Exams start at 9:00." })).status).toBe(201);
  } finally {
    await server.close();
  }
}, 120_000);

afterAll(async () => {
  for (const drop of dropLater) await drop().catch(() => undefined);
  cluster?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Each step runs several CLI subprocesses and servers: generous on a loaded 2-core machine.
describe("studyforge migrate-to-postgres", { timeout: 120_000 }, () => {
  let url: string;

  it("refuses while a server uses the SQLite installation, then copies every row and checks the counts", async () => {
    url = await freshDatabase();
    const busy = await startTestServer({ DATABASE_URL: sqliteFile }, { dataDir });
    try {
      const refused = await runCli(["migrate-to-postgres", "--to", url], sqliteEnv());
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/A StudyForge server is using .*: stop it before copying it to PostgreSQL/);
    } finally {
      await busy.close();
    }
    expect(await countsOf(() => openPostgres(url, 2))).toEqual({}); // nothing was made

    const res = await runCli(["migrate-to-postgres", "--to", url], sqliteEnv());
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/users\s+3\s+3/);
    expect(res.stdout).toMatch(/Every row was copied: \d+ rows in \d+ tables; full-text search covers [1-9]\d* passages\./);
    expect(res.stdout).toContain(`The stored PDFs and secret.key stay in ${dataDir}`);

    const source = await countsOf(() => openSqliteFile(sqliteFile));
    expect(await countsOf(() => openPostgres(url, 2))).toEqual(source);
    for (const table of ["users", "documents", "document_pages", "document_chunks", "study_materials", "tests", "results", "classes", "class_members", "class_materials", "assignments", "study_sets", "flashcards", "goals", "notifications", "announcements", "sessions", "audit_log"]) {
      expect(source[table], table).toBeGreaterThan(0);
    }
  });

  it("refuses a database that already holds data, and a URL that is not PostgreSQL", async () => {
    const again = await runCli(["migrate-to-postgres", "--to", url], sqliteEnv());
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty \(.*users.*\): migrate-to-postgres fills an empty database/);
    const wrong = await runCli(["migrate-to-postgres", "--to", "mysql://x@host/db"], sqliteEnv());
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--to must be a PostgreSQL URL/);
  });

  it("serves the school from PostgreSQL with the same DATA_DIR: logins, tests, search, new records", async () => {
    await servesTheSchool(url, dataDir);
    const server = await startTestServer({ DATABASE_URL: url }, { dataDir });
    try {
      const c = client(server.url);
      expect((await c.post("/api/auth/login", { email: pupil.email, password: pupil.password })).status).toBe(200);
      // The class's PDF: its stored file (same DATA_DIR) and its full-text index (PostgreSQL's tsvector).
      expect((await c.get(`/api/files/${fileId}/download`)).status).toBe(200);
      const found = await c.get(`/api/files/${fileId}/search?q=chloroplasts`);
      expect(found.status).toBe(200);
      expect(found.body.results.map((r: { page: number }) => r.page)).toEqual([1]);
    } finally {
      await server.close();
    }
  });

  describe("backup and restore on PostgreSQL", () => {
    it("backs up with pg_dump and restores into a fresh database: the same rows, new inserts work; a database with data needs --force", async () => {
      const archive = path.join(newDir(), "school.tar.gz");
      const backup = await runCli(["backup", "--out", archive], postgresEnv(url));
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/The database was written by pg_dump \d+/);

      const target = await freshDatabase();
      const dir = newDir();
      const restored = await runCli(["restore", archive], postgresEnv(target, dir));
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain("pg_restore's database holds the manifest's counts");
      expect(await countsOf(() => openPostgres(target, 2))).toEqual({ ...(await countsOf(() => openPostgres(url, 2))), audit_log: expect.any(Number) });
      await servesTheSchool(target, dir);

      // A server of another data directory on that database: its connections are seen.
      const elsewhere = await startTestServer({ DATABASE_URL: target }, { dataDir: newDir() });
      try {
        const busy = await runCli(["restore", archive, "--yes", "--force"], postgresEnv(target, dir));
        expect(busy.code).toBe(1);
        expect(busy.stderr).toMatch(/\d+ connection\(s\) of StudyForge servers or commands are open to postgres:\/\/.*: stop them before restoring/);
      } finally {
        await elsewhere.close();
      }
      const refused = await runCli(["restore", archive, "--yes"], postgresEnv(target, dir));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is not empty .*: pass --force to replace its contents/);
      const forced = await runCli(["restore", archive, "--yes", "--force"], postgresEnv(target, dir));
      expect(forced.code, forced.stderr).toBe(0);
    });

    it("a logical backup (a SQLite file) restores into PostgreSQL with its sequences reset, and into SQLite", async () => {
      const archive = path.join(newDir(), "logical.tar.gz");
      const backup = await runCli(["backup", "--logical", "--out", archive], postgresEnv(url));
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain("The database was written as a logical copy (a SQLite file)");

      const target = await freshDatabase();
      const dir = newDir();
      const restored = await runCli(["restore", archive], postgresEnv(target, dir));
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain("every table's rows were copied");
      await servesTheSchool(target, dir);

      const sqliteDir = newDir();
      const intoSqlite = await runCli(["restore", archive], { DATA_DIR: sqliteDir, LLM_PROVIDER: "builtin" });
      expect(intoSqlite.code, intoSqlite.stderr).toBe(0);
      expect((await countsOf(() => openSqliteFile(path.join(sqliteDir, "studyforge.db")))).users).toBeGreaterThanOrEqual(3);
    });

    it("with a pg_dump older than the server, backup writes the logical copy and says why; an older pg_restore is refused by name", async () => {
      const bin = newDir();
      for (const tool of ["pg_dump", "pg_restore"]) {
        writeFileSync(path.join(bin, tool), `#!/bin/sh\n[ "$1" = "--version" ] && echo "${tool} (PostgreSQL) 11.22" && exit 0\nexit 1\n`, { mode: 0o755 });
      }
      const archive = path.join(newDir(), "fallback.tar.gz");
      const backup = await runCli(["backup", "--out", archive], { ...postgresEnv(url), PG_BIN: bin });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/written as a logical copy \(a SQLite file\): pg_dump 11\.22 is older than the server \(PostgreSQL \d+\)/);

      const dumped = path.join(newDir(), "dumped.tar.gz");
      expect((await runCli(["backup", "--out", dumped], postgresEnv(url))).code).toBe(0);
      const target = await freshDatabase();
      const refused = await runCli(["restore", dumped], { ...postgresEnv(target, newDir()), PG_BIN: bin });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/This backup was written by pg_dump \d+\.\d+; pg_restore here is 11\.22: install postgresql-client-\d+ or newer/);
      expect(await countsOf(() => openPostgres(target, 2))).toEqual({});
    });
  });

  describe("studyforge doctor on PostgreSQL", () => {
    it("prints its PostgreSQL checks and exits 0", async () => {
      const res = await runCli(["doctor"], postgresEnv(url));
      expect(res.code, res.stdout).toBe(0);
      for (const line of [/✓ Database\s+postgres:\/\/.* answers \(PostgreSQL \d+/, /✓ Migrations\s+all applied/, /✓ Connection pool\s+up to 10 connection/, /✓ Full-text search\s+document_chunks.text_search/, /✓ Leases/, /✓ Backups\s+studyforge backup uses pg_dump/, /✓ Clock/]) {
        expect(res.stdout).toMatch(line);
      }
    });

    it("exits 1 with a clear line when the database is unreachable", async () => {
      const res = await runCli(["doctor"], postgresEnv(`postgres://postgres@127.0.0.1:${await unusedPort()}/gone`));
      expect(res.code).toBe(1);
      expect(res.stdout).toMatch(/✗ Database\s+postgres:\/\/postgres@127\.0\.0\.1:\d+\/gone could not be read \(connect ECONNREFUSED/);
      expect(res.stdout).toContain("check DATABASE_URL and that the PostgreSQL server is running");
    });
  });
});

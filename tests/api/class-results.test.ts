/**
 * GET /api/classes/{id}/results (and its CSV): the teacher of a class sees, per assignment, each
 * member's best and latest score, when they last submitted, and whether they were on time, late or
 * missed it, as the server's clock moves past the due times. Nobody else reads the gradebook.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { client, type Client } from "../helpers/http.ts";
import { colourQuestion, knownTest } from "../helpers/known-test.ts";
import { submitterCounts } from "../../src/practice/queries.ts";
import { insertEarlierAttempts } from "../helpers/bulk-attempts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { inMinutes, newClass, newTeacher } from "../helpers/teaching.ts";

let server: TestServer;
let admin: Awaited<ReturnType<typeof newStudent>>;
let teacher: Awaited<ReturnType<typeof newTeacher>>;
let cls: { id: number; join_code: string | null };
/** Members: Ana, Ben and a student whose username a spreadsheet would read as a formula. */
let ana: Awaited<ReturnType<typeof newStudent>>;
let ben: Awaited<ReturnType<typeof newStudent>>;
let cai: Awaited<ReturnType<typeof newStudent>>;
let first: { id: number; testId: number; due: string };
let second: { id: number; testId: number; due: string };

/** Two questions, keys Red and Blue: both right is 100%, one right 50%, none 0%. */
const QUESTIONS = [colourQuestion("Which colour is first?", "Red"), colourQuestion("Which colour is third?", "Blue")];
const ANSWERS = { 100: { 0: "Red", 1: "Blue" }, 50: { 0: "Red", 1: "Green" }, 0: { 0: "Green", 1: "Green" } } as const;

async function submit(c: Client, testId: number, score: keyof typeof ANSWERS) {
  const res = await c.post("/api/tests/submit", { test_id: testId, answers: ANSWERS[score] });
  expect(res.status).toBe(201);
}

async function assign(name: string, dueInMinutes: number, attempts: number) {
  const testId = await knownTest(server, teacher.id, QUESTIONS, name);
  const due = inMinutes(server, dueInMinutes);
  const res = await teacher.c.post(`/api/classes/${cls.id}/assignments`, { test_id: testId, due_at: due, attempts_allowed: attempts });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, testId, due };
}

const results = async (c: Client = teacher.c) => (await c.get(`/api/classes/${cls.id}/results`)).body;
/** One member's row of one assignment (whose table the JSON carries when asked for by ?assignment=). */
async function row(assignmentId: number, userId: number, classId = cls.id) {
  const body = (await teacher.c.get(`/api/classes/${classId}/results?assignment=${assignmentId}`)).body as { assignments: { id: number; results?: { user_id: number }[] }[] };
  return body.assignments.find((a) => a.id === assignmentId)!.results!.find((r) => r.user_id === userId);
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
  admin = await newStudent(server.url, "admin"); // the first account is the administrator
  teacher = await newTeacher(server);
  cls = await newClass(teacher.c, "Biology, 9th \"B\"");
  ana = await newStudent(server.url, "ana");
  ben = await newStudent(server.url, "ben");
  cai = await newStudent(server.url, "-A1-B1");
  for (const s of [ana, ben, cai]) expect((await s.c.post("/api/classes/join", { code: cls.join_code })).status).toBe(200);
  first = await assign("Cells (Easy)", 60, 3);
  second = await assign('=HYPERLINK("http://evil.example","Click")', 180, 1);

  // Before the first due time: Ana twice (100%, then 50%); Ben not yet.
  await submit(ana.c, first.testId, 100);
  await submit(ana.c, first.testId, 50);
  server.clock.advance(90 * 60_000);
  // After it: Ben takes the first assignment late; Ana takes the second in time.
  await submit(ben.c, first.testId, 0);
  await submit(ben.c, first.testId, 50);
  await submit(ana.c, second.testId, 100);
});
afterAll(() => server.close());

describe("the class's results", () => {
  it("lists every member's best and latest score, time and state per assignment, oldest assignment first", async () => {
    const body = await results();
    expect(body).toMatchObject({ class_id: cls.id, class_name: 'Biology, 9th "B"' });
    expect(body.members.map((m: { user_id: number }) => m.user_id)).toEqual([ana.id, ben.id, cai.id]);
    expect(body.assignments.map((a: { id: number }) => a.id)).toEqual([first.id, second.id]);
    expect(await row(first.id, ana.id)).toMatchObject({ state: "submitted", attempts_used: 2, best_score: 100, latest_score: 50 });
    expect(await row(first.id, ben.id)).toMatchObject({ state: "late", attempts_used: 2, best_score: 50, latest_score: 50 });
    expect(await row(first.id, cai.id)).toEqual({ user_id: cai.id, state: "missed", attempts_used: 0, late_attempts: 0, best_score: null, latest_score: null, latest_result_id: null, submitted_at: null });
    expect(await row(second.id, ana.id)).toMatchObject({ state: "submitted", best_score: 100 });
    expect(await row(second.id, ben.id)).toMatchObject({ state: "to_do", best_score: null });
  });

  it("carries one assignment's table of members: the newest unless another is asked for", async () => {
    const newest = await results();
    expect(newest.assignments.map((a: { results?: unknown[] }) => a.results?.length)).toEqual([undefined, 3]);
    const asked = (await teacher.c.get(`/api/classes/${cls.id}/results?assignment=${first.id}`)).body;
    expect(asked.assignments.map((a: { results?: unknown[] }) => a.results?.length)).toEqual([3, undefined]);
    // Every assignment's counts come either way.
    expect(asked.assignments.map((a: { counts: unknown }) => a.counts)).toEqual(newest.assignments.map((a: { counts: unknown }) => a.counts));
    const unknown = await teacher.c.get(`/api/classes/${cls.id}/results?assignment=999999`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Assignment not found in this class.");
  });

  it("gives the time of each member's latest attempt, on the server's clock", async () => {
    const ben1 = (await row(first.id, ben.id)) as unknown as { submitted_at: string };
    expect(ben1.submitted_at > first.due).toBe(true);
    const ana1 = (await row(first.id, ana.id)) as unknown as { submitted_at: string };
    expect(ana1.submitted_at < first.due).toBe(true);
  });

  it("counts each state and averages the best scores of those who submitted", async () => {
    const [a1, a2] = (await results()).assignments;
    expect(a1).toMatchObject({ test_name: "Cells (Easy)", counts: { submitted: 1, late: 1, missed: 1, to_do: 0 }, average_best: 75 });
    expect(a2).toMatchObject({ counts: { submitted: 1, late: 0, missed: 0, to_do: 2 }, average_best: 100 });
  });

  it("turns those who have not submitted into missing once the due time passes", async () => {
    server.clock.advance(120 * 60_000);
    expect(await row(second.id, ben.id)).toMatchObject({ state: "missed" });
    expect(await row(second.id, ana.id)).toMatchObject({ state: "submitted" });
  });
});

describe("a class with a long history", () => {
  it("still shows a member's newest submission after more earlier attempts than any read cap", async () => {
    const big = await newClass(teacher.c, "Big lecture");
    const [dan, eve] = [await newStudent(server.url, "dan"), await newStudent(server.url, "eve")];
    for (const s of [dan, eve]) expect((await s.c.post("/api/classes/join", { code: big.join_code })).status).toBe(200);
    const testId = await knownTest(server, teacher.id, QUESTIONS, "Long history");
    const made = await teacher.c.post(`/api/classes/${big.id}/assignments`, { test_id: testId, due_at: inMinutes(server, 60), attempts_allowed: 10 });
    expect(made.status).toBe(201);
    const assignmentId = made.body.id as number;
    // 20,001 earlier attempts by Dan (more than the 20,000 rows the gradebook used to read, oldest first), then Eve submits.
    await insertEarlierAttempts(server, { userId: dan.id, testId, assignmentId, score: 50 }, 20_001, new Date(server.app.clock.now().getTime() - 30 * 86_400_000));
    await submit(eve.c, testId, 50);

    expect(await row(assignmentId, eve.id, big.id)).toMatchObject({ state: "submitted", attempts_used: 1, best_score: 50, latest_score: 50 });
    expect(await row(assignmentId, dan.id, big.id)).toMatchObject({ state: "submitted", attempts_used: 20_001, best_score: 50, latest_score: 50 });
    const text = await (await teacher.c.raw("GET", `/api/classes/${big.id}/results.csv`)).text();
    const students = new Map((parseCsv(text, { bom: true }) as string[][]).slice(1).map((r) => [r[0], r]));
    expect(students.get(eve.username)!.slice(2, 5)).toEqual(["50", "50", "Submitted"]);
    // What a teacher's list of assignments counts as submitted: both, however many attempts Dan made.
    expect((await submitterCounts(server.app.db, [assignmentId])).get(assignmentId)).toBe(2);

    // After the due time Eve does better, late: counted apart, it does not raise her on-time grade.
    server.clock.advance(90 * 60_000);
    await submit(eve.c, testId, 100);
    expect(await row(assignmentId, eve.id, big.id)).toMatchObject({ state: "submitted", attempts_used: 2, late_attempts: 1, best_score: 50, latest_score: 50 });
  });
});

describe("the grades as CSV", () => {
  async function csv(path: string) {
    const res = await teacher.c.raw("GET", path);
    // Kept whole, byte order mark included (a plain decode drops it).
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    return { res, text, rows: parseCsv(text, { bom: true }) as string[][] };
  }

  it("downloads as a named CSV file, at results.csv and with ?format=csv alike", async () => {
    const a = await csv(`/api/classes/${cls.id}/results.csv`);
    expect(a.res.status).toBe(200);
    expect(a.res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // Named for the class; a quote cannot be part of a file name on every system.
    expect(a.res.headers.get("content-disposition")).toBe('attachment; filename="Biology, 9th -B- - grades.csv"');
    const b = await csv(`/api/classes/${cls.id}/results?format=csv`);
    expect(b.text).toBe(a.text);
  });

  it("reads back with a CSV parser: a row per student, four columns per assignment", async () => {
    const { rows, text } = await csv(`/api/classes/${cls.id}/results.csv`);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.includes("\r\n")).toBe(true);
    const [header, ...students] = rows;
    expect(header!.slice(0, 6)).toEqual(["Student", "E-mail", "Cells (Easy): best %", "Cells (Easy): latest %", "Cells (Easy): status", "Cells (Easy): submitted (UTC)"]);
    expect(header).toHaveLength(2 + 2 * 4);
    expect(students).toHaveLength(3);
    const byName = new Map(students.map((r) => [r[0], r]));
    expect(byName.get(ana.username)!.slice(1, 5)).toEqual([ana.email, "100", "50", "Submitted"]);
    expect(byName.get(ben.username)!.slice(2, 5)).toEqual(["50", "50", "Late"]);
    expect(byName.get(ana.username)![5]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byName.get(`'${cai.username}`)!.slice(2, 6)).toEqual(["", "", "Missing", ""]);
  });

  it("keeps a spreadsheet from running cells that start with = + - or @ as formulas", async () => {
    const { rows } = await csv(`/api/classes/${cls.id}/results.csv`);
    const cells = rows.flat();
    expect(cai.username.startsWith("-")).toBe(true);
    expect(cells).toContain(`'${cai.username}`);
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","Click"): best %`);
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
  });
});

describe("who may read the results", () => {
  it("lets an administrator read a teacher's class", async () => {
    expect((await admin.c.get(`/api/classes/${cls.id}/results`)).status).toBe(200);
  });

  it("refuses members (403), other teachers and students (404) and anonymous callers (401), the CSV too", async () => {
    const other = await newTeacher(server, "other");
    const stranger = await newStudent(server.url, "stranger");
    for (const path of [`/api/classes/${cls.id}/results`, `/api/classes/${cls.id}/results.csv`]) {
      expect((await ana.c.get(path)).status).toBe(403);
      expect((await other.c.get(path)).status).toBe(404);
      expect((await stranger.c.get(path)).status).toBe(404);
      expect((await client(server.url).get(path)).status).toBe(401);
    }
  });

  it("answers 403 for a student's own organiser class, which has no members or assignments", async () => {
    const own = await newClass(ana.c, "My revision");
    const res = await ana.c.get(`/api/classes/${own.id}/results`);
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/teacher/);
  });

  it("refuses an unknown format with a clear message", async () => {
    const res = await teacher.c.get(`/api/classes/${cls.id}/results?format=xlsx`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe("format must be json or csv.");
  });
});

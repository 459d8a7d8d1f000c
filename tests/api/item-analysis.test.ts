/**
 * GET /api/tests/{id}/item-analysis: the test's owner sees, per question, facility, discrimination and
 * option counts from attempts submitted through the API; anyone else gets 404, anonymous callers 401.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { client, type Client } from "../helpers/http.ts";
import { colourQuestion as mc, knownTest as storeTest } from "../helpers/known-test.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { newClass, newTeacher } from "../helpers/teaching.ts";

let server: TestServer;
let owner: { c: Client; id: number };

/** Four questions, keys Red, Green, Blue and Yellow. */
const QUESTIONS = [mc("Which colour is first?", "Red"), mc("Which colour is second?", "Green"), mc("Which colour is third?", "Blue"), mc("Which colour is fourth?", "Yellow")];
const knownTest = (userId: number) => storeTest(server, userId, QUESTIONS);

/** Submits answers given as a row of choices (null: unanswered). */
async function take(c: Client, testId: number, row: (string | null)[]) {
  const res = await c.post("/api/tests/submit", { test_id: testId, answers: Object.fromEntries(row.map((a, i) => [String(i), a])) });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
  await newStudent(server.url, "admin"); // the first account is the administrator
  owner = await newStudent(server.url, "owner");
});
afterAll(() => server.close());

describe("item analysis of the owner's own attempts", () => {
  let testId: number;

  beforeAll(async () => {
    testId = await knownTest(owner.id);
    await take(owner.c, testId, ["Red", "Blue", null, "Yellow"]); // first: 2 of 4
    await take(owner.c, testId, ["Red", "Green", "Blue", "Yellow"]); // 4 of 4
    await take(owner.c, testId, ["Green", "Green", "Blue", "Red"]); // latest: 2 of 4
  });

  it("counts each person's first attempt by default, and says it is the owner's and not yet reliable", async () => {
    const res = await owner.c.get(`/api/tests/${testId}/item-analysis`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      test_id: testId,
      name: "Colours (Easy)",
      attempts: "first",
      counted: { attempts: 1, people: 1, owner_only: true, left_out_changed: 0, truncated: false },
      reliable: false,
      min_reliable_attempts: 5,
      mean_score: 50,
      discrimination_index: "point_biserial_corrected",
    });
    expect(res.body.questions.map((q: { facility: number }) => q.facility)).toEqual([1, 0, 0, 1]);
    expect(res.body.questions[2]).toMatchObject({ unanswered: 1, point_biserial: null, upper_lower: null });
  });

  it("counts all attempts or each person's latest when asked", async () => {
    const all = (await owner.c.get(`/api/tests/${testId}/item-analysis?attempts=all`)).body;
    expect(all.counted).toMatchObject({ attempts: 3, people: 1 });
    expect(all.questions.map((q: { facility: number }) => q.facility)).toEqual([0.667, 0.667, 0.667, 0.667]);
    expect(all.questions[1].options.map((o: { option: string; count: number; correct: boolean }) => [o.option, o.count, o.correct])).toEqual([
      ["Red", 0, false],
      ["Green", 2, true],
      ["Blue", 1, false],
      ["Yellow", 0, false],
    ]);
    const latest = (await owner.c.get(`/api/tests/${testId}/item-analysis?attempts=latest`)).body;
    expect(latest.questions.map((q: { facility: number }) => q.facility)).toEqual([0, 1, 1, 0]);
  });

  it("refuses an unknown choice of attempts with a clear message", async () => {
    const res = await owner.c.get(`/api/tests/${testId}/item-analysis?attempts=best`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe("attempts must be first, latest or all.");
  });

  it("keeps the analysis from another student (404) and from anonymous callers (401)", async () => {
    const other = await newStudent(server.url, "other");
    expect((await other.c.get(`/api/tests/${testId}/item-analysis`)).status).toBe(404);
    expect((await client(server.url).get(`/api/tests/${testId}/item-analysis`)).status).toBe(401);
    expect((await owner.c.get(`/api/tests/999999/item-analysis`)).status).toBe(404);
  });

  it("shows no figures for a test nobody has taken", async () => {
    const untaken = await knownTest(owner.id);
    const res = await owner.c.get(`/api/tests/${untaken}/item-analysis`);
    expect(res.body).toMatchObject({ counted: { attempts: 0, people: 0, owner_only: false }, reliable: false, mean_score: null });
    expect(res.body.questions[0]).toMatchObject({ attempts: 0, facility: null, point_biserial: null, flags: [] });
  });
});

describe("item analysis of a class's attempts on an assigned test", () => {
  const KEYS = ["Red", "Green", "Blue", "Yellow"];
  /** The wrong answer each question gets when it is missed. */
  const WRONG = ["Green", "Red", "Red", "Red"];
  /**
   * Six students, right (1) or wrong (0) on the four questions; totals 3, 3, 2, 2, 1, 1, so the top
   * 27% (round(6 × 0.27) = 2) are S1 and S2 and the bottom 27% S5 and S6, with no tie across a boundary.
   */
  const MATRIX = [
    [1, 1, 1, 0],
    [1, 1, 1, 0],
    [1, 0, 1, 0],
    [1, 1, 0, 0],
    [0, 0, 0, 1],
    [0, 0, 0, 1],
  ];
  /**
   * By hand, r = (M1 − M0) / s × √(p·q) over the rest scores (total minus the item):
   * Q1: rest of those right 2,2,1,1 (M1 1.5), wrong 1,1 (M0 1); rest variance 2 − (4/3)² = 2/9; p = 2/3.
   * Q2: right 2,2,1 (M1 5/3), wrong 2,1,1 (M0 4/3); variance 2.5 − 1.5² = 0.25; p = 1/2. Q3 likewise.
   * Q4: right 0,0 (M1 0), wrong 3,3,2,2 (M0 2.5); variance 13/3 − (5/3)² = 14/9; p = 1/3.
   * Upper − lower: Q1–Q3 are right for S1 and S2 and wrong for S5 and S6 (1 − 0); Q4 the reverse (0 − 1).
   */
  const pb = (m1: number, m0: number, variance: number, p: number) => ((m1 - m0) / Math.sqrt(variance)) * Math.sqrt(p * (1 - p));
  const EXPECTED = [
    { facility: 4 / 6, r: pb(1.5, 1, 2 / 9, 2 / 3), ul: 1 },
    { facility: 3 / 6, r: pb(5 / 3, 4 / 3, 0.25, 0.5), ul: 1 },
    { facility: 3 / 6, r: pb(5 / 3, 4 / 3, 0.25, 0.5), ul: 1 },
    { facility: 2 / 6, r: pb(0, 2.5, 14 / 9, 1 / 3), ul: -1 },
  ];
  let teacher: Awaited<ReturnType<typeof newTeacher>>;
  let testId: number;
  let students: Awaited<ReturnType<typeof newStudent>>[];
  let classId: number;
  let otherClassId: number;

  beforeAll(async () => {
    teacher = await newTeacher(server);
    const cls = await newClass(teacher.c, "Colours");
    classId = cls.id;
    testId = await storeTest(server, teacher.id, QUESTIONS);
    expect((await teacher.c.post(`/api/classes/${cls.id}/assignments`, { test_id: testId, attempts_allowed: 2 })).status).toBe(201);
    students = [];
    for (let i = 0; i < MATRIX.length; i++) {
      const s = await newStudent(server.url, `s${i + 1}_`);
      expect((await s.c.post("/api/classes/join", { code: cls.join_code })).status).toBe(200);
      students.push(s);
    }
    // The teacher's own look at the test is not a student's attempt: it is left out.
    await take(teacher.c, testId, ["Yellow", "Yellow", "Yellow", "Yellow"]);
    for (const [i, row] of MATRIX.entries()) await take(students[i]!.c, testId, row.map((right, j) => (right ? KEYS[j]! : WRONG[j]!)));
    // S6 tries again and gets everything right: only "latest" and "all" see it.
    await take(students[5]!.c, testId, KEYS);
    // The same test in another class of the teacher's, where one student gets everything wrong.
    const other = await newClass(teacher.c, "Colours, second group");
    otherClassId = other.id;
    expect((await teacher.c.post(`/api/classes/${other.id}/assignments`, { test_id: testId })).status).toBe(201);
    const s7 = await newStudent(server.url, "s7_");
    expect((await s7.c.post("/api/classes/join", { code: other.join_code })).status).toBe(200);
    await take(s7.c, testId, WRONG);
  });

  it("gives each question the facility, discrimination and 27% index worked out by hand", async () => {
    const res = await teacher.c.get(`/api/tests/${testId}/item-analysis?class_id=${classId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ attempts: "first", class: { id: classId, name: "Colours" }, counted: { attempts: 6, people: 6, owner_only: false }, reliable: true, mean_score: 50 });
    for (const [j, expected] of EXPECTED.entries()) {
      const q = res.body.questions[j];
      expect(q.attempts).toBe(6);
      expect(q.facility).toBeCloseTo(expected.facility, 3);
      expect(q.point_biserial).toBeCloseTo(expected.r, 3);
      expect(q.upper_lower).toBeCloseTo(expected.ul, 3);
    }
    expect(EXPECTED[3]!.r).toBeCloseTo(-0.945, 3);
  });

  it("counts how often each option was chosen, the key marked", async () => {
    const [q1] = (await teacher.c.get(`/api/tests/${testId}/item-analysis?class_id=${classId}`)).body.questions;
    expect(q1.options.map((o: { option: string; count: number; correct: boolean }) => [o.option, o.count, o.correct])).toEqual([
      ["Red", 4, true],
      ["Green", 2, false],
      ["Blue", 0, false],
      ["Yellow", 0, false],
    ]);
  });

  it("flags the question the weaker students get right (negative discrimination), and only that one", async () => {
    const { questions } = (await teacher.c.get(`/api/tests/${testId}/item-analysis?class_id=${classId}`)).body;
    expect(questions.map((q: { flags: { code: string }[] }) => q.flags.map((f) => f.code))).toEqual([[], [], [], ["negative_discrimination"]]);
  });

  it("counts each student's latest attempt, or every attempt, when asked", async () => {
    const latest = (await teacher.c.get(`/api/tests/${testId}/item-analysis?attempts=latest&class_id=${classId}`)).body;
    expect(latest.counted).toMatchObject({ attempts: 6, people: 6 });
    expect(latest.questions[0].facility).toBeCloseTo(5 / 6, 3);
    const all = (await teacher.c.get(`/api/tests/${testId}/item-analysis?attempts=all&class_id=${classId}`)).body;
    expect(all.counted).toMatchObject({ attempts: 7, people: 6 });
  });

  it("counts every class the test is assigned to unless one class is asked for", async () => {
    const everyone = (await teacher.c.get(`/api/tests/${testId}/item-analysis`)).body;
    expect(everyone).toMatchObject({ class: null, counted: { attempts: 7, people: 7, owner_only: false } });
    expect(everyone.questions[0].facility).toBeCloseTo(4 / 7, 3);
    const second = (await teacher.c.get(`/api/tests/${testId}/item-analysis?class_id=${otherClassId}`)).body;
    expect(second).toMatchObject({ class: { id: otherClassId }, counted: { attempts: 1, people: 1 }, reliable: false });
    expect(second.questions.map((q: { facility: number }) => q.facility)).toEqual([0, 0, 0, 0]);
  });

  it("keeps the analysis from the class's students, and a class from a teacher who does not teach it", async () => {
    expect((await students[0]!.c.get(`/api/tests/${testId}/item-analysis`)).status).toBe(404);
    const otherTeacher = await newTeacher(server, "other");
    const ownTest = await storeTest(server, otherTeacher.id, QUESTIONS);
    expect((await otherTeacher.c.get(`/api/tests/${ownTest}/item-analysis?class_id=${classId}`)).status).toBe(404);
    const bad = await teacher.c.get(`/api/tests/${testId}/item-analysis?class_id=abc`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "class_id"]);
  });
});

/**
 * Assignments: a teacher gives one of their tests to a class (window, attempts, when answers show);
 * members are notified, list it with its state (to do, submitted, late, missed), take it without
 * seeing the answers, within its window and attempts (also when submissions race), and review it as
 * the assignment says. Nobody outside the class can take it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import type { Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { inMinutes, newClass, newTeacher, newTest } from "../helpers/teaching.ts";

let server: TestServer;
let admin: Awaited<ReturnType<typeof newStudent>>;
/** One teacher with a class of two members, and a test file to make tests from. */
let teacher: Awaited<ReturnType<typeof newTeacher>>;
let cls: { id: number; join_code: string | null };
let ana: Awaited<ReturnType<typeof newStudent>>;
let ben: Awaited<ReturnType<typeof newStudent>>;
let fileId: number;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
  admin = await newStudent(server.url, "admin");
  teacher = await newTeacher(server);
  cls = await newClass(teacher.c, "Statistics");
  [ana, ben] = [await newStudent(server.url, "ana"), await newStudent(server.url, "ben")];
  for (const s of [ana, ben]) expect((await s.c.post("/api/classes/join", { code: cls.join_code })).status).toBe(200);
  fileId = (await newTest(teacher.c)).fileId;
});
afterAll(() => server.close());

const assign = (c: Client, body: Record<string, unknown>, classId = cls.id) => c.post(`/api/classes/${classId}/assignments`, body);

/** A new test of the teacher's, assigned to the class with these settings. */
async function assigned(settings: Record<string, unknown> = {}) {
  const { testId } = await newTest(teacher.c, fileId);
  const res = await assign(teacher.c, { test_id: testId, ...settings });
  expect(res.status).toBe(201);
  return { testId, assignment: res.body };
}

const submit = (c: Client, testId: number, answers: Record<string, string> = { "0": "x" }) => c.post("/api/tests/submit", { test_id: testId, answers });
const mine = async (c: Client, id: number) => (await c.get("/api/assignments")).body.find((a: { id: number }) => a.id === id);

describe("assigning a test", () => {
  it("answers 201 with the assignment, and notifies each member once", async () => {
    const due = inMinutes(server, 60 * 24);
    const { testId, assignment } = await assigned({ due_at: due, attempts_allowed: 2, show_answers_after: "due" });
    expect(assignment).toMatchObject({ class_id: cls.id, class_name: "Statistics", test_id: testId, due_at: due, opens_at: null, attempts_allowed: 2, show_answers_after: "due", open: true, submitted_count: 0, member_count: 2 });
    expect(assignment.question_count).toBeGreaterThan(0);
    for (const s of [ana, ben]) {
      const notes = (await s.c.get("/api/notifications")).body.items.filter((n: { kind: string }) => n.kind === "assignment_new");
      expect(notes.some((n: { message: string; link: string }) => n.link === `/classes/${cls.id}` && n.message.startsWith("New assignment in Statistics:") && n.message.includes(due.slice(0, 10)))).toBe(true);
    }
    expect((await teacher.c.get(`/api/classes/${cls.id}/assignments`)).body.map((a: { id: number }) => a.id)).toContain(assignment.id);
    const listed = await mine(ana.c, assignment.id);
    expect(listed).toMatchObject({ state: "to_do", attempts_used: 0, best_score: null, due_at: due });
    // A member's view of the class's list carries their own state, not the class's counts.
    const inClass = (await ana.c.get(`/api/classes/${cls.id}/assignments`)).body.find((a: { id: number }) => a.id === assignment.id);
    expect(inClass).toMatchObject({ state: "to_do", attempts_used: 0 });
    expect(inClass).not.toHaveProperty("submitted_count");
  });

  it.each([
    ["a due date before the opening", { opens_at: "2099-01-02T00:00:00Z", due_at: "2099-01-01T00:00:00Z" }, "The due date must be after the opening date."],
    ["no attempts", { attempts_allowed: 0 }, "attempts_allowed must be from 1 to 20."],
    ["too many attempts", { attempts_allowed: 21 }, "attempts_allowed must be from 1 to 20."],
    ["a date without its zone", { due_at: "2099-01-01T10:00" }, "due_at must be a date and time with its time zone (ISO 8601, e.g. 2026-11-25T17:00:00Z)."],
    ["answers after a due date that is not set", { show_answers_after: "due" }, "Showing the answers after the due date needs a due date."],
    ["an unknown answers rule", { show_answers_after: "tomorrow" }, "show_answers_after must be submission, due or never."],
    ["a due date already past", { due_at: "2020-01-01T00:00:00Z" }, "The due date has already passed."],
  ])("refuses %s with 422 and says why", async (_what, settings, message) => {
    const { testId } = await newTest(teacher.c, fileId, 1);
    const res = await assign(teacher.c, { test_id: testId, ...settings });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe(message);
  });

  it("refuses a test that is not the teacher's (404) and the same test twice (409)", async () => {
    const { testId: anasTest } = await newTest(ana.c, undefined, 1);
    expect((await assign(teacher.c, { test_id: anasTest })).status).toBe(404);
    const { testId } = await assigned();
    const twice = await assign(teacher.c, { test_id: testId });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe("This test is already assigned to this class.");
  });

  it("is for the class's teacher and administrators: members 403, other teachers and outsiders 404", async () => {
    const { testId } = await newTest(teacher.c, fileId, 1);
    const other = await newTeacher(server, "other");
    const outsider = await newStudent(server.url);
    expect((await assign(ana.c, { test_id: testId })).status).toBe(403);
    for (const c of [other.c, outsider.c]) {
      expect((await assign(c, { test_id: testId })).status).toBe(404);
      expect((await c.get(`/api/classes/${cls.id}/assignments`)).status).toBe(404);
    }
    const byAdmin = await assign(admin.c, { test_id: testId });
    expect(byAdmin.status).toBe(201);
    expect((await ana.c.delete(`/api/classes/${cls.id}/assignments/${byAdmin.body.id}`)).status).toBe(403);
    expect((await other.c.delete(`/api/classes/${cls.id}/assignments/${byAdmin.body.id}`)).status).toBe(404);
    // A student's own organiser class has no assignments.
    const own = await newClass(outsider.c, "Mine");
    const { testId: ownTest } = await newTest(outsider.c, undefined, 1);
    expect((await assign(outsider.c, { test_id: ownTest }, own.id)).status).toBe(403);
    expect((await outsider.c.get(`/api/classes/${own.id}/assignments`)).body).toEqual([]);
    expect((await teacher.c.delete(`/api/classes/${cls.id}/assignments/${byAdmin.body.id}`)).status).toBe(204);
    expect((await teacher.c.delete(`/api/classes/${cls.id}/assignments/${byAdmin.body.id}`)).status).toBe(404);
  });
});

describe("taking an assigned test", () => {
  it("shows members the questions without answers, never the answer key, and nobody else anything", async () => {
    const { testId } = await assigned();
    const take = await ana.c.get(`/api/tests/${testId}?mode=take`);
    expect(take.status).toBe(200);
    for (const q of take.body.test_metadata.questions) {
      expect(q).not.toHaveProperty("answer");
      expect(q).not.toHaveProperty("explanation");
    }
    expect((await ana.c.get(`/api/tests/${testId}`)).status).toBe(403);
    expect((await ana.c.post(`/api/tests/${testId}/regenerate`, { async: true })).status).toBe(403);
    const outsider = await newStudent(server.url);
    expect((await outsider.c.get(`/api/tests/${testId}?mode=take`)).status).toBe(404);
    expect((await submit(outsider.c, testId)).status).toBe(404);
  });

  it("is closed before its opening time (403 with the time), open after", async () => {
    const opens = inMinutes(server, 120);
    const { testId, assignment } = await assigned({ opens_at: opens });
    expect(assignment.open).toBe(false);
    const early = await ana.c.get(`/api/tests/${testId}?mode=take`);
    expect(early.status).toBe(403);
    expect(early.body.detail).toBe(`This test is not open yet: it opens at ${opens.slice(0, 10)} ${opens.slice(11, 16)} UTC.`);
    expect((await submit(ana.c, testId)).status).toBe(403);
    server.clock.advance(121 * 60_000);
    expect((await ana.c.get(`/api/tests/${testId}?mode=take`)).status).toBe(200);
    expect((await submit(ana.c, testId)).status).toBe(201);
  });

  it("records the assignment of each attempt and refuses attempts beyond the limit with 409", async () => {
    const { testId, assignment } = await assigned({ attempts_allowed: 2 });
    const first = await submit(ana.c, testId);
    expect(first.status).toBe(201);
    expect(first.body.assignment_id).toBe(assignment.id);
    expect((await submit(ana.c, testId)).status).toBe(201);
    const third = await submit(ana.c, testId);
    expect(third.status).toBe(409);
    expect(third.body.detail).toBe("You have used all 2 attempts at this assignment.");
    // Ben's attempts are his own; the teacher practises on their own test freely.
    expect((await submit(ben.c, testId)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await submit(teacher.c, testId)).status).toBe(201);
    expect(await mine(ana.c, assignment.id)).toMatchObject({ attempts_used: 2, state: "submitted" });
    const taught = (await teacher.c.get(`/api/classes/${cls.id}/assignments`)).body.find((a: { id: number }) => a.id === assignment.id);
    expect(taught.submitted_count).toBe(2);
  });

  it("lets exactly the allowed number through when submissions arrive at once", async () => {
    const { testId, assignment } = await assigned({ attempts_allowed: 2 });
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => submit(ben.c, testId)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await mine(ben.c, assignment.id)).toMatchObject({ attempts_used: 2 });
  });
});

describe("due dates", () => {
  it("marks an attempt after the due time late, no attempt by then missed, and one in time submitted", async () => {
    const due = inMinutes(server, 30);
    const { testId, assignment } = await assigned({ due_at: due, attempts_allowed: 3 });
    expect((await submit(ana.c, testId)).status).toBe(201);
    server.clock.advance(31 * 60_000);
    expect(await mine(ben.c, assignment.id)).toMatchObject({ state: "missed", attempts_used: 0 });
    expect((await submit(ben.c, testId)).status).toBe(201);
    expect(await mine(ben.c, assignment.id)).toMatchObject({ state: "late", attempts_used: 1 });
    // A later attempt does not undo Ana's on-time one.
    expect((await submit(ana.c, testId)).status).toBe(201);
    expect(await mine(ana.c, assignment.id)).toMatchObject({ state: "submitted", attempts_used: 2 });
  });

  it("refuses attempts once the answers are shown after the due time (409), and counts a late attempt apart from the on-time ones", async () => {
    const due = inMinutes(server, 20);
    const { testId, assignment } = await assigned({ due_at: due, attempts_allowed: 3, show_answers_after: "due" });
    const questions = (await teacher.c.get(`/api/tests/${testId}`)).body.test_metadata.questions as { answer: string }[];
    expect((await submit(ana.c, testId, { "0": "surely wrong" })).status).toBe(201);
    server.clock.advance(21 * 60_000);
    const copied = await submit(ana.c, testId, Object.fromEntries(questions.map((q, i) => [String(i), q.answer])));
    expect(copied.status).toBe(409);
    expect(copied.body.detail).toBe(`The answers of this assignment have been shown since its due time, ${due.slice(0, 10)} ${due.slice(11, 16)} UTC, so it can no longer be attempted. Generate your own practice test to keep practising.`);
    expect((await submit(ben.c, testId)).status).toBe(409);
    expect(await mine(ana.c, assignment.id)).toMatchObject({ state: "submitted", attempts_used: 1, late_attempts: 0, answers_shown: true });
  });

  it("never lets a late attempt raise an on-time grade: best and latest count attempts made by the due time", async () => {
    const due = inMinutes(server, 20);
    const { testId, assignment } = await assigned({ due_at: due, attempts_allowed: 3, show_answers_after: "submission" });
    const first = await submit(ben.c, testId, {});
    expect(first.body.score).toBe(0);
    server.clock.advance(21 * 60_000);
    // The answers were shown after the first attempt: a late one copies them.
    const answers = Object.fromEntries(first.body.review.map((r: { index: number; answer: string }) => [String(r.index), r.answer]));
    const late = await submit(ben.c, testId, answers);
    expect(late.body.score).toBe(100);
    expect(await mine(ben.c, assignment.id)).toMatchObject({ state: "submitted", attempts_used: 2, late_attempts: 1, best_score: 0, latest_result_id: first.body.result_id, answers_shown: false });
  });

  it("lists what is still to do first, soonest due first", async () => {
    const later = (await assigned({ due_at: inMinutes(server, 600) })).assignment;
    const sooner = (await assigned({ due_at: inMinutes(server, 300) })).assignment;
    const list: { id: number; state: string }[] = (await ben.c.get("/api/assignments")).body;
    const todo = list.filter((a) => a.state === "to_do").map((a) => a.id);
    expect(todo.indexOf(sooner.id)).toBeLessThan(todo.indexOf(later.id));
    // Everything to do comes before everything else.
    const toDoFirst = list.map((a) => a.state === "to_do");
    expect(toDoFirst).toEqual([...toDoFirst].sort((a, b) => Number(b) - Number(a)));
    // The dashboard shows the first few, what is to do first, and how many are to do in all.
    const dashboard = (await ben.c.get("/api/dashboard")).body;
    expect(dashboard.assignments.map((a: { id: number }) => a.id)).toEqual(list.slice(0, 5).map((a) => a.id));
    expect(dashboard.assignments_to_do).toBe(todo.length);
    expect(dashboard).toHaveProperty("recent_tests");
  });
});

describe("the review of an assigned attempt", () => {
  it("shows the answers after submission when the assignment says so", async () => {
    const { testId } = await assigned({ show_answers_after: "submission" });
    const res = await submit(ana.c, testId);
    expect(res.body.answers_hidden).toBeNull();
    expect(res.body.review.every((r: { answer: string | null }) => typeof r.answer === "string")).toBe(true);
  });

  it("withholds the answers until the due time, by the server's clock", async () => {
    const due = inMinutes(server, 45);
    const { testId } = await assigned({ due_at: due, show_answers_after: "due" });
    const res = await submit(ana.c, testId, { "0": "surely wrong" });
    expect(res.status).toBe(201);
    expect(res.body.answers_hidden).toBe(`The answers are shown after the due time, ${due.slice(0, 10)} ${due.slice(11, 16)} UTC.`);
    expect(res.body.review[0]).toMatchObject({ index: 0, chosen: "surely wrong", correct: false, answer: null });
    for (const q of res.body.test_metadata.questions) expect(q).not.toHaveProperty("answer");
    server.clock.advance(46 * 60_000);
    const after = await ana.c.get(`/api/results/${res.body.result_id}`);
    expect(after.body.answers_hidden).toBeNull();
    expect(typeof after.body.review[0].answer).toBe("string");
    expect(after.body.test_metadata.questions[0]).toHaveProperty("answer");
  });

  it("never shows the answers when the teacher says never: the score and right or wrong only", async () => {
    const { testId } = await assigned({ show_answers_after: "never" });
    const res = await submit(ana.c, testId, {});
    expect(res.body.answers_hidden).toMatch(/does not show the answers/);
    expect(res.body.review.every((r: { answer: unknown; correct: boolean }) => r.answer === null && r.correct === false)).toBe(true);
    expect(typeof res.body.score).toBe("number");
    const listed = (await ana.c.get(`/api/results/${res.body.result_id}`)).body;
    expect(listed.review.every((r: { answer: unknown }) => r.answer === null)).toBe(true);
    // Flashcards from the missed questions would carry the answers.
    expect((await ana.c.post("/api/study_sets/from-result", { result_id: res.body.result_id })).status).toBe(403);
    // The teacher's own attempt at it shows everything.
    expect((await submit(teacher.c, testId, {})).body.answers_hidden).toBeNull();
  });

  it("keeps an attempt after its assignment is removed, without answers, and the test can no longer be taken", async () => {
    const { testId, assignment } = await assigned();
    const res = await submit(ben.c, testId);
    expect((await teacher.c.delete(`/api/classes/${cls.id}/assignments/${assignment.id}`)).status).toBe(204);
    const kept = await ben.c.get(`/api/results/${res.body.result_id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.review.every((r: { answer: unknown }) => r.answer === null)).toBe(true);
    expect((await ben.c.get(`/api/tests/${testId}?mode=take`)).status).toBe(404);
    expect((await submit(ben.c, testId)).status).toBe(404);
    expect(await mine(ben.c, assignment.id)).toBeUndefined();
  });
});

describe("a member's own tests from the class's material", () => {
  it("never ask an assigned test's questions, so they are no answer key to it", async () => {
    // A file of its own: the tests this file assigned before from the shared one would together cover
    // most of the chapter's questions on exceptions, and a member could be left with none (CI saw a 422).
    const { testId, fileId } = await newTest(teacher.c);
    expect((await teacher.c.post(`/api/classes/${cls.id}/materials`, { file_id: fileId })).status).toBe(201);
    expect((await assign(teacher.c, { test_id: testId, due_at: inMinutes(server, 60 * 24 * 3), show_answers_after: "due" })).status).toBe(201);
    const stems = (id: number, c: Client) => c.get(`/api/tests/${id}`).then((r) => r.body.test_metadata.questions.map((q: { question: string }) => q.question) as string[]);
    const assignedStems = await stems(testId, teacher.c);
    const gen = await ben.c.post("/api/gpt/generate", { file_id: fileId, topic: "exceptions", count: 3, question_types: ["multiple_choice"] });
    expect(gen.status).toBe(200);
    const own = await stems(gen.body.test_id, ben.c);
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((s) => assignedStems.includes(s))).toEqual([]);
    // The teacher's own generation from their file is not narrowed: the same request asks the same again.
    const again = await stems((await newTest(teacher.c, fileId)).testId, teacher.c);
    expect(again.filter((s) => assignedStems.includes(s)).length).toBeGreaterThan(0);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grade } from "../../src/practice/grading.ts";
import type { Question } from "../../src/generation/providers/types.ts";
import { newStudent } from "../helpers/accounts.ts";
import { exited, freePort, spawnServer } from "../helpers/cli.ts";
import { uploadPythonErrors } from "../helpers/generation.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, tempDir, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A student with a generated 5-question test; returns its questions with answers. */
async function studentWithTest(count = 5) {
  const student = await newStudent(server.url);
  const fileId = await uploadPythonErrors(student.c);
  const gen = await student.c.post("/gpt/generate", { file_id: fileId, topic: "exceptions", count });
  const test = (await student.c.get(`/api/tests/${gen.body.test_id}`)).body;
  return { ...student, testId: gen.body.test_id as number, questions: test.test_metadata.questions as Question[] };
}

const allRight = (qs: Question[]) => Object.fromEntries(qs.map((q, i) => [String(i), q.answer]));

describe("grading rules", () => {
  const q = (type: Question["type"], answer: string, options: string[] = []): Question => ({ question: "Q?", type, options, answer, explanation: "", source_pages: [1] });
  it("ignores case and surrounding spaces; short answers also punctuation and inner spaces", () => {
    const qs = [q("multiple_choice", "Mitochondria", ["Mitochondria", "Nucleus", "Ribosome", "Golgi"]), q("true_false", "True", ["True", "False"]), q("short_answer", "cell membrane"), q("short_answer", "3.14")];
    const r = grade(qs, { "0": "  mitochondria ", "1": "TRUE", "2": "Cell   Membrane.", "3": "3.14" });
    expect(r.review.map((x) => x.correct)).toEqual([true, true, true, true]);
    expect(grade(qs, { "3": "314" }).review[3]!.correct).toBe(false);
    expect(grade(qs, { "0": "Mitochondria!" }).review[0]!.correct).toBe(false); // options must match as written
  });
  it("counts an unanswered or blank question as wrong and rounds the percent to one decimal", () => {
    const qs = [q("short_answer", "a"), q("short_answer", "b"), q("short_answer", "c")];
    const r = grade(qs, { "0": "a", "1": "   " });
    expect(r).toMatchObject({ correct: 1, total: 3, score: 33.3 });
    expect(r.review[1]!.chosen).toBeNull();
    expect(r.review[2]!.chosen).toBeNull();
  });
});

describe("submitting a test", () => {
  it("grades, answers 201 with the review, and keeps every attempt", async () => {
    const { c, testId, questions } = await studentWithTest();
    const answers = allRight(questions);
    answers["1"] = "definitely not it";
    delete answers["4"];
    const res = await c.post("/tests/submit", { test_id: testId, answers });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      result_id: expect.any(Number),
      test_id: testId,
      score: 60,
      correct: 3,
      total: 5,
      submitted_at: expect.any(String),
      submitted_answers: { "0": questions[0]!.answer, "1": "definitely not it", "4": null },
    });
    expect(res.body.test_metadata.questions[0].answer).toBe(questions[0]!.answer);
    expect(res.body.test_metadata.questions[0].explanation).toEqual(expect.any(String));
    expect(res.body.review.map((r: { correct: boolean }) => r.correct)).toEqual([true, false, true, true, false]);
    expect(res.body.review[4]).toEqual({ index: 4, chosen: null, answer: questions[4]!.answer, correct: false });

    const second = await c.post("/tests/submit", { test_id: testId, answers: allRight(questions) });
    expect(second.body.score).toBe(100);
    const list = await c.get("/tests/results");
    expect(list.body.map((r: { result_id: number }) => r.result_id)).toEqual([second.body.result_id, res.body.result_id]);
    expect(list.body[0]).toMatchObject({ test_id: testId, test_name: "Exceptions (Easy)", score: 100, correct: 5, total: 5 });
    const one = await c.get(`/api/results/${res.body.result_id}`);
    expect(one.body).toEqual(res.body);
  });

  it("returns the first result for a retried submission with the same Idempotency-Key", async () => {
    const { c, testId, questions } = await studentWithTest();
    const key = randomUUID();
    const body = { test_id: testId, answers: allRight(questions) };
    const [a, b] = await Promise.all([c.post("/tests/submit", body, { "Idempotency-Key": key }), c.post("/tests/submit", body, { "Idempotency-Key": key })]);
    const c2 = await c.post("/tests/submit", { ...body, answers: {} }, { "Idempotency-Key": key });
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(c2.status).toBe(200);
    expect(new Set([a.body.result_id, b.body.result_id, c2.body.result_id]).size).toBe(1);
    expect(c2.body.score).toBe(100);
    expect((await c.get("/tests/results")).body).toHaveLength(1);
  });

  it.each([
    [{ answers: { "7": "x" } }, "There is no question 7 in this test (it has 5)."],
    [{ answers: { first: "x" } }, "Answers are keyed by question index (0, 1, 2, …)."],
    [{ answers: { "0": 5 } }, null],
    [{ answers: "all of them" }, null],
    [{ test_id: "abc" }, null],
  ])("refuses %o with 422", async (change, msg) => {
    const { c, testId } = await studentWithTest(5);
    const res = await c.post("/tests/submit", { test_id: testId, answers: {}, ...change });
    expect(res.status).toBe(422);
    if (msg) expect(res.body.detail[0].msg).toBe(msg);
    expect((await c.get("/tests/results")).body).toHaveLength(0);
  });

  it("answers 404 for someone else's test and result", async () => {
    const owner = await studentWithTest();
    const res = await owner.c.post("/tests/submit", { test_id: owner.testId, answers: {} });
    const other = await newStudent(server.url);
    expect((await other.c.post("/tests/submit", { test_id: owner.testId, answers: {} })).status).toBe(404);
    expect((await other.c.get(`/api/results/${res.body.result_id}`)).status).toBe(404);
    expect((await other.c.get("/tests/results")).body).toEqual([]);
  });
});

describe("the dashboard", () => {
  it("starts empty with null statistics", async () => {
    const { c } = await newStudent(server.url);
    const res = await c.get("/api/dashboard");
    expect(res.body).toEqual({
      recent_tests: [],
      goals: [],
      statistics: { average_score: null, best_score: null, worst_score: null },
      notifications: [],
      background_image: null,
      // Added by issue 11 (goals, notifications and flashcards are filled in tests/api/goals.test.ts and notifications.test.ts).
      unread_notifications: 0,
      cards_due_today: 0,
      recent_scores: [],
      // Added by issue 13 (a class member's assignments: tests/api/assignments.test.ts).
      assignments: [],
      assignments_to_do: 0,
    });
  });

  it("shows recent tests with their latest score and statistics over all attempts", async () => {
    const { c, testId, questions } = await studentWithTest(4);
    await c.post("/tests/submit", { test_id: testId, answers: { "0": questions[0]!.answer } }); // 25
    await c.post("/tests/submit", { test_id: testId, answers: allRight(questions) }); // 100
    await c.post("/tests/submit", { test_id: testId, answers: { "0": questions[0]!.answer, "1": questions[1]!.answer } }); // 50
    const res = await c.get("/api/dashboard");
    const newest = (await c.get("/tests/results")).body[0];
    expect(res.body.recent_tests).toEqual([{ id: testId, name: "Exceptions (Easy)", score: 50, result_id: newest.result_id, created_at: expect.any(String) }]);
    expect(res.body.statistics).toEqual({ average_score: 58.3, best_score: 100, worst_score: 25 });
    expect(res.body.recent_scores.map((p: { score: number }) => p.score)).toEqual([25, 100, 50]);
    expect(res.body.recent_scores[2]).toEqual({ result_id: newest.result_id, test_name: "Exceptions (Easy)", score: 50, submitted_at: newest.submitted_at });
  });

  it("uses DASHBOARD_BACKGROUND_URL as background_image", async () => {
    const s = await startTestServer({ DASHBOARD_BACKGROUND_URL: "https://cdn.school.example/bg.jpg" });
    try {
      const { c } = await newStudent(s.url);
      expect((await c.get("/api/dashboard")).body.background_image).toBe("https://cdn.school.example/bg.jpg");
    } finally {
      await s.close();
    }
  });
});

describe("crash safety", () => {
  it("keeps an acknowledged submission when the server is killed right after answering", async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    const first = await spawnServer({ ...env, PORT: String(await freePort()) });
    const c: Client = client(first.url);
    await c.post("/api/auth/register", { username: "crashy", email: "crash@school.example", password: "crash-test" });
    const fileId = await uploadPythonErrors(c);
    const gen = await c.post("/gpt/generate", { file_id: fileId, topic: "exceptions", count: 3 });
    const submitted = await c.post("/tests/submit", { test_id: gen.body.test_id, answers: { "0": "x" } }, { "Idempotency-Key": "k-1" });
    expect(submitted.status).toBe(201);
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      const again = client(second.url);
      await again.post("/api/auth/login", { email: "crash@school.example", password: "crash-test" });
      const results = await again.get("/tests/results");
      expect(results.body.map((r: { result_id: number }) => r.result_id)).toEqual([submitted.body.result_id]);
      // The retry the browser would send after the crash finds the same attempt.
      const retry = await again.post("/tests/submit", { test_id: gen.body.test_id, answers: { "0": "x" } }, { "Idempotency-Key": "k-1" });
      expect(retry.body.result_id).toBe(submitted.body.result_id);
    } finally {
      second.child.kill("SIGTERM");
      await exited(second.child);
    }
  });
});

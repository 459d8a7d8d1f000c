/**
 * Goals (issue 11): every route's access rules and validation messages, and progress that moves only
 * with real activity — submissions for tests_taken and average_score, flashcard reviews for
 * cards_reviewed and set_mastered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOAL_MESSAGES } from "../../src/study/goals/schema.ts";
import { newStudent } from "../helpers/accounts.ts";
import { uploadPythonErrors } from "../helpers/generation.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
});
afterAll(() => server.close());

/** A student with one generated test on "exceptions"; `take(right)` submits it with that many right answers. */
async function studentWithTest(count = 4) {
  const student = await newStudent(server.url);
  const fileId = await uploadPythonErrors(student.c);
  const gen = await student.c.post("/gpt/generate", { file_id: fileId, topic: "exceptions", count });
  const questions: { answer: string }[] = (await student.c.get(`/api/tests/${gen.body.test_id}`)).body.test_metadata.questions;
  const take = (right: number) =>
    student.c.post("/tests/submit", { test_id: gen.body.test_id, answers: Object.fromEntries(questions.slice(0, right).map((q, i) => [String(i), q.answer])) });
  return { ...student, take };
}

const goalOf = async (c: Client, id: number) => (await c.get(`/api/goals/${id}`)).body;

describe("goal routes", () => {
  it("answer 401 without a session", async () => {
    const anonymous = client(server.url);
    expect((await anonymous.get("/api/goals")).status).toBe(401);
    expect((await anonymous.post("/api/goals", { kind: "tests_taken", target: 3 })).status).toBe(401);
    expect((await anonymous.get("/api/goals/1")).status).toBe(401);
    expect((await anonymous.patch("/api/goals/1", { target: 4 })).status).toBe(401);
    expect((await anonymous.delete("/api/goals/1")).status).toBe(401);
  });

  it("create, list, change and delete a goal, titled from what it counts", async () => {
    const { c } = await newStudent(server.url);
    const created = await c.post("/api/goals", { kind: "tests_taken", target: 3, within_days: 7, topic: "ignored for counts" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: "tests_taken", title: "Take 3 tests this week", target: 3, within_days: 7, topic: null, progress: 0, current: 0, reached: false });
    const average = await c.post("/api/goals", { kind: "average_score", target: 80, topic: "Exceptions", title: "  Ace   exceptions " });
    expect(average.body).toMatchObject({ title: "Ace exceptions", topic: "Exceptions", within_days: null, current: null });
    expect((await c.get("/api/goals")).body.map((g: { id: number }) => g.id)).toEqual([created.body.id, average.body.id]);

    const changed = await c.patch(`/api/goals/${created.body.id}`, { target: 5, within_days: null });
    expect(changed.status).toBe(200);
    // A title made for the goal follows what it counts; one the student wrote stays.
    expect(changed.body).toMatchObject({ title: "Take 5 tests", target: 5, within_days: null });
    expect((await c.patch(`/api/goals/${average.body.id}`, { target: 90 })).body.title).toBe("Ace exceptions");
    expect((await c.patch(`/api/goals/${average.body.id}`, { title: "Packages at 90" })).body).toMatchObject({ title: "Packages at 90", target: 90 });

    expect((await c.delete(`/api/goals/${created.body.id}`)).status).toBe(204);
    expect((await c.get(`/api/goals/${created.body.id}`)).status).toBe(404);
    expect((await c.get("/api/goals")).body).toHaveLength(1);
  });

  it.each([
    [{}, GOAL_MESSAGES.kind],
    [{ kind: "pages_read", target: 3 }, GOAL_MESSAGES.kind],
    [{ kind: "tests_taken" }, GOAL_MESSAGES.tests],
    [{ kind: "tests_taken", target: 0 }, GOAL_MESSAGES.tests],
    [{ kind: "tests_taken", target: 101 }, GOAL_MESSAGES.tests],
    [{ kind: "tests_taken", target: 2.5 }, "target must be a whole number."],
    [{ kind: "average_score", target: 120 }, GOAL_MESSAGES.average],
    [{ kind: "cards_reviewed", target: 10001 }, GOAL_MESSAGES.cards],
    [{ kind: "tests_taken", target: 3, within_days: 400 }, GOAL_MESSAGES.days],
    [{ kind: "set_mastered" }, GOAL_MESSAGES.set],
    [{ kind: "set_mastered", set_id: 999999 }, GOAL_MESSAGES.setMissing],
    [{ kind: "tests_taken", target: 3, title: "x".repeat(121) }, GOAL_MESSAGES.titleLong],
    [{ kind: "average_score", target: 80, topic: "t".repeat(201) }, GOAL_MESSAGES.topicLong],
  ])("refuse %o with 422 and its message", async (body, msg) => {
    const { c } = await newStudent(server.url);
    const res = await c.post("/api/goals", body);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe(msg);
    expect((await c.get("/api/goals")).body).toEqual([]);
  });

  it("check a change against the goal's kind, and refuse bad ids", async () => {
    const { c } = await newStudent(server.url);
    const { body: goal } = await c.post("/api/goals", { kind: "cards_reviewed", target: 200 });
    // 200 cards is a fine count but no average: the target is checked for the new kind.
    const res = await c.patch(`/api/goals/${goal.id}`, { kind: "average_score" });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe(GOAL_MESSAGES.average);
    expect((await c.patch(`/api/goals/${goal.id}`, { kind: "set_mastered" })).body.detail[0].msg).toBe(GOAL_MESSAGES.set);
    expect((await c.get("/api/goals/abc")).status).toBe(422);
    expect((await goalOf(c, goal.id)).kind).toBe("cards_reviewed");
  });

  it("keep a student to 50 goals", async () => {
    const { c } = await newStudent(server.url);
    for (let i = 0; i < 50; i++) expect((await c.post("/api/goals", { kind: "tests_taken", target: 1 + (i % 100) })).status).toBe(201);
    const res = await c.post("/api/goals", { kind: "tests_taken", target: 3 });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(GOAL_MESSAGES.tooMany);
  });

  it("answer 404 to another student on read, change and delete", async () => {
    const owner = await newStudent(server.url);
    const { body: goal } = await owner.c.post("/api/goals", { kind: "tests_taken", target: 3 });
    const other = await newStudent(server.url);
    expect((await other.c.get(`/api/goals/${goal.id}`)).status).toBe(404);
    expect((await other.c.patch(`/api/goals/${goal.id}`, { target: 1 })).status).toBe(404);
    expect((await other.c.delete(`/api/goals/${goal.id}`)).status).toBe(404);
    expect((await other.c.get("/api/goals")).body).toEqual([]);
    expect(await goalOf(owner.c, goal.id)).toMatchObject({ target: 3 });
  });
});

describe("progress from real activity", () => {
  it("tests_taken and average_score move with submissions, reach 100% and notify once", async () => {
    const s = await studentWithTest(4);
    await s.take(4); // before the goals: does not count
    const taken = (await s.c.post("/api/goals", { kind: "tests_taken", target: 3 })).body;
    const onTopic = (await s.c.post("/api/goals", { kind: "average_score", target: 80, topic: "exceptions" })).body;
    const offTopic = (await s.c.post("/api/goals", { kind: "average_score", target: 80, topic: "photosynthesis" })).body;

    await s.take(2); // 50%
    expect(await goalOf(s.c, taken.id)).toMatchObject({ progress: 33, current: 1, reached: false });
    expect(await goalOf(s.c, onTopic.id)).toMatchObject({ progress: 62, current: 50 });
    await s.take(4);
    await s.take(4); // (50 + 100 + 100) / 3 = 83.3
    expect(await goalOf(s.c, taken.id)).toMatchObject({ progress: 100, current: 3, reached: true });
    expect(await goalOf(s.c, onTopic.id)).toMatchObject({ progress: 100, current: 83.3, reached: true });
    expect(await goalOf(s.c, offTopic.id)).toMatchObject({ progress: 0, current: null, reached: false });

    const dashboard = (await s.c.get("/api/dashboard")).body;
    expect(dashboard.goals).toEqual([
      { id: offTopic.id, title: "Reach an 80% average on photosynthesis", progress: 0, reached: false },
      { id: taken.id, title: "Take 3 tests", progress: 100, reached: true },
      { id: onTopic.id, title: "Reach an 80% average on exceptions", progress: 100, reached: true },
    ]);
    await s.take(4);
    const reached = (await s.c.get("/api/notifications")).body.items.filter((n: { kind: string }) => n.kind === "goal_reached");
    expect(reached.map((n: { message: string }) => n.message).sort()).toEqual(["Goal reached: Reach an 80% average on exceptions.", "Goal reached: Take 3 tests."]);
  });

  it("cards_reviewed and set_mastered move with flashcard reviews", async () => {
    const { c } = await newStudent(server.url);
    const set = await c.post("/api/study_sets", { name: "Exceptions", flashcards: [{ question: "Where do packages come from?", answer: "CRAN" }, { question: "Load one with?", answer: "library()" }] });
    expect(set.status).toBe(201);
    const other = (await c.post("/api/study_sets", { name: "Other", flashcards: [{ question: "Q", answer: "A" }] })).body;
    const reviews = (await c.post("/api/goals", { kind: "cards_reviewed", target: 4 })).body;
    const master = (await c.post("/api/goals", { kind: "set_mastered", set_id: set.body.id, title: "Master Packages" })).body;
    expect(master).toMatchObject({ title: "Master Packages", progress: 0, current: 0 });

    const [first, second] = set.body.flashcards as { id: number }[];
    await c.post(`/api/flashcards/${first!.id}/review`, { rating: "easy" });
    expect(await goalOf(c, reviews.id)).toMatchObject({ progress: 25, current: 1 });
    expect(await goalOf(c, master.id)).toMatchObject({ progress: 50 });
    await c.post(`/api/flashcards/${second!.id}/review`, { rating: "again" });
    await c.post(`/api/flashcards/${second!.id}/review`, { rating: "easy" });
    await c.post(`/api/flashcards/${other.flashcards[0].id}/review`, { rating: "good" });
    expect(await goalOf(c, reviews.id)).toMatchObject({ progress: 100, current: 4, reached: true });
    expect(await goalOf(c, master.id)).toMatchObject({ progress: 100, current: 100, reached: true });

    // Another student's set cannot be a goal of yours.
    const stranger = await newStudent(server.url);
    const res = await stranger.c.post("/api/goals", { kind: "set_mastered", set_id: set.body.id });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe(GOAL_MESSAGES.setMissing);
  });

  it("a changed target starts the goal over and notifies again when reached", async () => {
    const s = await studentWithTest(2);
    const goal = (await s.c.post("/api/goals", { kind: "tests_taken", target: 1 })).body;
    await s.take(2);
    expect(await goalOf(s.c, goal.id)).toMatchObject({ progress: 100, reached: true });
    expect((await s.c.patch(`/api/goals/${goal.id}`, { target: 2 })).body).toMatchObject({ progress: 50, reached: false, reached_at: null });
    await s.take(1);
    expect(await goalOf(s.c, goal.id)).toMatchObject({ progress: 100, reached: true });
    const messages = (await s.c.get("/api/notifications")).body.items.map((n: { message: string }) => n.message);
    expect(messages).toEqual(["Goal reached: Take 2 tests.", "Goal reached: Take 1 test."]);
  });

  // Last: it moves the server's clock.
  it("a goal with a week's window counts only the last 7 days", async () => {
    const s = await studentWithTest(2);
    const weekly = (await s.c.post("/api/goals", { kind: "tests_taken", target: 4, within_days: 7 })).body;
    const ever = (await s.c.post("/api/goals", { kind: "tests_taken", target: 4 })).body;
    await s.take(1);
    await s.take(1);
    expect(await goalOf(s.c, weekly.id)).toMatchObject({ progress: 50, current: 2 });
    server.clock.advance(8 * 24 * 3600_000);
    // Sessions last 7 days: sign in again after the jump.
    await s.c.post("/api/auth/login", { email: s.email, password: s.password });
    await s.take(1);
    expect(await goalOf(s.c, weekly.id)).toMatchObject({ progress: 25, current: 1 });
    expect(await goalOf(s.c, ever.id)).toMatchObject({ progress: 75, current: 3 });
  });
});

/**
 * GET /api/tests/{id}/item-analysis: the test's owner sees, per question, facility, discrimination and
 * option counts from attempts submitted through the API; anyone else gets 404, anonymous callers 401.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scope } from "../../src/core/context.ts";
import { insertTest } from "../../src/generation/service.ts";
import type { Question } from "../../src/generation/providers/types.ts";
import { newStudent } from "../helpers/accounts.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: { c: Client; id: number };

const mc = (question: string, answer: string): Question => ({
  question,
  type: "multiple_choice",
  options: ["Red", "Green", "Blue", "Yellow"],
  answer,
  explanation: "",
  source_pages: [1],
});

/** Four questions, keys Red, Green, Blue and Yellow. */
const QUESTIONS = [mc("Which colour is first?", "Red"), mc("Which colour is second?", "Green"), mc("Which colour is third?", "Blue"), mc("Which colour is fourth?", "Yellow")];

async function scopeOf(id: number): Promise<Scope> {
  const user = await server.app.db("users").where({ id }).first("id", "username", "email", "role", "is_admin", "is_verified");
  return { ...server.app, user: { ...user, is_admin: Boolean(user.is_admin), is_verified: Boolean(user.is_verified) } };
}

/** A test of `userId`'s with the four known questions, stored through generation's own service. */
async function knownTest(userId: number): Promise<number> {
  const { test_id } = await insertTest(await scopeOf(userId), {
    study_material_id: null,
    name: "Colours (Easy)",
    topic: "colours",
    difficulty: "Easy",
    question_types: ["multiple_choice"],
    provider: "builtin",
    model: "test",
    seed: 1,
    questions: QUESTIONS,
  });
  return test_id;
}

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

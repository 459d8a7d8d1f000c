/**
 * A teacher reviews a test before students see it: edit a question (text, type, options, answer,
 * explanation), delete, reorder, add by hand, write one again from the material. Edits are checked like
 * generated items, only the owner may make them, a stale edit is a 409, concurrent edits are all kept,
 * and once a test has been taken only its wording may change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scope } from "../../src/core/context.ts";
import { EDIT_MESSAGES } from "../../src/generation/edit-schema.ts";
import type { Question } from "../../src/generation/providers/types.ts";
import { insertTest } from "../../src/generation/service.ts";
import { newStudent } from "../helpers/accounts.ts";
import { uploadPythonErrors, waitForJobEnd } from "../helpers/generation.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
  admin = (await newStudent(server.url, "admin")).c; // the first account is the administrator
});
afterAll(() => server.close());

const msg = (body: { detail: unknown }) => (typeof body.detail === "string" ? body.detail : (body.detail as { msg: string }[])[0]!.msg);

const mc = (question: string, options: string[], answer: string): Question => ({ question, type: "multiple_choice", options, answer, explanation: `Because ${answer}.`, source_pages: [1] });
const QUESTIONS: Question[] = [
  mc("Which network distributes R packages?", ["CRAN", "PyPI", "npm", "Maven"], "CRAN"),
  { question: "R is free software under the GPL.", type: "true_false", options: ["True", "False"], answer: "True", explanation: "It says so.", source_pages: [2] },
  { question: "Which function installs a package?", type: "short_answer", options: [], answer: "install.packages", explanation: "", source_pages: [3] },
];

/** A teacher (role set as an administrator would) with a hand-made test of the three questions above. */
async function teacherWithTest(questions = QUESTIONS) {
  const t = await newStudent(server.url, "teacher");
  await server.app.db("users").where({ id: t.id }).update({ role: "teacher" });
  const scope: Scope = { ...server.app, user: { id: t.id, username: t.username, email: t.email, role: "teacher", is_admin: false, is_verified: true } };
  const { test_id } = await insertTest(scope, {
    study_material_id: null,
    name: "R basics (Easy)",
    topic: "R basics",
    difficulty: "Easy",
    question_types: ["multiple_choice", "true_false", "short_answer"],
    provider: "builtin",
    model: "builtin",
    seed: 1,
    questions,
  });
  return { ...t, testId: test_id };
}

const send = (c: Client, method: string, path: string, body?: unknown) =>
  method === "GET" ? c.get(path) : method === "PATCH" ? c.patch(path, body) : method === "DELETE" ? c.delete(path) : c.post(path, body);
const questionsOf = async (c: Client, id: number): Promise<Question[]> => (await c.get(`/api/tests/${id}`)).body.test_metadata.questions;
const versionOf = async (c: Client, id: number): Promise<string> => (await c.get(`/api/tests/${id}/questions`)).body.version;

describe("editing one question", () => {
  it("changes text, options, answer and explanation, keeps the rest, and the new version comes back", async () => {
    const { c, testId } = await teacherWithTest();
    const read = await c.get(`/tests/${testId}/questions`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ test_id: testId, attempts: 0, locked: false, version: expect.any(String) });

    const res = await c.patch(`/api/tests/${testId}/questions/0`, {
      version: read.body.version,
      question: "  Which archive network hosts R packages?  ",
      options: ["CRAN", "PyPI", "npm", "Bioconductor"],
      answer: "bioconductor",
      explanation: "Bioconductor hosts bioinformatics packages.",
    });
    expect(res.status).toBe(200);
    expect(res.body.version).not.toBe(read.body.version);
    // The answer is matched to its option's spelling; the cited page stays.
    expect(res.body.test_metadata.questions[0]).toEqual({
      question: "Which archive network hosts R packages?",
      type: "multiple_choice",
      options: ["CRAN", "PyPI", "npm", "Bioconductor"],
      answer: "Bioconductor",
      explanation: "Bioconductor hosts bioinformatics packages.",
      source_pages: [1],
    });
    const stored = await questionsOf(c, testId);
    expect(stored[0]!.answer).toBe("Bioconductor");
    expect(stored.slice(1)).toEqual(QUESTIONS.slice(1));
  });

  it("changes a question's type: true/false gets its two options, a short answer none, multiple choice needs four", async () => {
    const { c, testId } = await teacherWithTest();
    const tf = await c.patch(`/api/tests/${testId}/questions/0`, { type: "true_false", question: "CRAN distributes R packages.", answer: "true" });
    expect(tf.status).toBe(200);
    expect(tf.body.test_metadata.questions[0]).toMatchObject({ type: "true_false", options: ["True", "False"], answer: "True" });

    const short = await c.patch(`/api/tests/${testId}/questions/1`, { type: "short_answer", question: "Under which licence is R free software?", answer: "GPL" });
    expect(short.body.test_metadata.questions[1]).toMatchObject({ type: "short_answer", options: [], answer: "GPL" });

    const noOptions = await c.patch(`/api/tests/${testId}/questions/2`, { type: "multiple_choice" });
    expect(noOptions.status).toBe(422);
    expect(msg(noOptions.body)).toBe("A multiple-choice question needs 4 options.");
    const mcNow = await c.patch(`/api/tests/${testId}/questions/2`, { type: "multiple_choice", options: ["library", "install.packages", "require", "source"], answer: "install.packages" });
    expect(mcNow.body.test_metadata.questions[2]).toMatchObject({ type: "multiple_choice", answer: "install.packages" });
  });

  it.each([
    ["duplicate options", { options: ["CRAN", "cran", "npm", "Maven"] }, "The options must all be different from each other.", "options"],
    ["an answer not among the options", { answer: "Bioconductor" }, "The answer must be one of the options.", "answer"],
    ["a wrong type", { type: "essay" }, EDIT_MESSAGES.type, "type"],
    ["an over-long question", { question: "Why? ".repeat(201) }, EDIT_MESSAGES.question, "question"],
    ["a too-short question", { question: "Why?" }, EDIT_MESSAGES.question, "question"],
    ["an over-long explanation", { explanation: "x".repeat(2001) }, EDIT_MESSAGES.explanation, "explanation"],
    ["five options", { options: ["a", "b", "c", "d", "e"] }, EDIT_MESSAGES.options, "options"],
    ["an empty answer", { answer: "  " }, EDIT_MESSAGES.answerEmpty, "answer"],
    ["a true/false answer that is neither", { type: "true_false", answer: "Maybe" }, "A true/false answer must be True or False.", "answer"],
    ["another question's text", { question: "Which function installs a package?" }, "This test already has that question.", "question"],
    ["nothing to change", {}, EDIT_MESSAGES.nothing, undefined],
  ])("refuses %s with 422 and a clear message, saving nothing", async (_what, patch, message, field) => {
    const { c, testId } = await teacherWithTest();
    const before = await versionOf(c, testId);
    const res = await c.patch(`/api/tests/${testId}/questions/0`, patch);
    expect(res.status).toBe(422);
    expect(msg(res.body)).toBe(message);
    if (field) expect(res.body.detail[0].loc).toEqual(["body", field]);
    expect(await versionOf(c, testId)).toBe(before);
  });

  it("keeps a short answer's other accepted wordings while only the wording changes, and drops them with a new answer", async () => {
    const withAlternatives = QUESTIONS.map((q, i) => (i === 2 ? { ...q, accepted_answers: ["the install.packages function"] } : q));
    const { c, testId } = await teacherWithTest(withAlternatives);
    const reworded = await c.patch(`/api/tests/${testId}/questions/2`, { question: "Which R function installs a package?" });
    expect(reworded.body.test_metadata.questions[2]).toMatchObject({ answer: "install.packages", accepted_answers: ["the install.packages function"] });
    const answered = await c.patch(`/api/tests/${testId}/questions/2`, { answer: "utils::install.packages" });
    expect(answered.body.test_metadata.questions[2].accepted_answers).toBeUndefined();
  });

  it("refuses a short answer longer than 200 characters", async () => {
    const { c, testId } = await teacherWithTest();
    const res = await c.patch(`/api/tests/${testId}/questions/2`, { answer: "a".repeat(201) });
    expect(res.status).toBe(422);
    expect(msg(res.body)).toBe(EDIT_MESSAGES.answerLong);
  });

  it("answers 404 for a question number past the end, 422 for one that is no number", async () => {
    const { c, testId } = await teacherWithTest();
    const past = await c.patch(`/api/tests/${testId}/questions/3`, { question: "Is this the fourth question?" });
    expect(past.status).toBe(404);
    expect(msg(past.body)).toBe("There is no question 3 in this test (it has 3, numbered from 0).");
    expect((await c.delete(`/api/tests/${testId}/questions/99`)).status).toBe(404);
    expect((await c.post(`/api/tests/${testId}/questions/7/regenerate`, {})).status).toBe(404);
    const word = await c.patch(`/api/tests/${testId}/questions/first`, { question: "Is this the first question?" });
    expect(word.status).toBe(422);
    expect(msg(word.body)).toBe(EDIT_MESSAGES.index);
  });
});

describe("deleting, reordering and adding", () => {
  it("deletes a question, but never the last one", async () => {
    const { c, testId } = await teacherWithTest();
    const version = await versionOf(c, testId);
    const res = await c.delete(`/api/tests/${testId}/questions/1?version=${version}`);
    expect(res.status).toBe(200);
    expect(res.body.test_metadata.questions.map((q: Question) => q.question)).toEqual([QUESTIONS[0]!.question, QUESTIONS[2]!.question]);
    // The owner chose the size: the preview does not say the material fell short.
    expect((await c.get(`/api/tests/${testId}`)).body).toMatchObject({ requested_count: 2 });
    expect((await c.delete(`/api/tests/${testId}/questions/0`)).status).toBe(200);
    const last = await c.delete(`/api/tests/${testId}/questions/0`);
    expect(last.status).toBe(409);
    expect(msg(last.body)).toMatch(/at least one question/);
    expect(await questionsOf(c, testId)).toEqual([QUESTIONS[2]]);
  });

  it("reorders the questions by a complete list of their numbers", async () => {
    const { c, testId } = await teacherWithTest();
    const res = await c.post(`/api/tests/${testId}/questions/reorder`, { order: [2, 0, 1], version: await versionOf(c, testId) });
    expect(res.status).toBe(200);
    expect(await questionsOf(c, testId)).toEqual([QUESTIONS[2], QUESTIONS[0], QUESTIONS[1]]);
    for (const order of [[0, 1], [0, 0, 1], [0, 1, 3], [], ["a", 1, 2]]) {
      const bad = await c.post(`/api/tests/${testId}/questions/reorder`, { order });
      expect(bad.status, JSON.stringify(order)).toBe(422);
      expect(msg(bad.body)).toMatch(/^The order must list every question's number/);
    }
    expect(await questionsOf(c, testId)).toEqual([QUESTIONS[2], QUESTIONS[0], QUESTIONS[1]]);
  });

  it("adds a question written by hand at the end or at a position, checked like the others", async () => {
    const { c, testId } = await teacherWithTest();
    const added = await c.post(`/api/tests/${testId}/questions`, { question: "Which function reads a CSV file in R?", type: "multiple_choice", options: ["read.csv", "load", "scan", "source"], answer: "read.csv", explanation: "It reads tables." });
    expect(added.status).toBe(201);
    expect(added.body.test_metadata.questions[3]).toEqual({ question: "Which function reads a CSV file in R?", type: "multiple_choice", options: ["read.csv", "load", "scan", "source"], answer: "read.csv", explanation: "It reads tables.", source_pages: [] });
    const first = await c.post(`/api/tests/${testId}/questions`, { question: "R is a dialect of S.", type: "true_false", answer: "True", position: 0 });
    expect(first.status).toBe(201);
    expect((await questionsOf(c, testId)).map((q) => q.question)).toEqual(["R is a dialect of S.", ...QUESTIONS.map((q) => q.question), "Which function reads a CSV file in R?"]);

    const dup = await c.post(`/api/tests/${testId}/questions`, { question: "R is a dialect of S.", type: "true_false", answer: "False" });
    expect(dup.status).toBe(422);
    expect(msg(dup.body)).toBe("This test already has that question.");
    const wrong = await c.post(`/api/tests/${testId}/questions`, { question: "Which is a vector type?", type: "multiple_choice", options: ["numeric", "logical", "character", "numeric"], answer: "numeric" });
    expect(msg(wrong.body)).toBe("The options must all be different from each other.");
    expect(await questionsOf(c, testId)).toHaveLength(5);
  });

  it("holds at most 50 questions", async () => {
    const many = Array.from({ length: 50 }, (_, i) => mc(`Question number ${i + 1} about R?`, ["a", "b", "c", "d"], "a"));
    const { c, testId } = await teacherWithTest(many);
    const res = await c.post(`/api/tests/${testId}/questions`, { question: "One question too many?", type: "true_false", answer: "True" });
    expect(res.status).toBe(409);
    expect(msg(res.body)).toBe("A test holds at most 50 questions. Delete one to add another.");
  });
});

describe("who may edit, and edits that meet", () => {
  it("answers 404 to anyone but the owner (an administrator included) and 401 without a session", async () => {
    const { c, testId } = await teacherWithTest();
    const other = (await newStudent(server.url, "other")).c;
    const anonymous = client(server.url);
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/tests/${testId}/questions`],
      ["PATCH", `/api/tests/${testId}/questions/0`, { question: "Is this someone else's question?" }],
      ["DELETE", `/api/tests/${testId}/questions/0`],
      ["POST", `/api/tests/${testId}/questions/reorder`, { order: [0, 1, 2] }],
      ["POST", `/api/tests/${testId}/questions`, { question: "Is this someone else's test?", type: "true_false", answer: "True" }],
      ["POST", `/api/tests/${testId}/questions/0/regenerate`, {}],
    ];
    for (const [method, path, body] of calls) {
      for (const stranger of [other, admin]) {
        const res = await send(stranger, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(msg(res.body)).toBe("Test not found.");
      }
      expect((await send(anonymous, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await questionsOf(c, testId)).toEqual(QUESTIONS);
  });

  it("refuses an edit made on a version that is no longer current, changing nothing", async () => {
    const { c, testId } = await teacherWithTest();
    const seen = await versionOf(c, testId);
    expect((await c.post(`/api/tests/${testId}/questions/reorder`, { order: [1, 0, 2], version: seen })).status).toBe(200);
    const now = await questionsOf(c, testId);
    for (const res of [
      await c.patch(`/api/tests/${testId}/questions/0`, { version: seen, question: "Which network hosts CRAN mirrors?" }),
      await c.delete(`/api/tests/${testId}/questions/0?version=${seen}`),
      await c.post(`/api/tests/${testId}/questions`, { version: seen, question: "Is R case sensitive?", type: "true_false", answer: "True" }),
      await c.post(`/api/tests/${testId}/questions/reorder`, { version: seen, order: [0, 1, 2] }),
    ]) {
      expect(res.status).toBe(409);
      expect(msg(res.body)).toMatch(/^The test was changed since you opened it/);
    }
    expect(await questionsOf(c, testId)).toEqual(now);
  });

  it("keeps every one of many edits sent at once, and of two on the same version exactly one", async () => {
    const { c, testId } = await teacherWithTest();
    const texts = ["First question, reworded?", "Second statement, reworded.", "Third question, reworded?"];
    const all = await Promise.all(texts.map((question, i) => c.patch(`/api/tests/${testId}/questions/${i}`, { question })));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await questionsOf(c, testId)).map((q) => q.question)).toEqual(texts);

    const version = await versionOf(c, testId);
    const race = await Promise.all([
      c.patch(`/api/tests/${testId}/questions/0`, { version, explanation: "One window." }),
      c.patch(`/api/tests/${testId}/questions/0`, { version, explanation: "The other window." }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = race.find((r) => r.status === 200)!.body.test_metadata.questions[0].explanation;
    expect((await questionsOf(c, testId))[0]!.explanation).toBe(winner);
  });
});

describe("a test that has been taken", () => {
  it("still takes corrected wording, but not a new key or different questions, so its attempts stay as graded", async () => {
    const { c, testId } = await teacherWithTest();
    const submitted = await c.post("/api/tests/submit", { test_id: testId, answers: { "0": "CRAN", "1": "False", "2": "install.packages" } });
    expect(submitted.status).toBe(201);
    const read = await c.get(`/api/tests/${testId}/questions`);
    expect(read.body).toMatchObject({ attempts: 1, locked: true });

    const wording = await c.patch(`/api/tests/${testId}/questions/0`, { question: "Which network distributes R's packages?", explanation: "CRAN: the Comprehensive R Archive Network." });
    expect(wording.status).toBe(200);
    // The whole question sent back unchanged but for its wording (as the UI's dialog does) is wording too.
    const same = await c.patch(`/api/tests/${testId}/questions/1`, { question: "R is free software under the GNU GPL.", type: "true_false", options: ["True", "False"], answer: "True" });
    expect(same.status).toBe(200);

    const refused = [
      await c.patch(`/api/tests/${testId}/questions/0`, { answer: "npm" }),
      await c.patch(`/api/tests/${testId}/questions/0`, { options: ["CRAN", "PyPI", "npm", "Bioconductor"] }),
      await c.patch(`/api/tests/${testId}/questions/2`, { type: "true_false", answer: "True" }),
      await c.delete(`/api/tests/${testId}/questions/0`),
      await c.post(`/api/tests/${testId}/questions/reorder`, { order: [2, 1, 0] }),
      await c.post(`/api/tests/${testId}/questions`, { question: "Is R case sensitive?", type: "true_false", answer: "True" }),
      await c.post(`/api/tests/${testId}/questions/0/regenerate`, {}),
    ];
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(msg(res.body)).toMatch(/^This test has already been taken/);
    }
    const result = (await c.get(`/api/results/${submitted.body.result_id}`)).body;
    expect(result.test_metadata.questions.map((q: Question) => q.answer)).toEqual(["CRAN", "True", "install.packages"]);
    expect(result.review.map((r: { correct: boolean }) => r.correct)).toEqual([true, false, true]);
  });

  it("is taken and graded as edited", async () => {
    const { c, testId } = await teacherWithTest();
    await c.patch(`/api/tests/${testId}/questions/0`, { question: "Which repository hosts bioinformatics packages for R?", options: ["CRAN", "PyPI", "npm", "Bioconductor"], answer: "Bioconductor" });
    await c.post(`/api/tests/${testId}/questions/reorder`, { order: [2, 1, 0] });
    const taking = (await c.get(`/api/tests/${testId}?mode=take`)).body.test_metadata.questions;
    expect(taking[2]).toEqual({ question: "Which repository hosts bioinformatics packages for R?", type: "multiple_choice", options: ["CRAN", "PyPI", "npm", "Bioconductor"], source_pages: [1] });
    const result = await c.post("/api/tests/submit", { test_id: testId, answers: { "0": "install.packages", "1": "True", "2": "Bioconductor" } });
    expect(result.body).toMatchObject({ correct: 3, total: 3 });
  });
});

describe("writing one question again", () => {
  async function generated() {
    const t = await newStudent(server.url, "teacher");
    const fileId = await uploadPythonErrors(t.c);
    const gen = await t.c.post("/api/gpt/generate", { file_id: fileId, topic: "exceptions", count: 3, question_types: ["multiple_choice"] });
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    return { ...t, fileId, testId: gen.body.test_id as number };
  }

  it("replaces just that question with a new one from the material, waiting or as a job", async () => {
    const { c, testId } = await generated();
    const before = await questionsOf(c, testId);
    const res = await c.post(`/api/tests/${testId}/questions/1/regenerate`, { version: await versionOf(c, testId) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after: Question[] = res.body.test_metadata.questions;
    expect(after).toHaveLength(3);
    expect([after[0], after[2]]).toEqual([before[0], before[2]]);
    expect(before.map((q) => q.question)).not.toContain(after[1]!.question);
    expect(after[1]!.type).toBe("multiple_choice");
    expect(after[1]!.options).toContain(after[1]!.answer);
    expect(after[1]!.source_pages.length).toBeGreaterThan(0);

    const job = await c.post(`/api/tests/${testId}/questions/0/regenerate`, { async: true });
    expect(job.status).toBe(202);
    expect(job.body).toMatchObject({ state: "queued", progress: { done: 0, total: 1 } });
    expect(await waitForJobEnd(c, job.body.job_id)).toMatchObject({ state: "done", test_id: testId });
    const third = await questionsOf(c, testId);
    expect(after.map((q) => q.question)).not.toContain(third[0]!.question);
    expect(third.slice(1)).toEqual(after.slice(1));
  });

  it("cannot write a question again once the material is gone, nor for a hand-made test", async () => {
    const { c, testId, fileId } = await generated();
    expect((await c.delete(`/api/files/${fileId}`)).status).toBe(204);
    const res = await c.post(`/api/tests/${testId}/questions/0/regenerate`, {});
    expect(res.status).toBe(409);
    expect(msg(res.body)).toMatch(/study material of this test was deleted/);
    const handMade = await teacherWithTest();
    expect((await handMade.c.post(`/api/tests/${handMade.testId}/questions/0/regenerate`, {})).status).toBe(409);
  });
});

describe("a test being taken while it is edited", () => {
  it("hands takers the questions' version and refuses a submission on questions changed since (409)", async () => {
    const { c, testId } = await teacherWithTest();
    const take = await c.get(`/api/tests/${testId}?mode=take`);
    expect(take.body.version).toBe(await versionOf(c, testId));
    expect((await c.post(`/api/tests/${testId}/questions/reorder`, { order: [2, 1, 0] })).status).toBe(200);
    const stale = await c.post("/api/tests/submit", { test_id: testId, version: take.body.version, answers: { "0": "CRAN" } });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe("This test was changed while you were taking it. Reload it to see the new questions.");
    expect((await c.get(`/api/tests/${testId}/questions`)).body.attempts).toBe(0);
    const fresh = (await c.get(`/api/tests/${testId}?mode=take`)).body.version;
    expect((await c.post("/api/tests/submit", { test_id: testId, version: fresh, answers: { "2": "CRAN" } })).body).toMatchObject({ correct: 1 });
  });

  it("never grades a submission and applies a reorder sent at the same moment both: one of them is refused", async () => {
    for (let round = 0; round < 8; round++) {
      const { c, testId } = await teacherWithTest();
      const version = (await c.get(`/api/tests/${testId}?mode=take`)).body.version;
      const [submitted, reordered] = await Promise.all([
        c.post("/api/tests/submit", { test_id: testId, version, answers: { "0": "CRAN", "1": "True", "2": "install.packages" } }),
        c.post(`/api/tests/${testId}/questions/reorder`, { order: [2, 1, 0] }),
      ]);
      expect([submitted.status, reordered.status]).toContainEqual(409);
      expect(submitted.status === 201 || reordered.status === 200).toBe(true);
      if (submitted.status === 201) expect(submitted.body).toMatchObject({ correct: 3, total: 3 });
    }
  });

  it("lets only the wording change once the test is assigned to a class, before anyone took it", async () => {
    const { c, testId } = await teacherWithTest();
    const cls = (await c.post("/api/classes", { name: "R course" })).body;
    expect((await c.post(`/api/classes/${cls.id}/assignments`, { test_id: testId })).status).toBe(201);
    expect((await c.get(`/api/tests/${testId}/questions`)).body).toMatchObject({ attempts: 0, locked: true, locked_reason: expect.stringMatching(/^This test is assigned to a class/) });
    expect((await c.patch(`/api/tests/${testId}/questions/0`, { explanation: "CRAN hosts them." })).status).toBe(200);
    const refused = [
      await c.patch(`/api/tests/${testId}/questions/0`, { answer: "npm" }),
      await c.delete(`/api/tests/${testId}/questions/0`),
      await c.post(`/api/tests/${testId}/questions/reorder`, { order: [2, 1, 0] }),
      await c.post(`/api/tests/${testId}/questions`, { question: "Is R case sensitive?", type: "true_false", answer: "True" }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(msg(res.body)).toMatch(/^This test is assigned to a class, and its members take it as it is\./);
    }
  });
});

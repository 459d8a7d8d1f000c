import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { startFakeOllama } from "../helpers/fake-ollama.ts";
import { reply, startFakeOpenAI, unusedPort, type FakeAIServer } from "../helpers/fake-openai.ts";
import { uploadRFaq, waitForJobEnd, waitForJobState } from "../helpers/generation.ts";
import { startTestServer, tempDir, type TestServer } from "../helpers/server.ts";

let ai: FakeAIServer;
let server: TestServer;

beforeAll(async () => {
  ai = await startFakeOpenAI();
  server = await startTestServer({ OPENAI_BASE_URL: ai.url, OPENAI_MODEL: "gpt-fake", LLM_TIMEOUT_S: "1" });
});
afterAll(async () => {
  await server.close();
  await ai.close();
});
afterEach(() => ai.reset()); // nothing left queued for the next test

const testsCount = async (s: TestServer) => Number((await s.app.db("tests").count({ n: "*" }).first())!.n);

describe("generation through an OpenAI-compatible server", () => {
  it("sends the topic's passages as data with the output schema, and saves a valid test", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const before = ai.requests.length;
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 12 });
    expect(res.status).toBe(200);
    const test = (await c.get(`/api/tests/${res.body.test_id}`)).body;
    expect(test).toMatchObject({ provider: "openai", model: "gpt-fake" });
    expect(test.test_metadata.questions).toHaveLength(12);
    const sent = ai.requests.slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(2); // 12 questions in batches of 10
    expect(sent[0]!.model).toBe("gpt-fake");
    expect(sent[0]!.body.response_format).toMatchObject({ type: "json_schema" });
    expect(sent[0]!.prompt).toMatch(/<passage page="\d+">/);
    expect(sent[0]!.prompt.toLowerCase()).toContain("package");
  });

  it("asks again for items that fail validation and still delivers the exact count", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    ai.script(reply.answerNotInOptions(), reply.duplicates());
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 5 });
    expect(res.status).toBe(200);
    const questions = (await c.get(`/api/tests/${res.body.test_id}`)).body.test_metadata.questions;
    expect(questions).toHaveLength(5);
    for (const q of questions) expect(q.options).toContain(q.answer);
  });

  it("spreads the correct option over the positions when the model always puts it first", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const answerFirst = reply.grounded((items) => items.map((q) => ({ ...q, options: [q.answer, ...q.options.filter((o) => o !== q.answer)] })));
    ai.script(...Array(6).fill(answerFirst));
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 8, seed: 7 });
    expect(res.status).toBe(200);
    const questions = (await c.get(`/api/tests/${res.body.test_id}`)).body.test_metadata.questions as { options: string[]; answer: string }[];
    expect(questions).toHaveLength(8);
    const positions = questions.map((q) => q.options.indexOf(q.answer));
    expect(positions.every((p) => p >= 0)).toBe(true); // the review still names the right option
    // Dealt from shuffled rounds of the four slots: every slot twice in 8 questions.
    for (const slot of [0, 1, 2, 3]) expect(positions.filter((p) => p === slot)).toHaveLength(2);
  });

  it("keeps the short-answer alternatives the material bears out, hides them while taking, and grades them right", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    // Another word of the quoted sentence stands in for a synonym the material uses; the made-up one is not on the page.
    const otherWord = (q: { answer: string; explanation: string }) => (q.explanation.match(/[A-Za-z]{5,}/g) ?? []).find((w) => w !== q.answer && w !== "material")!;
    ai.script(reply.grounded((items) => items.map((q) => ({ ...q, accepted_answers: [otherWord(q), "Zyxwvutsrq"] }))));
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 2, question_types: ["short_answer"] });
    expect(res.status).toBe(200);
    const questions = (await c.get(`/api/tests/${res.body.test_id}`)).body.test_metadata.questions;
    for (const q of questions) expect(q.accepted_answers).toEqual([otherWord(q)]);
    const taken = (await c.get(`/api/tests/${res.body.test_id}?mode=take`)).body.test_metadata.questions;
    for (const q of taken) expect(q).not.toHaveProperty("accepted_answers");
    const result = await c.post("/api/tests/submit", { test_id: res.body.test_id, answers: { "0": questions[0].accepted_answers[0], "1": "Zyxwvutsrq" } });
    expect(result.body.review.map((r: { correct: boolean }) => r.correct)).toEqual([true, false]);
  });

  it("retries a 429 and succeeds", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    ai.script(reply.rateLimit(0));
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 3 });
    expect(res.status).toBe(200);
  });

  it("fails with a clear 502 after repeated server errors, saving no half test", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const before = await testsCount(server);
    ai.script(...Array(9).fill(reply.serverError(500)));
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 3 });
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/The AI service at http:\/\/127\.0\.0\.1:\d+\/v1 failed \(HTTP 500\)\./);
    expect(await testsCount(server)).toBe(before);
  });

  it("gives up on a server that hangs past the time limit with 504", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    ai.script(reply.hang(), reply.hang(), reply.hang(), reply.hang(), reply.hang(), reply.hang());
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 2 });
    expect(res.status).toBe(504);
    expect(res.body.detail).toMatch(/did not answer within 1 seconds/);
  });

  it("never lets a PDF's text steer the model's output into the test", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    // A model that fell for an injection answers with prose instead of the schema: refused, asked again.
    ai.script(reply.content("Sure! My system prompt is: You write practice tests. HACKED"));
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 3 });
    expect(res.status).toBe(200);
    const test = (await c.get(`/api/tests/${res.body.test_id}`)).body;
    expect(JSON.stringify(test)).not.toMatch(/HACKED|system prompt/i);
  });

  it("generates without material from the model's knowledge (study-set page)", async () => {
    const { c } = await newStudent(server.url);
    const res = await c.post("/gpt/generate", { prompt: "Generate a Easy difficulty test about volcanoes with 3 questions." });
    expect(res.status).toBe(200);
    expect(res.body.questions).toHaveLength(3);
    expect(ai.requests.at(-1)!.prompt).toContain("volcanoes");
  });

  it("cancels a running job, leaving no test", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const before = await testsCount(server);
    ai.script(reply.hang(), reply.hang(), reply.hang());
    const started = await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 3, async: true });
    await waitForJobState(c, started.body.job_id, "running");
    const cancelled = await c.post(`/api/jobs/${started.body.job_id}/cancel`);
    expect(cancelled.body.state).toBe("cancelled");
    expect(await testsCount(server)).toBe(before);
  });
});

describe("regenerating through a language model", () => {
  it("tells the model the previous questions, and refuses them when it sends them back anyway", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const first = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 3 });
    const previous = (await c.get(`/api/tests/${first.body.test_id}`)).body.test_metadata.questions;

    const before = ai.requests.length;
    const fresh = await c.post(`/api/tests/${first.body.test_id}/regenerate`, {});
    expect(fresh.status).toBe(200);
    const prompt = ai.requests[before]!.prompt;
    for (const q of previous) expect(prompt).toContain(`<asked_question>${q.question}</asked_question>`);
    const regenerated = (await c.get(`/api/tests/${fresh.body.test_id}`)).body;
    expect(regenerated).toMatchObject({ regenerated_from: first.body.test_id, repeated_count: 0 });
    const stems = new Set(previous.map((q: { question: string }) => q.question));
    expect(regenerated.test_metadata.questions.filter((q: { question: string }) => stems.has(q.question))).toEqual([]);

    // A model that ignores the instruction: every item it sends is one of the first version's.
    ai.script(reply.questions(previous), reply.questions(previous), reply.questions(previous));
    const again = await c.post(`/api/tests/${first.body.test_id}/regenerate`, {});
    expect(again.status).toBe(422);
    expect(again.body.detail).toBe('No new questions about "packages" could be written: the previous version already asks what this study material says about it. Try a broader topic.');
  });
});

describe("when the material grounds only some of the questions", () => {
  // The model writes 7 valid questions, then nothing more however often it is asked again.
  const sevenThenNothing = () => ai.script(reply.tooFew(7), reply.questions([]), reply.questions([]), reply.questions([]));

  it("finishes the test with the questions that passed and says how many were asked for", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    sevenThenNothing();
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 10 });
    expect(res.status).toBe(200);
    const test = (await c.get(`/api/tests/${res.body.test_id}`)).body;
    expect(test.test_metadata.questions).toHaveLength(7);
    expect(test.requested_count).toBe(10);
  });

  it("says a complete test was complete", async () => {
    const { c } = await newStudent(server.url);
    const res = await c.post("/gpt/generate", { file_id: await uploadRFaq(c), topic: "packages", count: 4 });
    expect((await c.get(`/api/tests/${res.body.test_id}`)).body).toMatchObject({ requested_count: 4, regenerated_from: null });
  });

  it("fails with today's message, saving nothing, only when no question passes", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const before = await testsCount(server);
    ai.script(reply.questions([]), reply.questions([]), reply.questions([]));
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 3 });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Only 0 of 3 questions about "CRAN" could be written from this study material. Try a broader topic or fewer questions.');
    expect(await testsCount(server)).toBe(before);
  });

  it("makes a study set of the cards that passed and says how many were asked for", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    sevenThenNothing();
    const res = await c.post("/api/study_sets", { name: "Packages", file_id: fileId, topic: "packages", count: 10 });
    expect(res.status).toBe(201);
    expect(res.body.flashcards).toHaveLength(7);
    expect(res.body).toMatchObject({ card_count: 7, requested_cards: 10 });
  });
});

describe("fair use of the shared queue", () => {
  it("lets one student have at most 3 generations waiting or running", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    ai.script(...Array(12).fill(reply.hang()));
    const jobs = [];
    for (let i = 0; i < 3; i++) jobs.push((await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 2, async: true })).body.job_id);
    const fourth = await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 2, async: true });
    expect(fourth.status).toBe(429);
    expect(fourth.body.detail).toBe("You already have 3 tests being generated. Wait for one to finish before starting another.");
    expect(fourth.headers.get("retry-after")).toBe("30");
    // Another student is not held up by the first one's limit.
    const other = await newStudent(server.url);
    const theirs = await other.c.post("/gpt/generate", { file_id: await uploadRFaq(other.c), topic: "CRAN", count: 2, async: true });
    expect(theirs.status).toBe(202);
    for (const id of jobs) await c.post(`/api/jobs/${id}/cancel`);
    await other.c.post(`/api/jobs/${theirs.body.job_id}/cancel`);
    expect((await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 2, async: true })).status).toBe(202);
  });
});

describe("fair use under a burst", () => {
  it("accepts exactly 3 of 60 generation requests sent at once by one student", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    ai.script(...Array(12).fill(reply.hang()));
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 2, async: true })),
    );
    const accepted = burst.filter((r) => r.status === 202);
    expect(accepted).toHaveLength(3);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(57);
    const active = await server.app.db("jobs").whereIn("state", ["queued", "running"]).where({ user_id: (await c.get("/api/auth/me")).body.id });
    expect(active).toHaveLength(3);
    for (const r of accepted) await c.post(`/api/jobs/${r.body.job_id}/cancel`);
  });
});

describe("jobs across a restart", () => {
  it("resumes a job that was running when the server stopped", async () => {
    const dataDir = tempDir();
    const slow = await startFakeOpenAI();
    const env = { OPENAI_BASE_URL: slow.url, LLM_TIMEOUT_S: "30" };
    const first = await startTestServer(env, { dataDir });
    const { c } = await newStudent(first.url);
    const fileId = await uploadRFaq(c);
    slow.script(reply.hang());
    const started = await c.post("/gpt/generate", { file_id: fileId, topic: "CRAN", count: 3, async: true });
    await waitForJobState(c, started.body.job_id, "running");
    // The request is at the AI service (which hangs) when the server stops.
    while (!slow.requests.length) await new Promise((r) => setTimeout(r, 10));
    await first.close();

    const second = await startTestServer(env, { dataDir });
    try {
      const again = (await import("../helpers/http.ts")).client(second.url);
      again.cookies.clear();
      for (const [k, v] of c.cookies) again.cookies.set(k, v);
      const done = await waitForJobEnd(again, started.body.job_id);
      expect(done.state).toBe("done");
      expect((await again.get(`/api/tests/${done.test_id}`)).body.test_metadata.questions).toHaveLength(3);
    } finally {
      await second.close();
      await slow.close();
    }
  });

  it("fails a job with a reason after it was cut off by restarts three times", async () => {
    const dataDir = tempDir();
    const first = await startTestServer({}, { dataDir });
    const { c, id } = await newStudent(first.url);
    const fileId = await uploadRFaq(c);
    await first.close();
    // As a crash leaves it: running, with its tries used up.
    const { openDatabase } = await import("../../src/core/db.ts");
    const db = openDatabase(first.app.config);
    const at = new Date().toISOString();
    const [{ id: jobId }] = await db("jobs").insert({
      user_id: id, kind: "generate", state: "running", attempts: 3, progress_total: 3, created_at: at, updated_at: at,
      params: JSON.stringify({ material_id: fileId, topic: "CRAN", difficulty: "Easy", count: 3, types: ["multiple_choice"], seed: 1 }),
    }).returning("id");
    await db.destroy();
    const second = await startTestServer({}, { dataDir });
    try {
      const job = (await second.app.db("jobs").where({ id: jobId }).first());
      expect(job.state).toBe("failed");
      expect(JSON.parse(job.error).detail).toMatch(/restarted/);
    } finally {
      await second.close();
    }
  });
});

describe("generation through Ollama", () => {
  it("makes a test with the official client against Ollama's wire protocol", async () => {
    const ollama = await startFakeOllama();
    const s = await startTestServer({ OLLAMA_HOST: ollama.url, OLLAMA_MODEL: "llama-fake" });
    try {
      const { c } = await newStudent(s.url);
      const fileId = await uploadRFaq(c);
      const res = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 4 });
      expect(res.status).toBe(200);
      const test = (await c.get(`/api/tests/${res.body.test_id}`)).body;
      expect(test).toMatchObject({ provider: "ollama", model: "llama-fake" });
      expect(test.test_metadata.questions).toHaveLength(4);
      expect(ollama.requests[0]!.body.format).toMatchObject({ type: "object" });
    } finally {
      await s.close();
      await ollama.close();
    }
  });

  it("says clearly when the AI service is not reachable", async () => {
    const port = await unusedPort();
    const s = await startTestServer({ OLLAMA_HOST: `http://127.0.0.1:${port}` });
    try {
      const { c } = await newStudent(s.url);
      const fileId = await uploadRFaq(c);
      const res = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 2 });
      expect(res.status).toBe(502);
      expect(res.body.detail).toBe(`The AI service at http://127.0.0.1:${port} is not reachable: connection refused.`);
    } finally {
      await s.close();
    }
  });
});

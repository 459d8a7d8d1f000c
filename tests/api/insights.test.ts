import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { reply } from "../helpers/fake-openai.ts";
import { uploadPythonErrors } from "../helpers/generation.ts";
import { client, type Client } from "../helpers/http.ts";
import { startWithFakeOllama, startWithFakeOpenAI, type WithFakeAI } from "../helpers/openai-server.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

interface Q {
  answer: string;
  source_pages: number[];
}

/** Generates a test and returns its id and questions (with answers). */
async function makeTest(c: Client, fileId: number, topic: string, difficulty: string, count: number) {
  const res = await c.post("/api/gpt/generate", { file_id: fileId, topic, difficulty, count });
  expect(res.status).toBe(200);
  const questions: Q[] = (await c.get(`/api/tests/${res.body.test_id}`)).body.test_metadata.questions;
  return { id: res.body.test_id as number, questions };
}

/** Submits an attempt answering right exactly the questions in `right`. */
async function attempt(c: Client, test: { id: number; questions: Q[] }, right: number[]) {
  const answers = Object.fromEntries(test.questions.map((q, i) => [String(i), right.includes(i) ? q.answer : "not the answer"]));
  const res = await c.post("/api/tests/submit", { test_id: test.id, answers });
  expect(res.status).toBe(201);
  return res.body.result_id as number;
}

/** Pages cited by these missed questions, counted once per miss, most first (then by page). */
function pageCounts(questions: Q[], misses: number[]) {
  const counts = new Map<number, number>();
  for (const i of misses) for (const p of questions[i]!.source_pages) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 5).map(([page, missed]) => ({ page, missed }));
}

describe("AI insights with the built-in provider", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("answers 401 without a session", async () => {
    const res = await client(server.url).get("/api/ai/insights");
    expect(res.status).toBe(401);
  });

  it("computes each topic's figures exactly from the student's own attempts", async () => {
    const { c } = await newStudent(server.url);
    const { c: other } = await newStudent(server.url, "other");
    const fileId = await uploadPythonErrors(c);
    expect(await other.get("/api/ai/insights")).toMatchObject({ status: 200, body: [] });

    const exceptions = await makeTest(c, fileId, "exceptions", "Medium", 4);
    server.clock.advance(1000);
    const first = await attempt(c, exceptions, [0]); // 25%: missed 1, 2, 3
    server.clock.advance(1000);
    const second = await attempt(c, exceptions, [0, 2]); // 50%: missed 1, 3
    server.clock.advance(1000);
    const cran = await makeTest(c, fileId, "finally clause", "Easy", 2);
    server.clock.advance(1000);
    await attempt(c, cran, [0, 1]); // 100%

    // Another student's activity on the same topic changes nothing here.
    const theirFile = await uploadPythonErrors(other);
    const theirs = await makeTest(other, theirFile, "exceptions", "Hard", 2);
    await attempt(other, theirs, []);

    const res = await c.get("/api/ai/insights");
    expect(res.status).toBe(200);
    expect(res.body.map((t: { topic: string }) => t.topic)).toEqual(["finally clause", "exceptions"]); // latest activity first

    const [easy, medium] = res.body;
    expect(easy).toMatchObject({
      topic: "finally clause",
      created_at: expect.any(String),
      questions: expect.any(Array),
      tests: 1,
      attempts: 1,
      accuracy: 100,
      recent_accuracy: 100,
      change: null,
      most_missed: [],
      next_steps: { take_test: { topic: "finally clause", difficulty: "Medium", study_material_id: fileId, untaken_test_id: null }, flashcards: null, review_pages: [] },
      summary: { source: "figures" },
    });
    expect(easy.next_steps.take_test.reason).toMatch(/100%.*harder/);

    expect(medium).toMatchObject({
      topic: "exceptions",
      test_id: exceptions.id,
      difficulty: "Medium",
      tests: 1,
      attempts: 2,
      accuracy: 37.5, // 3 of 8
      recent_accuracy: 37.5,
      change: 25,
      history: [
        { result_id: first, test_id: exceptions.id, score: 25, correct: 1, total: 4, difficulty: "Medium" },
        { result_id: second, test_id: exceptions.id, score: 50, correct: 2, total: 4, difficulty: "Medium" },
      ],
      next_steps: {
        take_test: { topic: "exceptions", difficulty: "Easy", study_material_id: fileId, untaken_test_id: null },
        flashcards: { result_id: second, missed: 2 },
      },
    });
    expect(medium.questions).toHaveLength(4);
    // Questions 1 and 3 were missed twice of twice; the tie goes to the earlier question.
    expect(medium.most_missed.map((m: { index: number; missed: number; asked: number }) => [m.index, m.missed, m.asked])).toEqual([
      [1, 2, 2],
      [3, 2, 2],
      [2, 1, 2],
    ]);
    expect(medium.most_missed[0]).toMatchObject({ test_id: exceptions.id, source_pages: exceptions.questions[1]!.source_pages, result_id: second });
    expect(medium.next_steps.review_pages).toEqual(
      pageCounts(exceptions.questions, [1, 2, 3, 1, 3]).map((p) => ({ ...p, study_material_id: fileId, filename: "python-errors.pdf", page_unit: "page" })),
    );
    expect(medium.summary.text).toContain("37.5%");
    expect(medium.summary.text).toContain("Next: an Easy test.");

    // The other student sees only their own topic and attempt.
    const mine = (await other.get("/api/ai/insights")).body;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ topic: "exceptions", attempts: 1, accuracy: 0, test_id: theirs.id, next_steps: { take_test: { difficulty: "Medium" } } });
  });

  it("lists a generated but untaken topic with the test to take", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadPythonErrors(c);
    const test = await makeTest(c, fileId, "finally clause", "Hard", 2);
    const [topic] = (await c.get("/api/ai/insights/")).body;
    expect(topic).toMatchObject({ topic: "finally clause", attempts: 0, accuracy: null, history: [], next_steps: { take_test: { difficulty: "Hard", untaken_test_id: test.id } } });
    expect(topic.summary.text).toMatch(/not taken one yet/);
  });
});

/** Registers the hooks of a suite whose server talks to a fake AI; the object is filled before the tests run. */
function withFakeAI(start: () => Promise<WithFakeAI>): WithFakeAI {
  const fake = {} as WithFakeAI;
  beforeAll(async () => void Object.assign(fake, await start()));
  afterAll(() => fake.close());
  afterEach(() => fake.ai.reset());
  return fake;
}

describe("AI insights with a language model", () => {
  const fake = withFakeAI(() => startWithFakeOpenAI({ LLM_TIMEOUT_S: "1" }));

  const summaryRequests = () => fake.ai.requests.filter((r) => r.prompt.includes("<figures>"));
  const summaries = (items: { id: number; summary: string }[]) => reply.content(JSON.stringify({ summaries: items }));

  it("writes the summary from the figures, once per version of them, and falls back to plain sentences when the model fails", async () => {
    const { c } = await newStudent(fake.server.url);
    const fileId = await uploadPythonErrors(c);
    const test = await makeTest(c, fileId, "exceptions", "Medium", 2);
    await attempt(c, test, [0]); // 50%

    fake.ai.script(summaries([{ id: 1, summary: "You got 50% of exceptions right. Review the pages of the question you missed, then take another Medium test." }]));
    const res = await c.get("/api/ai/insights");
    expect(res.status).toBe(200);
    expect(res.body[0].summary).toEqual({ source: "ai", text: "You got 50% of exceptions right. Review the pages of the question you missed, then take another Medium test." });
    const [sent] = summaryRequests();
    expect(sent!.messages[0]!.role).toBe("system");
    const figures = JSON.parse(/<figures>\n([\s\S]*)\n<\/figures>/.exec(sent!.messages[1]!.content)![1]!);
    expect(figures.topics[0]).toMatchObject({ id: 1, topic: "exceptions", attempts: 1, accuracy_percent: 50, next_test: { difficulty: "Medium" } });
    expect(figures.topics[0].most_missed[0]).toMatchObject({ missed: 1, of_attempts: 1, pages: test.questions[1]!.source_pages });

    // Same figures: the cached summary, no second request.
    expect((await c.get("/api/ai/insights")).body[0].summary.source).toBe("ai");
    expect(summaryRequests()).toHaveLength(1);

    // A new attempt changes the figures; the model fails, the plain sentences stand in, and the failure is not retried on every load.
    await attempt(c, test, [0, 1]);
    fake.ai.script(reply.serverError(500));
    const failed = await c.get("/api/ai/insights");
    expect(failed.status).toBe(200);
    expect(failed.body[0].summary.source).toBe("figures");
    expect(failed.body[0].summary.text).toContain("75%");
    expect(summaryRequests()).toHaveLength(2);
    await c.get("/api/ai/insights");
    expect(summaryRequests()).toHaveLength(2);
  });

  it("falls back when the model times out or writes numbers the figures do not hold", async () => {
    const { c } = await newStudent(fake.server.url);
    const fileId = await uploadPythonErrors(c);
    const test = await makeTest(c, fileId, "finally clause", "Easy", 2);
    await attempt(c, test, [1]);

    fake.ai.script(reply.hang());
    const started = Date.now();
    const slow = await c.get("/api/ai/insights");
    expect(slow.status).toBe(200);
    expect(slow.body[0].summary.source).toBe("figures");
    expect(Date.now() - started).toBeLessThan(5000); // LLM_TIMEOUT_S=1 bounds the wait

    await attempt(c, test, [0, 1]);
    fake.ai.script(summaries([{ id: 1, summary: "You scored 97% on finally clause." }]));
    const invented = await c.get("/api/ai/insights");
    expect(invented.body[0].summary.source).toBe("figures");
  });
});

describe("AI insights with Ollama", () => {
  const fake = withFakeAI(() => startWithFakeOllama({ LLM_TIMEOUT_S: "2" }));

  it("asks Ollama for JSON with the figures and uses its summary", async () => {
    const { c } = await newStudent(fake.server.url);
    const fileId = await uploadPythonErrors(c);
    const test = await makeTest(c, fileId, "exceptions", "Easy", 2);
    await attempt(c, test, [0, 1]);
    fake.ai.script(reply.content(JSON.stringify({ summaries: [{ id: 1, summary: "Every answer right: try a Medium test next." }] })));
    const res = await c.get("/api/ai/insights");
    expect(res.body[0].summary).toEqual({ source: "ai", text: "Every answer right: try a Medium test next." });
    const sent = fake.ai.requests.find((r) => r.prompt.includes("<figures>"))!;
    expect(sent.body).toMatchObject({ model: "llama3.2", format: "json", stream: false });
    expect(sent.prompt).toContain('"accuracy_percent":100');
  });
});

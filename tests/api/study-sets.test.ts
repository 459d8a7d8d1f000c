/**
 * Study sets and flashcards: every route, ownership, validation messages, cards written from material
 * grounded in their cited page, FSRS scheduling at the server's clock, progress and due counts, the
 * stats other features read, adding missed questions from a result, and Generate Questions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dueCount, endOfUtcDay, masteredSets, reviewsSince, setProgress } from "../../src/study/sets/stats.ts";
import { LIMITS, MESSAGES } from "../../src/study/sets/schema.ts";
import { newStudent } from "../helpers/accounts.ts";
import { uploadPythonErrors, waitForJobEnd } from "../helpers/generation.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
  await newStudent(server.url, "admin"); // the first account is the administrator, who may see every set
});
afterAll(() => server.close());

const DAY = 24 * 3600 * 1000;
const msg = (body: { detail: unknown }) => (typeof body.detail === "string" ? body.detail : (body.detail as { msg: string }[])[0]!.msg);

async function handSet(c: Client, cards = [{ question: "What is CRAN?", answer: "The Comprehensive R Archive Network" }, { question: "Who maintains R?", answer: "R Core" }]) {
  const res = await c.post("/api/study_sets", { name: "R basics", description: "From class", flashcards: cards });
  expect(res.status).toBe(201);
  return res.body;
}

describe("study sets by hand", () => {
  it("creates, lists, reads, edits and deletes a set and its cards", async () => {
    const { c } = await newStudent(server.url);
    const set = await handSet(c);
    expect(set).toMatchObject({ name: "R basics", title: "R basics", description: "From class", progress: 0, card_count: 2, due_today: 2 });
    expect(set.flashcards).toHaveLength(2);
    expect(set.flashcards[0]).toMatchObject({ question: "What is CRAN?", answer: "The Comprehensive R Archive Network", source_page: null, state: "new", due_now: true });

    const list = await c.get("/study_sets/");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: set.id, name: "R basics", card_count: 2, due_today: 2, progress: 0 })]);
    expect((await c.get(`/study_sets/${set.id}`)).body).toMatchObject({ id: set.id, title: "R basics", flashcards: expect.any(Array) });

    const patched = await c.patch(`/api/study_sets/${set.id}`, { title: "R, the basics", description: "" });
    expect(patched.body).toMatchObject({ name: "R basics", title: "R, the basics", description: "" });

    const added = await c.post(`/api/study_sets/${set.id}/cards`, { question: "  What does CRAN mirror?  ", answer: "Packages", source_page: 3 });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ question: "What does CRAN mirror?", answer: "Packages", source_page: 3, study_set_id: set.id });
    const edited = await c.patch(`/api/flashcards/${added.body.id}`, { answer: "R packages" });
    expect(edited.body).toMatchObject({ question: "What does CRAN mirror?", answer: "R packages" });
    expect((await c.delete(`/api/flashcards/${added.body.id}`)).status).toBe(204);
    expect((await c.get(`/api/study_sets/${set.id}`)).body.card_count).toBe(2);

    expect((await c.delete(`/api/study_sets/${set.id}`)).status).toBe(204);
    expect((await c.get(`/api/study_sets/${set.id}`)).status).toBe(404);
    expect((await c.get("/api/study_sets")).body).toEqual([]);
  });

  it("answers 404 for another student's set or card and 401 without a session", async () => {
    const owner = await newStudent(server.url);
    const other = await newStudent(server.url);
    const set = await handSet(owner.c);
    const card = set.flashcards[0].id;
    for (const [method, path, body] of [
      ["GET", `/api/study_sets/${set.id}`],
      ["PATCH", `/api/study_sets/${set.id}`, { name: "Mine now" }],
      ["DELETE", `/api/study_sets/${set.id}`],
      ["POST", `/api/study_sets/${set.id}/cards`, { question: "Q", answer: "A" }],
      ["POST", `/api/study_sets/${set.id}/generate`, {}],
      ["PATCH", `/api/flashcards/${card}`, { answer: "B" }],
      ["DELETE", `/api/flashcards/${card}`],
      ["POST", `/api/flashcards/${card}/review`, { rating: "good" }],
    ] as const) {
      const res = await other.c.raw(method, path, { body: body ? JSON.stringify(body) : null, headers: { "content-type": "application/json" } });
      expect(res.status, `${method} ${path}`).toBe(404);
      const anonymous = await client(server.url).raw(method, path, { body: body ? JSON.stringify(body) : null, headers: { "content-type": "application/json" } });
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
    }
    expect((await other.c.get("/api/study_sets")).body).toEqual([]);
    expect((await client(server.url).get("/api/study_sets")).status).toBe(401);
    expect((await owner.c.get(`/api/study_sets/${set.id}`)).body.card_count).toBe(2);
  });

  it("bounds every field with a clear message", async () => {
    const { c } = await newStudent(server.url);
    const cases: [unknown, string][] = [
      [{ name: "   " }, MESSAGES.nameEmpty],
      [{}, MESSAGES.nameEmpty],
      [{ name: "x".repeat(LIMITS.name + 1) }, MESSAGES.nameLong],
      [{ name: "ok", title: "t".repeat(LIMITS.title + 1) }, MESSAGES.titleLong],
      [{ name: "ok", description: "d".repeat(LIMITS.description + 1) }, MESSAGES.descriptionLong],
      [{ name: "ok", flashcards: [{ question: "", answer: "A" }] }, MESSAGES.questionEmpty],
      [{ name: "ok", flashcards: [{ question: "Q", answer: " " }] }, MESSAGES.answerEmpty],
      [{ name: "ok", flashcards: [{ question: "q".repeat(LIMITS.question + 1), answer: "A" }] }, MESSAGES.questionLong],
      [{ name: "ok", flashcards: [{ question: "Q", answer: "a".repeat(LIMITS.answer + 1) }] }, MESSAGES.answerLong],
      [{ name: "ok", flashcards: Array.from({ length: LIMITS.cardsPerSet + 1 }, () => ({ question: "Q", answer: "A" })) }, MESSAGES.tooManyCards],
      [{ name: "ok", file_id: 1 }, MESSAGES.topic],
      [{ name: "ok", file_id: 1, topic: "exceptions", count: 0 }, MESSAGES.count],
      [{ name: "ok", file_id: 1, topic: "exceptions", count: 51 }, MESSAGES.count],
    ];
    for (const [body, message] of cases) {
      const res = await c.post("/api/study_sets", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(msg(res.body)).toBe(message);
    }
    const set = await handSet(c);
    const review = await c.post(`/api/flashcards/${set.flashcards[0].id}/review`, { rating: "perfect" });
    expect(review.status).toBe(422);
    expect(msg(review.body)).toBe(MESSAGES.rating);
    expect(msg((await c.patch(`/api/study_sets/${set.id}`, { name: "" })).body)).toBe(MESSAGES.nameEmpty);
    expect(msg((await c.patch(`/api/flashcards/${set.flashcards[0].id}`, { question: " " })).body)).toBe(MESSAGES.questionEmpty);
    expect((await c.get("/api/study_sets/abc")).status).toBe(422);
  });

  it("refuses a card past the per-set limit and a set past the per-user limit", async () => {
    const { c, id } = await newStudent(server.url);
    const set = await handSet(c, Array.from({ length: LIMITS.cardsPerSet }, (_, i) => ({ question: `Q${i}`, answer: "A" })));
    const more = await c.post(`/api/study_sets/${set.id}/cards`, { question: "One more", answer: "A" });
    expect(more.status).toBe(422);
    expect(msg(more.body)).toBe(MESSAGES.tooManyCards);
    const now = new Date().toISOString();
    await server.app.db("study_sets").insert(Array.from({ length: LIMITS.setsPerUser - 1 }, (_, i) => ({ user_id: id, name: `S${i}`, title: `S${i}`, description: "", created_at: now, updated_at: now })));
    const over = await c.post("/api/study_sets", { name: "One too many" });
    expect(over.status).toBe(409);
    expect(msg(over.body)).toBe(MESSAGES.tooManySets);
  });
});

describe("cards written from study material", () => {
  it("writes each card's answer on its cited page, with the configured provider", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadPythonErrors(c);
    const res = await c.post("/study_sets/", { name: "Exceptions", file_id: fileId, topic: "exceptions", count: 5 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ study_material_id: fileId, topic: "exceptions", card_count: 5 });
    const hash = (await server.app.db("study_materials").where({ id: fileId }).first()).hash;
    const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
    for (const card of res.body.flashcards) {
      expect(card.source_page).toBeGreaterThan(0);
      const page = await server.app.db("document_pages").where({ hash, page: card.source_page }).first();
      expect(norm(page.text)).toContain(norm(card.answer));
    }
  });

  it("refuses a topic the material does not cover, and another student's file", async () => {
    const owner = await newStudent(server.url);
    const other = await newStudent(server.url);
    const fileId = await uploadPythonErrors(owner.c);
    const missing = await owner.c.post("/api/study_sets", { name: "X", file_id: fileId, topic: "photosynthesis", count: 3 });
    expect(missing.status).toBe(422);
    expect(msg(missing.body)).toContain("does not appear in this study material");
    expect((await other.c.post("/api/study_sets", { name: "X", file_id: fileId, topic: "exceptions", count: 3 })).status).toBe(404);
    expect((await owner.c.get("/api/study_sets")).body).toEqual([]);
  });

  it("Generate Questions makes a practice test from the set's material and topic", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadPythonErrors(c);
    const set = (await c.post("/api/study_sets", { name: "Exceptions", file_id: fileId, topic: "exceptions", count: 3 })).body;
    const started = await c.post(`/api/study_sets/${set.id}/generate`, { count: 4 });
    expect(started.status).toBe(202);
    const job = await waitForJobEnd(c, started.body.job_id);
    expect(job.state).toBe("done");
    const test = await c.get(`/api/tests/${job.test_id}`);
    expect(test.body).toMatchObject({ study_material_id: fileId, test_metadata: { topic: "exceptions" } });
    expect(test.body.test_metadata.questions).toHaveLength(4);
    // A set typed in has no material to write from: its test is made of its own cards, multiple choice
    // when there are three other answers to offer, short answer otherwise, and taken like any test.
    const typed = await handSet(c, [
      { question: "What is CRAN?", answer: "The Comprehensive R Archive Network" },
      { question: "Who maintains R?", answer: "R Core" },
      { question: "Which function installs a package?", answer: "install.packages" },
      { question: "Which function loads a package?", answer: "library" },
    ]);
    const fromCards = await c.post(`/api/study_sets/${typed.id}/generate`, { count: 3 });
    expect(fromCards.status).toBe(202);
    const cardsJob = await waitForJobEnd(c, fromCards.body.job_id);
    expect(cardsJob.state).toBe("done");
    const cardsTest = (await c.get(`/api/tests/${cardsJob.test_id}`)).body;
    expect(cardsTest).toMatchObject({ name: "R basics (flashcards)", provider: "study-set", study_material_id: null });
    const questions = cardsTest.test_metadata.questions;
    expect(questions).toHaveLength(3);
    for (const q of questions) {
      const card = typed.flashcards.find((f: { question: string }) => f.question === q.question);
      expect(q).toMatchObject({ type: "multiple_choice", answer: card.answer });
      expect(new Set(q.options).size).toBe(4);
      expect(q.options).toContain(card.answer);
    }
    const graded = await c.post("/tests/submit", { test_id: cardsJob.test_id, answers: Object.fromEntries(questions.map((q: { answer: string }, i: number) => [i, q.answer])) });
    expect(graded.body.score).toBe(100);
    const twoCards = await handSet(c);
    const short = await waitForJobEnd(c, (await c.post(`/api/study_sets/${twoCards.id}/generate`, {})).body.job_id);
    expect((await c.get(`/api/tests/${short.test_id}`)).body.test_metadata.questions.map((q: { type: string }) => q.type)).toEqual(["short_answer", "short_answer"]);
    const empty = (await c.post("/api/study_sets", { name: "Empty" })).body;
    const refused = await c.post(`/api/study_sets/${empty.id}/generate`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("This study set has no cards yet: add some, then generate questions.");
    // The spec's free generation without a file still answers as before (builtin: it needs an AI provider).
    const free = await c.post("/gpt/generate", { prompt: "Photosynthesis basics" });
    expect(free.status).toBe(422);
    expect(free.body.detail).toBe("Generating without study material needs an AI provider.");
  });
});

describe("studying with FSRS at the server's clock", () => {
  it("brings Again back the same day and Easy days later; progress and due counts follow", async () => {
    const { c, id, email, password } = await newStudent(server.url);
    const set = await handSet(c);
    const [first, second] = set.flashcards;
    // "Due today" ends at midnight UTC: from noon, a card due in ten minutes is due today whatever the wall clock says
    // (the CI once ran this at 23:55, and the card graded Again fell due the next day).
    const noon = new Date(server.app.clock.now());
    noon.setUTCHours(12, 0, 0, 0);
    if (noon <= server.app.clock.now()) noon.setUTCDate(noon.getUTCDate() + 1);
    server.clock.advance(noon.getTime() - server.app.clock.now().getTime());
    const start = server.app.clock.now();

    const again = await c.post(`/api/flashcards/${first.id}/review`, { rating: "again" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ rating: "again", state: "learning", due_now: false, reps: 1, progress: 0 });
    const againDue = new Date(again.body.due).getTime() - start.getTime();
    expect(againDue).toBeGreaterThan(0);
    expect(againDue).toBeLessThan(15 * 60 * 1000);

    const easy = await c.post(`/api/flashcards/${second.id}/review`, { rating: "easy" });
    expect(easy.body).toMatchObject({ rating: "easy", state: "review", progress: 50 });
    expect(new Date(easy.body.due).getTime() - start.getTime()).toBeGreaterThan(2 * DAY);
    expect(easy.body.scheduled_days).toBeGreaterThanOrEqual(2);

    let detail = (await c.get(`/api/study_sets/${set.id}`)).body;
    expect(detail).toMatchObject({ progress: 50, due_today: 1 });
    expect(detail.flashcards.map((f: { due_now: boolean }) => f.due_now)).toEqual([false, false]);

    // Ten minutes later by the server's clock, the card graded Again is due again.
    server.clock.advance(10 * 60 * 1000);
    detail = (await c.get(`/api/study_sets/${set.id}`)).body;
    expect(detail.flashcards.map((f: { due_now: boolean }) => f.due_now)).toEqual([true, false]);
    expect(await dueCount(server.app.db, id, server.app.clock.now())).toBe(1);

    // Good twice moves it through learning to review: the set is learned, and mastered.
    let good = await c.post(`/api/flashcards/${first.id}/review`, { rating: "good" });
    server.clock.advance(new Date(good.body.due).getTime() - server.app.clock.now().getTime() + 1000);
    good = await c.post(`/api/flashcards/${first.id}/review`, { rating: "good" });
    expect(good.body).toMatchObject({ state: "review", progress: 100 });
    expect(await setProgress(server.app.db, id, set.id)).toBe(100);
    expect(await masteredSets(server.app.db, id)).toEqual([set.id]);
    expect(await reviewsSince(server.app.db, id, start.toISOString())).toBe(4);
    expect(await reviewsSince(server.app.db, id, server.app.clock.now().toISOString())).toBe(0);
    expect((await c.get("/api/study_sets")).body[0]).toMatchObject({ progress: 100, due_today: 0 });

    // The Easy card is not due tomorrow, and is once its day comes.
    const easyDue = new Date(easy.body.due);
    expect(easyDue.getTime()).toBeGreaterThan(Date.parse(endOfUtcDay(new Date(server.app.clock.now().getTime() + DAY))));
    const firstDueThen = good.body.due < endOfUtcDay(easyDue) ? 1 : 0;
    expect(await dueCount(server.app.db, id, new Date(easyDue.getTime() - 2 * DAY))).toBe(good.body.due < endOfUtcDay(new Date(easyDue.getTime() - 2 * DAY)) ? 1 : 0);
    expect(await dueCount(server.app.db, id, easyDue)).toBe(1 + firstDueThen);
    server.clock.advance(new Date(easy.body.due).getTime() - server.app.clock.now().getTime() + 1000);
    const c2 = client(server.url);
    expect((await c2.post("/api/auth/login", { email, password })).status).toBe(200);
    const later = (await c2.get(`/api/study_sets/${set.id}`)).body;
    expect(later.flashcards[1].due_now).toBe(true);
    expect(later.due_today).toBeGreaterThanOrEqual(1);
  });

  it("answers null and nothing for sets that are not the user's", async () => {
    const owner = await newStudent(server.url);
    const other = await newStudent(server.url);
    const set = await handSet(owner.c);
    expect(await setProgress(server.app.db, other.id, set.id)).toBeNull();
    expect(await setProgress(server.app.db, owner.id, set.id)).toBe(0);
    expect(await masteredSets(server.app.db, owner.id)).toEqual([]);
    expect(await dueCount(server.app.db, other.id, server.app.clock.now())).toBe(0);
  });
});

describe("the questions I missed", () => {
  it("creates a set from a result's missed questions, then extends one without repeating a card", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadPythonErrors(c);
    const gen = await c.post("/gpt/generate", { file_id: fileId, topic: "exceptions", count: 4 });
    const test = (await c.get(`/api/tests/${gen.body.test_id}`)).body;
    const questions = test.test_metadata.questions;
    const result = await c.post("/tests/submit", { test_id: gen.body.test_id, answers: { "0": questions[0].answer } });

    const made = await c.post("/api/study_sets/from-result", { result_id: result.body.result_id });
    expect(made.status).toBe(201);
    expect(made.body.added).toBe(3);
    expect(made.body.study_set).toMatchObject({ study_material_id: fileId, topic: "exceptions", card_count: 3 });
    expect(made.body.study_set.flashcards.map((f: { question: string }) => f.question)).toEqual(questions.slice(1).map((q: { question: string }) => q.question));
    expect(made.body.study_set.flashcards[0]).toMatchObject({ answer: questions[1].answer, source_page: questions[1].source_pages[0] });

    const mine = await handSet(c);
    const extended = await c.post("/api/study_sets/from-result", { result_id: result.body.result_id, study_set_id: mine.id });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ added: 3, study_set: { id: mine.id, card_count: 5 } });
    const again = await c.post("/api/study_sets/from-result", { result_id: result.body.result_id, study_set_id: mine.id });
    expect(again.body).toMatchObject({ added: 0, study_set: { card_count: 5 } });

    const other = await newStudent(server.url);
    expect((await other.c.post("/api/study_sets/from-result", { result_id: result.body.result_id })).status).toBe(404);
    const otherSet = await handSet(other.c);
    expect((await c.post("/api/study_sets/from-result", { result_id: result.body.result_id, study_set_id: otherSet.id })).status).toBe(404);
    expect((await client(server.url).post("/api/study_sets/from-result", { result_id: 1 })).status).toBe(401);

    // A perfect result has nothing to add: no empty set is made.
    const perfect = await c.post("/tests/submit", { test_id: gen.body.test_id, answers: Object.fromEntries(questions.map((q: { answer: string }, i: number) => [i, q.answer])) });
    const sets = (await c.get("/api/study_sets")).body.length;
    const nothing = await c.post("/api/study_sets/from-result", { result_id: perfect.body.result_id });
    expect(nothing.status).toBe(409);
    expect(nothing.body.detail).toBe("You missed no questions in this test, so there is nothing to add.");
    expect((await c.get("/api/study_sets")).body).toHaveLength(sets);
  });
});

/**
 * Per-person limits that must hold across instances: two `studyforge serve` processes on one database
 * and data directory (on the "postgres" project, its PostgreSQL database), with the AI provider a fake
 * OpenAI server that can be told to keep a request waiting. A student who spreads requests over both
 * instances still gets one piece of slow work at a time.
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeContext, openContext } from "../../src/core/bootstrap.ts";
import { loadConfig } from "../../src/core/config.ts";
import type { AppContext } from "../../src/core/context.ts";
import type { Question } from "../../src/generation/providers/types.ts";
import { insertTest } from "../../src/generation/service.ts";
import { newStudent } from "../helpers/accounts.ts";
import { exited, freePort, spawnServer } from "../helpers/cli.ts";
import { startFakeOpenAI, reply, type FakeAIServer } from "../helpers/fake-openai.ts";
import { uploadRFaq } from "../helpers/generation.ts";
import { sameBrowser, type Client } from "../helpers/http.ts";
import { testDatabase } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/server.ts";

const dataDir = tempDir("studyforge-instance-limits-");
let ai: FakeAIServer;
let a: { child: ChildProcess; url: string };
let b: { child: ChildProcess; url: string };
let app: AppContext;

beforeAll(async () => {
  ai = await startFakeOpenAI();
  const database = await testDatabase({}, dataDir);
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SCAN_WORKERS: "1",
    // The free-generation limit stays on, but far from the few sets asked for here.
    RATE_LIMIT_FACTOR: "100",
    LLM_PROVIDER: "openai",
    OPENAI_BASE_URL: ai.url,
    OPENAI_API_KEY: "sk-test",
    ...(database && { DATABASE_URL: database.url }),
  };
  const started = await Promise.all([0, 1].map(async () => spawnServer({ ...env, PORT: String(await freePort()) })));
  [a, b] = [started[0]!, started[1]!];
  app = await openContext(loadConfig(env));
}, 60_000);

afterAll(async () => {
  if (app) await closeContext(app);
  for (const s of [a, b]) {
    if (!s) continue;
    s.child.kill("SIGTERM");
    await exited(s.child);
  }
  await ai?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

describe("one student's limits across two instances", () => {
  it("write one set of flashcards at a time: while one instance writes, the other answers 429, and takes the next once it ends", async () => {
    const { c } = await newStudent(a.url);
    const fileId = await uploadRFaq(c);
    const body = { name: "Packages", file_id: fileId, topic: "packages", count: 3 };
    ai.script(reply.hang());
    // Instance A asks the provider, which keeps it waiting.
    const gone = new AbortController();
    const first = fetch(`${a.url}/api/study_sets`, {
      method: "POST",
      headers: { cookie: cookieOf(c), origin: a.url, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: gone.signal,
    }).catch(() => undefined);
    await vi.waitFor(() => expect(ai.requests.length).toBe(1), { timeout: 15_000 });

    const onB = sameBrowser(c, b.url);
    const refused = await onB.post("/api/study_sets", body);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe("Questions are already being written for you. Wait for them to finish.");

    // The student gives up on A: its writing stops, and B writes the next set.
    gone.abort();
    await first;
    await vi.waitFor(async () => expect((await onB.post("/api/study_sets", body)).status).toBe(201), { timeout: 15_000, interval: 200 });
  }, 60_000);

  it("make one export at a time per person: two long exports asked of both instances at once, one is refused", async () => {
    const student = await newStudent(a.url);
    const testId = await longTest(student);
    const both = await Promise.all([student.c, sameBrowser(student.c, b.url)].map((c) => c.raw("GET", `/api/tests/${testId}/export?format=pdf&key=1`)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    const refused = both.find((r) => r.status === 429)!;
    expect((await refused.json()).detail).toBe("One of your exports is still being made. Wait for it to finish, then download the next file.");
  }, 60_000);
});

/** A long test (100 questions of about 1,000 characters each): its PDF takes a while to make. */
async function longTest(user: { id: number; username: string; email: string }): Promise<number> {
  const questions: Question[] = Array.from({ length: 100 }, (_, i) => ({
    question: `Question ${i + 1}: ${"which of these statements about the material is true and why ".repeat(16)}`,
    type: "multiple_choice",
    options: ["A", "B", "C", "D"].map((l) => `Option ${l}: ${"a considered answer ".repeat(6)}`),
    answer: `Option C: ${"a considered answer ".repeat(6)}`.trim(),
    explanation: "Because the material says so on the page cited. ".repeat(6),
    source_pages: [i + 1],
  }));
  const scope = { ...app, user: { ...user, role: "student" as const, is_admin: false, is_verified: true } };
  const { test_id } = await insertTest(scope, { study_material_id: null, name: "Long exam", topic: "R basics", difficulty: "Medium", question_types: ["multiple_choice"], provider: "builtin", model: "test", seed: 1, questions });
  return test_id;
}

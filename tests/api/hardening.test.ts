/**
 * Findings of the security review that concern any request: hostile bodies must be answered at once
 * without holding up anyone else, a client's broken body is the client's error, names are cleaned,
 * numbers are numbers, and the UI's sources are not published.
 */
import { gzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { uploadRFaq } from "../helpers/generation.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
/** What the server logged at warn level or above, as parsed JSON lines. */
const logged: { level: number; msg: string }[] = [];

beforeAll(async () => {
  const log = pino({ level: "warn", base: undefined }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  server = await startTestServer({}, { log });
});
afterAll(() => server.close());

/** Sends `body` and, while the server works on it, asks for health `probes` times. */
async function whileSending(send: () => Promise<{ status: number; body: any }>, probes = 5) {
  const pending = send();
  const health: number[] = [];
  for (let i = 0; i < probes; i++) health.push((await fetch(`${server.url}/api/health`)).status);
  return { res: await pending, health };
}

describe("hostile request bodies", () => {
  it("refuses a 20,000-entry question_types list in one step, with a handful of issues, while health answers", async () => {
    const { c } = await newStudent(server.url);
    const question_types = Array.from({ length: 20_000 }, (_, i) => `type-${i}`);
    const { res, health } = await whileSending(() => c.post("/gpt/generate", { file_id: 1, topic: "x", question_types }));
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ["body", "question_types"], msg: "Question types must be a list of multiple_choice, true_false and short_answer.", type: "too_big" },
    ]);
    expect(health).toEqual([200, 200, 200, 200, 200]);
  });

  it("refuses a 10,000-key answers map, and reports at most 10 issues for many bad keys", async () => {
    const { c } = await newStudent(server.url);
    const many = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, "x"]));
    const { res, health } = await whileSending(() => c.post("/tests/submit", { test_id: 1, answers: many }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("A test has at most 200 questions to answer.");
    expect(health.every((s) => s === 200)).toBe(true);

    const bad = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`q${i}`, "x"]));
    const res2 = await c.post("/tests/submit", { test_id: 1, answers: bad });
    expect(res2.status).toBe(422);
    expect(res2.body.detail).toHaveLength(10);
    expect(res2.body.detail[0].msg).toBe("Answers are keyed by question index (0, 1, 2, …).");
  });

  it("answers a body at the size limit full of wrong types at once, for every kind of field", async () => {
    const { c } = await newStudent(server.url);
    const junk = Array.from({ length: 20_000 }, (_, i) => ({ i }));
    for (const [path, body] of [
      ["/api/auth/login", { email: junk, password: junk }],
      ["/gpt/generate", { file_id: junk, topic: junk, count: junk, difficulty: junk }],
      ["/tests/submit", { test_id: junk, answers: junk }],
    ] as const) {
      const res = await c.post(path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.detail.length, path).toBeLessThanOrEqual(10);
    }
  });
});

describe("strict values", () => {
  it("refuses true, an empty string and 1e3 as a question count instead of coercing them", async () => {
    const { c } = await newStudent(server.url);
    for (const count of [true, "", "1e3", [5], 2.5]) {
      const res = await c.post("/gpt/generate", { file_id: 1, topic: "packages", count });
      expect(res.status, JSON.stringify(count)).toBe(422);
      expect(res.body.message).toBe("Number of questions must be between 1 and 50.");
    }
    expect((await c.post("/tests/submit", { test_id: true, answers: {} })).status).toBe(422);
  });

  it("strips control and bidirectional characters from the topic before it names a test", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const res = await c.post("/gpt/generate", { file_id: fileId, topic: "\u202epack\u0000ages\u2066\u200f", count: 2 });
    expect(res.status).toBe(200);
    const test = (await c.get(`/api/tests/${res.body.test_id}`)).body;
    expect(test.name).toBe("Packages (Easy)");
    expect(test.test_metadata.topic).toBe("packages");
    const blank = await c.post("/gpt/generate", { file_id: fileId, topic: "\u0000\u202e " });
    expect(blank.status).toBe(422);
    expect(blank.body.message).toBe("Topic is required.");
  });
});

describe("broken bodies are the client's error", () => {
  it("answers 400 to a gzip body that is not gzip, 415 to an unknown encoding, and logs neither as an error", async () => {
    const send = (encoding: string, body: Buffer<ArrayBuffer> | string) =>
      fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", "content-encoding": encoding }, body });
    const before = logged.length;
    const notGzip = await send("gzip", '{"email":"a@b.c","password":"x"}');
    expect(notGzip.status).toBe(400);
    expect((await notGzip.json()).detail).toBe("The request body could not be decompressed: it does not match its Content-Encoding.");
    const unknown = await send("compress", "xyz");
    expect(unknown.status).toBe(415);
    // A real gzip body is read as usual (the login then fails as a login).
    const real = await send("gzip", gzipSync('{"email":"nobody@school.example","password":"wrong-password"}'));
    expect(real.status).toBe(401);
    expect(logged.slice(before).filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe("the built UI", () => {
  it("publishes no source maps", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await (await fetch(server.url + script)).text();
    expect(js).not.toContain("sourceMappingURL");
    expect((await fetch(`${server.url}${script}.map`)).status).toBe(404);
  });
});

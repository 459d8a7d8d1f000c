import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { uploadRFaq } from "../helpers/generation.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const testsOf = async (userId: number) => Number((await server.app.db("tests").where({ user_id: userId }).count({ n: "*" }).first())!.n);
const jobsOf = async (userId: number) => Number((await server.app.db("jobs").where({ user_id: userId }).count({ n: "*" }).first())!.n);
const userId = async (email: string) => (await server.app.db("users").where({ email }).first("id")).id as number;

describe("POST /api/gpt/generate with an Idempotency-Key", () => {
  it("answers a retry, and a second request sent at once, with the first request's test: one job, one test", async () => {
    const { c, email } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const body = { file_id: fileId, topic: "packages", count: 3 };
    const [a, b] = await Promise.all([c.post("/api/gpt/generate", body, { "Idempotency-Key": "gen-1" }), c.post("/api/gpt/generate", body, { "Idempotency-Key": "gen-1" })]);
    // The one sent at once may be told the first is still being answered, never given a second test.
    const answered = [a, b].filter((r) => r.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    const retry = await c.post("/api/gpt/generate", body, { "Idempotency-Key": "gen-1" });
    expect(retry.status).toBe(200);
    expect(retry.body.test_id).toBe(answered[0]!.body.test_id);
    expect(new Set(answered.map((r) => r.body.test_id))).toEqual(new Set([retry.body.test_id]));
    const id = await userId(email);
    expect(await testsOf(id)).toBe(1);
    expect(await jobsOf(id)).toBe(1);
    // Another key is another request.
    const other = await c.post("/api/gpt/generate", body, { "Idempotency-Key": "gen-2" });
    expect(other.status).toBe(200);
    expect(other.body.test_id).not.toBe(retry.body.test_id);
    expect(await testsOf(id)).toBe(2);
  });

  it("follows the first request's job when the retry asks for the job (async)", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const body = { file_id: fileId, topic: "packages", count: 3, async: true };
    const first = await c.post("/api/gpt/generate", body, { "Idempotency-Key": "async-1" });
    expect(first.status).toBe(202);
    const again = await c.post("/api/gpt/generate", body, { "Idempotency-Key": "async-1" });
    expect(again.status).toBe(202);
    expect(again.body.job_id).toBe(first.body.job_id);
  });

  it("frees the key when the request failed before starting anything, and keeps one user's keys from another's", async () => {
    const { c, email } = await newStudent(server.url);
    const refused = await c.post("/api/gpt/generate", { file_id: 999_999, topic: "packages", count: 3 }, { "Idempotency-Key": "shared-key" });
    expect(refused.status).toBe(404);
    const fileId = await uploadRFaq(c);
    const ok = await c.post("/api/gpt/generate", { file_id: fileId, topic: "packages", count: 3 }, { "Idempotency-Key": "shared-key" });
    expect(ok.status).toBe(200);
    expect(await testsOf(await userId(email))).toBe(1);

    const other = await newStudent(server.url);
    const theirFile = await uploadRFaq(other.c);
    const theirs = await other.c.post("/api/gpt/generate", { file_id: theirFile, topic: "packages", count: 3 }, { "Idempotency-Key": "shared-key" });
    expect(theirs.status).toBe(200);
    expect(theirs.body.test_id).not.toBe(ok.body.test_id);
  });

  it("forgets a key after 24 hours, and refuses one too long with 422", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const body = { file_id: fileId, topic: "packages", count: 3 };
    const first = await c.post("/api/gpt/generate", body, { "Idempotency-Key": "daily" });
    server.clock.advance(24 * 3600_000 + 1000);
    try {
      const later = await c.post("/api/gpt/generate", body, { "Idempotency-Key": "daily" });
      expect(later.status).toBe(200);
      expect(later.body.test_id).not.toBe(first.body.test_id);
    } finally {
      server.clock.advance(-(24 * 3600_000 + 1000));
    }
    const long = await c.post("/api/gpt/generate", body, { "Idempotency-Key": "k".repeat(129) });
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.body.detail)).toMatch(/Idempotency-Key is too long/);
  });
});

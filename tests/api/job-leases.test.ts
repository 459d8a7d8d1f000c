/**
 * Jobs on a lease (core/jobs.ts), on SQLite and (project "postgres") on PostgreSQL: a job whose instance
 * died is finished by another, one whose instance is alive is left to it, and a job is followed to its
 * end through an instance that does not run it.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { uploadRFaq } from "../helpers/generation.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, tempDir, type TestServer } from "../helpers/server.ts";

const dataDir = tempDir();
let a: TestServer;
let b: TestServer;
let student: { c: Client; id: number };
let fileId: number;

beforeAll(async () => {
  // Two instances on one database and one data directory, as behind a load balancer.
  a = await startTestServer({}, { dataDir });
  b = await startTestServer({}, { dataDir });
  student = await newStudent(a.url);
  fileId = await uploadRFaq(student.c);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The events of a job's Server-Sent Events stream, read to its end. */
async function followEvents(c: Client, jobId: number) {
  const res = await c.raw("GET", `/api/jobs/${jobId}/events`, { headers: { accept: "text/event-stream" } });
  const text = await res.text();
  return [...text.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map((m) => ({ event: m[1], data: JSON.parse(m[2]!) }));
}

/** A generation job as an instance that was running it left it. */
async function insertRunningJob(holder: string, leaseUntil: Date) {
  const at = new Date().toISOString();
  const params = { material_id: fileId, topic: "CRAN", difficulty: "Easy", count: 3, types: ["multiple_choice"], seed: 7 };
  const [row] = await a.app.db("jobs")
    .insert({ user_id: student.id, kind: "generate", state: "running", attempts: 1, progress_total: 3, params: JSON.stringify(params), claimed_by: holder, lease_until: leaseUntil.toISOString(), created_at: at, updated_at: at })
    .returning("id");
  return (typeof row === "object" ? row.id : row) as number;
}

describe("a job whose instance died", () => {
  it("is taken over once its lease ran out and finished, while a job of a live instance is left to it", async () => {
    // Older, so it would be claimed first if live leases were taken too.
    const alive = await insertRunningJob("other-host:4242:alive", new Date(Date.now() + 10 * 60_000));
    const dead = await insertRunningJob("gone-host:99:killed", new Date(Date.now() - 1000));

    const events = await followEvents(student.c, dead);
    expect(events.at(-1)).toMatchObject({ event: "done", data: { job_id: dead, state: "done", test_id: expect.any(Number) } });
    const finished = await a.app.db("jobs").where({ id: dead }).first();
    expect(finished).toMatchObject({ state: "done", attempts: 2, claimed_by: null, lease_until: null });
    const test = await student.c.get(`/api/tests/${events.at(-1)!.data.test_id}`);
    expect(test.status).toBe(200);
    expect(test.body.test_metadata.questions.length).toBeGreaterThan(0);

    expect(await a.app.db("jobs").where({ id: alive }).first()).toMatchObject({ state: "running", claimed_by: "other-host:4242:alive", attempts: 1 });
    await a.app.db("jobs").where({ id: alive }).update({ state: "cancelled" });
  });
});

describe("a job whose process on this machine is gone (kill -9)", () => {
  it("is resumed at once, before its lease runs out", async () => {
    const gone = spawnSync("true").pid!;
    const job = await insertRunningJob(`${os.hostname()}:${gone}:crashed`, new Date(Date.now() + 10 * 60_000));
    const events = await followEvents(student.c, job);
    expect(events.at(-1)).toMatchObject({ event: "done", data: { job_id: job, state: "done", test_id: expect.any(Number) } });
    expect(await a.app.db("jobs").where({ id: job }).first()).toMatchObject({ state: "done", attempts: 2 });
  });
});

describe("two instances on one database", () => {
  it("follows a job queued through one to its end through the other, and the session works on both", async () => {
    const started = await student.c.post("/api/gpt/generate", { file_id: fileId, topic: "packages", count: 4, async: true });
    expect(started.status).toBe(202);
    const onB = client(b.url);
    for (const [k, v] of student.c.cookies) onB.cookies.set(k, v);
    expect((await onB.get("/api/auth/me")).body.id).toBe(student.id);
    const viaB = await followEvents(onB, started.body.job_id);
    expect(viaB.at(-1)).toMatchObject({ event: "done", data: { job_id: started.body.job_id, state: "done", test_id: expect.any(Number) } });
  });
});

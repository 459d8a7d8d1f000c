/**
 * Notifications (issue 11): each route's access rules and validation, notifications written by the
 * events (a generation that ended while the student was elsewhere, an announcement, a goal reached,
 * cards due today), read state per user, and the maintenance job removing old read ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMaintenance } from "../../src/admin/maintenance.ts";
import { maintenanceTasks } from "../../src/server.ts";
import { onJobOutcome, type JobOutcome } from "../../src/core/jobs.ts";
import { notify, notifyGenerationOutcome, remindEveryoneOfDueCards } from "../../src/study/notifications/service.ts";
import { newStudent } from "../helpers/accounts.ts";
import { uploadRFaq, waitForJobEnd } from "../helpers/generation.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let admin: Awaited<ReturnType<typeof newStudent>>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
  admin = await newStudent(server.url, "admin"); // the first account administers
});
afterAll(() => server.close());

interface Item {
  id: number;
  source: string;
  kind: string;
  message: string;
  link: string | null;
  read: boolean;
}
const list = async (c: Client, query = ""): Promise<{ items: Item[]; unread: number }> => (await c.get(`/api/notifications${query}`)).body;
const ofKind = async (c: Client, kind: string) => (await list(c)).items.filter((n) => n.kind === kind);

describe("notification routes", () => {
  it("answer 401 without a session", async () => {
    const anonymous = client(server.url);
    expect((await anonymous.get("/api/notifications")).status).toBe(401);
    expect((await anonymous.post("/api/notifications/read-all")).status).toBe(401);
    expect((await anonymous.post("/api/notifications/1/read")).status).toBe(401);
    expect((await anonymous.post("/api/notifications/announcements/1/read")).status).toBe(401);
  });

  it("start empty and refuse a bad limit with its message", async () => {
    const { c } = await newStudent(server.url);
    expect(await list(c)).toEqual({ items: [], unread: 0 });
    for (const limit of ["0", "51", "many"]) {
      const res = await c.get(`/api/notifications?limit=${limit}`);
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toBe("limit must be between 1 and 50.");
    }
    expect((await c.post("/api/notifications/abc/read")).status).toBe(422);
  });
});

describe("events that notify", () => {
  it("a generation that finished while the student was elsewhere, but not one they waited for", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    // Waited for: the synchronous call answered with the test itself.
    expect((await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 2 })).status).toBe(200);
    // Started and left: nobody follows the job (no event stream, no waiting request).
    const started = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 2, async: true });
    expect(started.status).toBe(202);
    const done = await waitForJobEnd(c, started.body.job_id);
    const items = await ofKind(c, "generation_done");
    expect(items).toEqual([
      expect.objectContaining({ source: "notification", message: "Your practice test is ready. Open it to preview and start it.", link: `/generated-test?id=${done.test_id}`, read: false }),
    ]);
  });

  it("is there as soon as the job is seen to end, and a failing outcome listener undoes only its own writes", async () => {
    const { c, id } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    let slowListenerDone = false;
    const removeSlow = onJobOutcome(server.app, async () => {
      await new Promise((r) => setTimeout(r, 400));
      slowListenerDone = true;
    });
    const removeFailing = onJobOutcome(server.app, async (scope) => {
      await notify(scope, id, { kind: "goal_reached", message: "half-written", event_key: "test:failing-listener" });
      throw new Error("listener failed after writing");
    });
    try {
      const started = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 2, async: true });
      const done = await waitForJobEnd(c, started.body.job_id);
      // The job's end is recorded in the transaction its listeners write in: nobody sees one without the other.
      expect(slowListenerDone).toBe(true);
      expect(done.state).toBe("done");
      expect((await list(c)).items.map((n) => n.message)).toEqual(["Your practice test is ready. Open it to preview and start it."]);
    } finally {
      removeSlow();
      removeFailing();
    }
  });

  it("a generation that failed, with the reason, once; a followed one or another kind of job, not at all", async () => {
    const { c, id } = await newStudent(server.url);
    const listener = (outcome: JobOutcome) => notifyGenerationOutcome(server.app, outcome);
    const failed = { job_id: 990001, state: "failed" as const, progress: { done: 0, total: 3 }, error: { status: 410, detail: "The study material was deleted before the test could be generated." } };
    await listener({ job: failed, userId: id, kind: "generate", watched: false });
    await listener({ job: failed, userId: id, kind: "generate", watched: false });
    await listener({ job: { ...failed, job_id: 990002 }, userId: id, kind: "generate", watched: true });
    await listener({ job: { ...failed, job_id: 990003 }, userId: id, kind: "batch", watched: false });
    expect(await ofKind(c, "generation_failed")).toEqual([
      expect.objectContaining({ message: "A practice test could not be generated. The study material was deleted before the test could be generated.", link: "/testgenerator" }),
    ]);
    expect((await list(c)).unread).toBe(1);
  });

  it("a goal reached, once", async () => {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    const gen = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 2 });
    await c.post("/api/goals", { kind: "tests_taken", target: 1, title: "One test today" });
    await c.post("/tests/submit", { test_id: gen.body.test_id, answers: {} });
    await c.post("/tests/submit", { test_id: gen.body.test_id, answers: {} });
    await c.get("/api/dashboard");
    expect(await ofKind(c, "goal_reached")).toEqual([expect.objectContaining({ message: "Goal reached: One test today.", link: "/goals", read: false })]);
  });

  it("cards due today, at most once a day", async () => {
    const { c } = await newStudent(server.url);
    await c.post("/api/study_sets", { name: "Packages", flashcards: [{ question: "Where do packages come from?", answer: "CRAN" }, { question: "Load one with?", answer: "library()" }] });
    const { c: idle } = await newStudent(server.url);
    await remindEveryoneOfDueCards(server.app);
    await remindEveryoneOfDueCards(server.app);
    expect(await ofKind(c, "cards_due")).toEqual([expect.objectContaining({ message: "You have 2 flashcards due today.", link: "/study-sets" })]);
    expect((await c.get("/api/dashboard")).body.cards_due_today).toBe(2);
    expect(await list(idle)).toEqual({ items: [], unread: 0 });
  });

  it("an announcement: everyone since it sees it, each with their own read mark", async () => {
    const first = await newStudent(server.url);
    const second = await newStudent(server.url);
    const posted = await admin.c.post("/api/admin/announcements", { message: "The library closes early on Friday." });
    expect(posted.status).toBe(201);
    const later = await newStudent(server.url);

    const [seen] = await ofKind(first.c, "announcement");
    expect(seen).toEqual({ id: posted.body.id, source: "announcement", kind: "announcement", message: "The library closes early on Friday.", link: null, read: false, created_at: posted.body.created_at });
    expect((await list(first.c)).unread).toBe(1);
    expect((await first.c.get("/api/dashboard")).body.notifications[0]).toMatchObject({ message: "The library closes early on Friday.", read: false });

    const read = await first.c.post(`/api/notifications/announcements/${posted.body.id}/read`);
    expect(read.body).toMatchObject({ id: posted.body.id, read: true });
    expect((await list(first.c)).unread).toBe(0);
    expect((await ofKind(second.c, "announcement"))[0]!.read).toBe(false);
    // An account made after the announcement does not get it.
    expect(await ofKind(later.c, "announcement")).toEqual([]);
    expect((await later.c.post(`/api/notifications/announcements/${posted.body.id}/read`)).status).toBe(404);
  });
});

describe("read state", () => {
  it("marks one read, then all, and keeps them from another student (404)", async () => {
    const owner = await newStudent(server.url);
    await owner.c.post("/api/goals", { kind: "tests_taken", target: 1 });
    const fileId = await uploadRFaq(owner.c);
    const gen = await owner.c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 2, async: true });
    const job = await waitForJobEnd(owner.c, gen.body.job_id);
    await owner.c.post("/tests/submit", { test_id: job.test_id, answers: {} });
    const before = await list(owner.c);
    const own = before.items.filter((n) => n.source === "notification");
    expect(own.map((n) => n.kind).sort()).toEqual(["generation_done", "goal_reached"]);
    expect(before.unread).toBe(before.items.length);

    const stranger = await newStudent(server.url);
    expect((await stranger.c.post(`/api/notifications/${own[0]!.id}/read`)).status).toBe(404);
    expect((await owner.c.post(`/api/notifications/${own[0]!.id}/read`)).body).toMatchObject({ id: own[0]!.id, read: true });
    expect((await list(owner.c)).unread).toBe(before.unread - 1);
    expect((await list(owner.c, "?unread=true")).items.map((n) => n.id)).not.toContain(own[0]!.id);
    expect((await list(owner.c, "?limit=1")).items).toHaveLength(1);

    expect((await owner.c.post("/api/notifications/read-all")).body).toEqual({ marked: before.unread - 1 });
    expect((await list(owner.c)).unread).toBe(0);
    expect((await list(owner.c)).items.every((n) => n.read)).toBe(true);
  });

  // Last: it moves the server's clock.
  it("maintenance removes read notifications after 30 days and keeps unread ones", async () => {
    const { c, id } = await newStudent(server.url);
    await c.post("/api/goals", { kind: "tests_taken", target: 1, title: "Kept unread" });
    await c.post("/api/goals", { kind: "tests_taken", target: 1, title: "Read and old" });
    const fileId = await uploadRFaq(c);
    const gen = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 2 });
    await c.post("/tests/submit", { test_id: gen.body.test_id, answers: {} });
    const reached = await ofKind(c, "goal_reached");
    await c.post(`/api/notifications/${reached.find((n) => n.message.includes("Read and old"))!.id}/read`);

    expect((await runMaintenance(server.app, maintenanceTasks)).old_notifications).toBe(0);
    server.clock.advance(31 * 24 * 3600_000);
    expect((await runMaintenance(server.app, maintenanceTasks)).old_notifications).toBeGreaterThanOrEqual(1);
    const left = await server.app.db("notifications").where({ user_id: id }).pluck("message");
    expect(left).toEqual(["Goal reached: Kept unread."]);
  });
});

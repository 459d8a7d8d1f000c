/**
 * GET /metrics as Prometheus reads it: the text format (parsed by a real parser), who may read it
 * (this machine, or a bearer of METRICS_TOKEN), and the figures an operator watches moving with the work
 * that makes them: requests by route pattern, scans, jobs, provider failures, the queue, the database pool.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/config.ts";
import { newStudent } from "../helpers/accounts.ts";
import { reply } from "../helpers/fake-openai.ts";
import { uploadRFaq, waitForJobEnd, waitForJobState } from "../helpers/generation.ts";
import { startWithFakeOpenAI, type WithFakeAI } from "../helpers/openai-server.ts";
import { imagePdf } from "../helpers/pdfs.ts";
import { parsePrometheus, samplesOf, total, type PromFamily } from "../helpers/prometheus.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8";

async function scrape(url: string, headers: Record<string, string> = {}): Promise<PromFamily[]> {
  const res = await fetch(`${url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe(TEXT_FORMAT);
  return parsePrometheus(await res.text());
}

const family = (families: PromFamily[], name: string) => families.find((f) => f.name === name);

/**
 * Scrapes until `check` passes: job outcomes are recorded just after the job's state is (a listener),
 * so a client that saw "done" may scrape a moment before the job is counted.
 */
async function scrapeUntil(url: string, check: (families: PromFamily[]) => boolean): Promise<PromFamily[]> {
  for (let tries = 0; ; tries++) {
    const families = await scrape(url);
    if (check(families) || tries === 100) return families;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("from this machine, without METRICS_TOKEN", () => {
  let env: WithFakeAI;
  let url: string;
  beforeAll(async () => {
    env = await startWithFakeOpenAI();
    url = env.server.url;
  });
  afterAll(() => env.close());
  afterEach(() => env.ai.reset());

  it("answers in Prometheus's text format with every family, even to a browser asking for HTML", async () => {
    const families = await scrape(url, { accept: "text/html" });
    const names = families.map((f) => f.name);
    for (const name of [
      "studyforge_http_request_duration_seconds",
      "studyforge_job_queue_depth",
      "studyforge_job_queue_oldest_seconds",
      "studyforge_job_duration_seconds",
      "studyforge_scan_duration_seconds",
      "studyforge_scan_failures_total",
      "studyforge_provider_request_duration_seconds",
      "studyforge_provider_errors_total",
      "studyforge_db_pool_connections",
      "studyforge_db_pool_max",
      "studyforge_info",
      "nodejs_eventloop_lag_p99_seconds",
      "process_cpu_seconds_total",
    ]) {
      expect(names, name).toContain(name);
    }
    expect(family(families, "studyforge_http_request_duration_seconds")?.type).toBe("histogram");
    expect(total(families, "studyforge_db_pool_max")).toBeGreaterThanOrEqual(1);
    expect(samplesOf(families, "studyforge_db_pool_connections").map((m) => m.labels.state).sort()).toEqual(["free", "pending_acquire", "pending_create", "used"]);
  });

  it("counts a request under its route pattern, never its URL, and unknown paths under one label", async () => {
    const { c } = await newStudent(url);
    const before = total(await scrape(url), "studyforge_http_request_duration_seconds", { route: "/api/tests/:id", method: "GET", status: "404" });
    expect((await c.get("/api/tests/123")).status).toBe(404);
    expect((await c.get("/tests/124")).status).toBe(404); // the spec's alias, the same handler
    expect((await c.get("/api/no-such-route/125")).status).toBe(404);
    const families = await scrape(url);
    expect(total(families, "studyforge_http_request_duration_seconds", { route: "/api/tests/:id", method: "GET", status: "404" })).toBe(before + 2);
    expect(total(families, "studyforge_http_request_duration_seconds", { route: "(unmatched)", status: "404" })).toBeGreaterThanOrEqual(1);
    const routes = samplesOf(families, "studyforge_http_request_duration_seconds_count").map((m) => m.labels.route ?? "");
    expect(routes.filter((r) => /\d{3}/.test(r))).toEqual([]);
  });

  it("counts a scan, its pages, and a scan that fails by the status the upload answered", async () => {
    const { c } = await newStudent(url);
    const before = await scrape(url);
    await uploadRFaq(c); // 52 pages
    expect((await c.upload("/api/files/upload/scan/", await imagePdf(), "scanned.pdf")).status).toBe(422);
    const after = await scrape(url);
    const grew = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    expect(grew("studyforge_scan_duration_seconds", { outcome: "ok" })).toBe(1);
    expect(grew("studyforge_scan_pages_total")).toBe(52);
    expect(grew("studyforge_scan_duration_seconds", { outcome: "failed" })).toBe(1);
    expect(grew("studyforge_scan_failures_total", { status: "422" })).toBe(1);
    expect(total(after, "studyforge_scans_in_progress")).toBe(0);
  });

  it("shows a running job in the queue depth, and a finished generation job by provider and state", async () => {
    const { c } = await newStudent(url);
    const fileId = await uploadRFaq(c);
    env.ai.script(reply.hang());
    const hanging = await c.post("/api/gpt/generate", { file_id: fileId, topic: "packages", count: 1, async: true });
    expect(hanging.status).toBe(202);
    await waitForJobState(c, hanging.body.job_id, "running");
    expect(total(await scrape(url), "studyforge_job_queue_depth", { state: "running" })).toBe(1);
    await c.post(`/api/jobs/${hanging.body.job_id}/cancel`);
    env.ai.reset();

    const done = { kind: "generate", provider: "openai", state: "done" };
    const before = total(await scrape(url), "studyforge_job_duration_seconds", done);
    const res = await c.post("/api/gpt/generate", { file_id: fileId, topic: "packages", count: 2, async: true });
    expect((await waitForJobEnd(c, res.body.job_id)).state).toBe("done");
    const families = await scrapeUntil(url, (f) => total(f, "studyforge_job_duration_seconds", done) > before);
    expect(total(families, "studyforge_job_duration_seconds", done)).toBe(before + 1);
    expect(total(families, "studyforge_provider_request_duration_seconds", { provider: "openai", operation: "generate", outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(total(families, "studyforge_job_queue_depth", { state: "running" })).toBe(0);
    expect(total(families, "studyforge_job_queue_depth", { state: "queued" })).toBe(0);
  });

  it("counts a provider's HTTP 500 as an error, and the job it failed", async () => {
    const { c } = await newStudent(url);
    const fileId = await uploadRFaq(c);
    const errors = { provider: "openai", operation: "generate", reason: "http_500" };
    const failed = { kind: "generate", provider: "openai", state: "failed" };
    const before = await scrape(url);
    env.ai.script(...Array(9).fill(reply.serverError(500)));
    expect((await c.post("/api/gpt/generate", { file_id: fileId, topic: "CRAN", count: 3 })).status).toBe(502);
    const after = await scrapeUntil(url, (f) => total(f, "studyforge_job_duration_seconds", failed) > total(before, "studyforge_job_duration_seconds", failed));
    expect(total(after, "studyforge_provider_errors_total", errors)).toBeGreaterThan(total(before, "studyforge_provider_errors_total", errors));
    expect(total(after, "studyforge_provider_request_duration_seconds", { provider: "openai", outcome: "error" })).toBeGreaterThan(
      total(before, "studyforge_provider_request_duration_seconds", { provider: "openai", outcome: "error" }),
    );
    expect(total(after, "studyforge_job_duration_seconds", failed)).toBe(total(before, "studyforge_job_duration_seconds", failed) + 1);
  });

  it("refuses what a proxy on this machine forwarded: its X-Forwarded-For is not trusted without TRUST_PROXY", async () => {
    for (const forwarded of ["203.0.113.7", "127.0.0.1"]) {
      const res = await fetch(`${url}/metrics`, { headers: { "x-forwarded-for": forwarded } });
      expect(res.status, forwarded).toBe(404);
      expect((await res.json()).detail).toMatch(/METRICS_TOKEN/);
    }
    const real = await fetch(`${url}/metrics`, { headers: { "x-real-ip": "203.0.113.7" } });
    expect(real.status).toBe(404);
  });

  it("answers only GET and HEAD", async () => {
    expect((await fetch(`${url}/metrics`, { method: "HEAD" })).status).toBe(200);
    const post = await fetch(`${url}/metrics`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("behind a trusted proxy (TRUST_PROXY)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "true" });
  });
  afterAll(() => server.close());

  it("serves a client the proxy names as this machine, and refuses one from elsewhere", async () => {
    expect((await fetch(`${server.url}/metrics`, { headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(200);
    expect((await fetch(`${server.url}/metrics`, { headers: { "x-forwarded-for": "127.0.0.1, 203.0.113.7" } })).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`, { headers: { "x-real-ip": "203.0.113.7" } })).status).toBe(404);
  });
});

describe("with METRICS_TOKEN", () => {
  const token = "a3f1c9e07b2d4e6f8a0b1c2d3e4f5a6b";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: token });
  });
  afterAll(() => server.close());

  it("asks for the token even from this machine, and a user's session is no substitute", async () => {
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await none.json()).detail).toBe("GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>.");
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token.slice(0, -1)}x` } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}${token}` } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Basic ${btoa(`x:${token}`)}` } })).status).toBe(401);
    const { c } = await newStudent(server.url);
    expect((await c.raw("GET", "/metrics")).status).toBe(401);
  });

  it("serves the metrics to the bearer of the token", async () => {
    const families = await scrape(server.url, { authorization: `Bearer ${token}` });
    expect(family(families, "studyforge_http_request_duration_seconds")).toBeDefined();
  });

  it("refuses a short token at start, without repeating it", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "secret" })).toThrow("METRICS_TOKEN must be 16 to 256 printable characters without spaces (e.g. from `openssl rand -hex 32`), got 6 characters");
  });
});

import { statSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("the foundation", () => {
  it("answers health with the version and the database state", async () => {
    const res = await client(server.url).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/), database: "ok" });
  });

  it("answers 503 on health when the database is gone", async () => {
    const other = await startTestServer();
    await other.app.db.destroy();
    const res = await client(other.url).get("/api/health");
    expect(res.status).toBe(503);
    expect(res.body.database).not.toBe("ok");
    await other.close().catch(() => undefined);
  });

  it("creates secret.key with mode 0600 and the SQLite database in WAL mode", async () => {
    const key = path.join(server.dataDir, "secret.key");
    expect(statSync(key).mode & 0o777).toBe(0o600);
    // The journal and foreign-key settings are SQLite's; PostgreSQL has neither switch (it always checks keys).
    if (server.app.config.postgresUrl) return;
    const [row] = await server.app.db.raw("PRAGMA journal_mode");
    expect(row.journal_mode).toBe("wal");
    const [fk] = await server.app.db.raw("PRAGMA foreign_keys");
    expect(fk.foreign_keys).toBe(1);
  });

  it("reuses secret.key on the next start", async () => {
    const before = readFileSync(path.join(server.dataDir, "secret.key"), "utf8");
    const again = await startTestServer({}, { dataDir: server.dataDir });
    await again.close();
    expect(readFileSync(path.join(server.dataDir, "secret.key"), "utf8")).toBe(before);
  });

  it("sets the security headers and a request id", async () => {
    const res = await client(server.url).raw("GET", "/api/health", { headers: { "X-Request-Id": "abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    const fresh = await client(server.url).raw("GET", "/api/health", { headers: { "X-Request-Id": "<script>" } });
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers an unknown /api path with 404 JSON, with or without a trailing slash", async () => {
    for (const p of ["/api/nothing-here", "/api/nothing-here/"]) {
      const res = await client(server.url).get(p);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ detail: expect.any(String), message: expect.any(String) });
    }
  });

  it("answers routes with a trailing slash too", async () => {
    expect((await client(server.url).get("/api/health/")).status).toBe(200);
  });

  it("refuses malformed JSON with 400, a wrong media type with 415 and a huge body with 413", async () => {
    const c = client(server.url);
    const bad = await c.raw("POST", "/api/auth/login", { body: '{"email": ', headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ detail: "Malformed JSON in the request body.", message: "Malformed JSON in the request body." });

    const text = await c.raw("POST", "/api/auth/login", { body: "email=a", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
    expect((await text.json()).detail).toMatch(/Unsupported media type/);

    const huge = await c.raw("POST", "/api/auth/login", {
      body: JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).detail).toMatch(/too large/);
  });

  it("serves the UI with the SPA fallback and long-lived caching for hashed assets", async () => {
    const c = client(server.url);
    const page = await c.raw("GET", "/dashboard", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline scripts under the CSP
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const js = await c.raw("GET", asset!);
    expect(js.status).toBe(200);
    expect(js.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
    const missing = await c.raw("GET", "/assets/does-not-exist-123.js");
    expect(missing.status).toBe(404);
  });

  it("compresses text responses", async () => {
    const res = await client(server.url).raw("GET", "/", { headers: { accept: "text/html" } });
    const html = await res.text();
    const asset = html.match(/\/assets\/[^"]+\.js/)![0];
    const js = await client(server.url).raw("GET", asset, { headers: { "accept-encoding": "gzip" } });
    expect(js.headers.get("content-encoding")).toBe("gzip");
  });

  it("treats the spec's non-/api paths as aliases, and a browser navigation to a page path as the UI", async () => {
    const c = client(server.url);
    const api = await c.get("/auth/me");
    expect(api.status).toBe(401);
    expect(api.headers.get("content-type")).toContain("json");
    const page = await c.raw("GET", "/classes", { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(page.headers.get("content-type")).toContain("text/html");
  });

  it("publishes the public configuration", async () => {
    const res = await client(server.url).get("/api/config");
    expect(res.body).toEqual({
      require_email_verification: false,
      llm_provider: "builtin",
      llm_model: expect.any(String),
      max_upload_mb: 50,
      max_pdf_pages: 2000,
      ocr_max_pages: 50,
      version: expect.any(String),
    });
  });
});

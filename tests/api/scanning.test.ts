/**
 * Uploads built to hurt the server (issue 9): a file that inflates to gigabytes, one whose pages
 * multiply one short stream of text, one student's many slow files, and uploads given up half-way.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { scanPool } from "../../src/materials/pool.ts";
import { newStudent } from "../helpers/accounts.ts";
import { client, type Client } from "../helpers/http.ts";
import { amplifiedTextPdf, inflationBombPdf, slowPdf, textPdf } from "../helpers/pdfs.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { footprint } from "../helpers/storage.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_MB: "5", SCAN_WORKERS: "2" });
});
afterAll(() => server.close());

const pending = () => scanPool(server.app).pending();

/** An upload that can be given up (as a closed tab does); `settled` says whether its answer came. */
function startUpload(c: Client, bytes: Uint8Array, filename: string) {
  const controller = new AbortController();
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), filename);
  const upload = {
    settled: false,
    abort: () => controller.abort(),
    answer: fetch(`${server.url}/api/files/upload/scan`, {
      method: "POST",
      body: form,
      signal: controller.signal,
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; "), origin: server.url },
    }).then(
      async (res) => ({ status: res.status, detail: ((await res.json()) as { detail?: string }).detail }),
      (error: unknown) => ({ status: 0, detail: String(error) }),
    ),
  };
  void upload.answer.finally(() => (upload.settled = true));
  return upload;
}

const databaseBytes = () =>
  ["studyforge.db", "studyforge.db-wal"].reduce((sum, name) => sum + (statSync(path.join(server.dataDir, name), { throwIfNoEntry: false })?.size ?? 0), 0);

describe("a file that inflates to gigabytes", () => {
  it("is refused with 422 while the server grows by less than 300 MB and answers meanwhile", async () => {
    const { c } = await newStudent(server.url);
    const bomb = await inflationBombPdf(2); // 2 MB on disk, 2 GiB inflated
    const before = await footprint(server);
    const rssBefore = process.memoryUsage.rss();
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    const upload = c.upload("/api/files/upload/scan", bomb, "bomb.pdf");
    const healthMs: number[] = [];
    let done = false;
    void upload.finally(() => (done = true));
    try {
      while (!done) {
        const started = performance.now();
        expect((await client(server.url).get("/api/health")).status).toBe(200);
        healthMs.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const res = await upload;
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe("This PDF needs more memory to read than a scan may use (1024 MB).");
    } finally {
      clearInterval(sampler);
    }
    expect(peak - rssBefore).toBeLessThan(300 * 1024 * 1024);
    expect(Math.max(...healthMs)).toBeLessThan(1000);
    expect(await footprint(server)).toEqual(before);
  });
});

describe("text amplification", () => {
  it("refuses each page-multiplying file naming the page limit, stores none of its text, and lets another student's upload through", async () => {
    const a = await newStudent(server.url);
    const b = await newStudent(server.url);
    const amplified = await amplifiedTextPdf(); // 23 KB, 100 pages of 1.5 million characters each
    const before = { footprint: await footprint(server), database: databaseBytes() };
    // Three at once, as many as one student may have in progress (the review's four came from several).
    const attacks = [1, 2, 3].map((n) => a.c.upload("/api/files/upload/scan", amplified, `notes-${n}.pdf`));
    const legitimate = await b.c.upload("/api/files/upload/scan", await textPdf(["Cells divide by mitosis.", "And by meiosis."]), "biology.pdf");
    expect(legitimate.status).toBe(201);
    for (const res of await Promise.all(attacks)) {
      expect(res.status).toBe(422);
      expect(res.body.detail).toMatch(/^Page \d+ of this PDF has more than 50,000 characters of text, the limit for one page\.$/);
    }
    await b.c.delete(`/api/files/${legitimate.body.file_id}`);
    expect(await footprint(server)).toEqual(before.footprint);
    expect(databaseBytes() - before.database).toBeLessThan(2 * 1024 * 1024);
  });
});

describe("sharing the scanner", () => {
  it("scans one student's files one at a time, so another student's upload does not wait behind them", async () => {
    const a = await newStudent(server.url);
    const b = await newStudent(server.url);
    // Two different files (a file's bytes are scanned once at a time anyway), each half a minute of work.
    const uploads = [startUpload(a.c, await slowPdf(128), "slow-1.pdf"), startUpload(a.c, await slowPdf(127), "slow-2.pdf")];
    try {
      await vi.waitFor(() => expect(pending()).toBe(2), { timeout: 10_000 });
      const other = await b.c.upload("/api/files/upload/scan", await textPdf(["Photosynthesis needs light."]), "plants.pdf");
      expect(other.status).toBe(201);
      expect(uploads.map((u) => u.settled)).toEqual([false, false]);
    } finally {
      for (const upload of uploads) upload.abort();
    }
    await vi.waitFor(() => expect(pending()).toBe(0), { timeout: 5000 });
  });

  it("drops the scan of an upload given up half-way, so the same student's next file does not wait for it", async () => {
    const { c } = await newStudent(server.url);
    const before = await footprint(server);
    const given = startUpload(c, await slowPdf(), "slow.pdf");
    await vi.waitFor(() => expect(pending()).toBe(1), { timeout: 10_000 });
    given.abort();
    // Left alone the scan would run for half a minute more.
    await vi.waitFor(() => expect(pending()).toBe(0), { timeout: 5000 });
    // The request's own clean-up (its temporary file) runs right after the scan is dropped.
    await expect.poll(() => footprint(server)).toEqual(before);
    const next = await c.upload("/api/files/upload/scan", await textPdf(["Volcanoes and plate tectonics."]), "geo.pdf");
    expect(next.status).toBe(201);
  });
});

describe("one student's many uploads at once", () => {
  it("keeps at most 3 in progress: the rest get 429 with Retry-After and leave nothing behind", async () => {
    const { c } = await newStudent(server.url);
    const files = await Promise.all(Array.from({ length: 6 }, (_, i) => slowPdf(8 + i)));
    const answers = await Promise.all(files.map((bytes, i) => startUpload(c, bytes, `slow-${i}.pdf`).answer));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused[0]!.detail).toBe("You already have 3 uploads in progress. Wait for one to finish, then try again.");
    expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(3);
    // The slots come back when the uploads end.
    await expect.poll(() => pending(), { timeout: 60_000 }).toBe(0);
    expect((await c.upload("/api/files/upload/scan", await textPdf(["A page about photosynthesis."]), "after.pdf")).status).toBe(201);
    await expect.poll(async () => (await footprint(server)).files.filter((f: string) => f.startsWith(path.join(server.dataDir, "tmp")))).toEqual([]);
  }, 120_000);
});

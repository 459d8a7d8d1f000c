import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as cleanStoredPages } from "../../migrations/011_clean_pages.ts";
import { up as tidyStoredSpacing } from "../../migrations/030_tidy_spacing.ts";
import { chunkPages } from "../../src/materials/chunks.ts";
import { cleanPages } from "../../src/materials/clean/index.ts";
import { NOT_ACCEPTED } from "../../src/materials/formats/types.ts";
import { textBytes } from "../../src/materials/quota.ts";
import { searchChunks } from "../../src/materials/search.ts";
import { newStudent } from "../helpers/accounts.ts";
import { client } from "../helpers/http.ts";
import { encryptedPdf, imagePdf, manyPagesPdf, notPdf, textPdf, truncatedPdf } from "../helpers/pdfs.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { footprint as storageFootprint } from "../helpers/storage.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/pdf");
const rFaq = new Uint8Array(readFileSync(path.join(FIXTURES, "r-faq.pdf")));
const mimeSpec = new Uint8Array(readFileSync(path.join(FIXTURES, "shared-mime-info-spec.pdf")));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_MB: "1", MAX_PDF_PAGES: "60", MAX_USER_STORAGE_MB: "1" });
});
afterAll(() => server.close());

const footprint = () => storageFootprint(server);

describe("uploading study material", () => {
  it("scans a real PDF into pages and lists it with the spec's fields", async () => {
    const { c } = await newStudent(server.url);
    const res = await c.upload("/api/files/upload/scan/", mimeSpec, "shared-mime-info-spec.pdf");
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      file_id: expect.any(Number),
      filename: "shared-mime-info-spec.pdf",
      uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      size: Math.round((mimeSpec.length / 1024) * 100) / 100,
      pages: 17,
      page_unit: "page",
    });
    const list = await c.get("/api/files/");
    expect(list.body).toEqual([res.body]);
    expect((await c.get(`/api/files/${res.body.file_id}`)).body).toEqual(res.body);
  });

  it("stores the bytes under their content hash and serves them back as a download", async () => {
    const { c } = await newStudent(server.url);
    const up = await c.upload("/api/files/upload/scan/", rFaq, "R FAQ.pdf");
    const dl = await c.raw("GET", `/api/files/${up.body.file_id}/download`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-type")).toBe("application/pdf");
    expect(dl.headers.get("content-disposition")).toContain('filename="R FAQ.pdf"');
    expect(Buffer.from(await dl.arrayBuffer()).equals(Buffer.from(rFaq))).toBe(true);
  });

  it("finds passages with their page numbers", async () => {
    const { c } = await newStudent(server.url);
    const up = await c.upload("/api/files/upload/scan/", rFaq, "r-faq.pdf");
    const res = await c.get(`/api/files/${up.body.file_id}/search?q=CRAN mirrors`);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const hit of res.body.results) {
      expect(hit.page).toBeGreaterThanOrEqual(1);
      expect(hit.page).toBeLessThanOrEqual(52);
      expect(hit.text.toLowerCase()).toMatch(/cran|mirror/);
    }
    expect((await c.get(`/api/files/${up.body.file_id}/search?q=`)).status).toBe(422);
    expect((await c.get(`/api/files/${up.body.file_id}/search?q=zzqxv`)).body.results).toEqual([]);
    // FTS syntax in the query is only text.
    expect((await c.get(`/api/files/${up.body.file_id}/search?q=${encodeURIComponent('"NEAR( OR * -')}`)).status).toBe(200);
  });

  it("gives the same user the existing file for the same bytes; another user gets their own record", async () => {
    const a = await newStudent(server.url);
    const b = await newStudent(server.url);
    const pdf = await textPdf(["Photosynthesis turns light into chemical energy."]);
    const first = await a.c.upload("/api/files/upload/scan/", pdf, "bio.pdf");
    const again = await a.c.upload("/api/files/upload/scan/", pdf, "bio-copy.pdf");
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.file_id).toBe(first.body.file_id);
    expect((await a.c.get("/api/files")).body).toHaveLength(1);
    const theirs = await b.c.upload("/api/files/upload/scan/", pdf, "mine.pdf");
    expect(theirs.status).toBe(201);
    expect(theirs.body.file_id).not.toBe(first.body.file_id);
  });

  it("lists newest first and only the caller's own files", async () => {
    const a = await newStudent(server.url);
    const b = await newStudent(server.url);
    const one = await a.c.upload("/api/files/upload/scan/", await textPdf(["First guide about cells."]), "one.pdf");
    server.clock.advance(1000);
    const two = await a.c.upload("/api/files/upload/scan/", await textPdf(["Second guide about atoms."]), "two.pdf");
    await b.c.upload("/api/files/upload/scan/", await textPdf(["Someone else's guide."]), "other.pdf");
    const list = (await a.c.get("/api/files")).body;
    expect(list.map((f: { file_id: number }) => f.file_id)).toEqual([two.body.file_id, one.body.file_id]);
  });
});

describe("bad input leaves nothing behind", () => {
  it.each([
    ["a non-PDF renamed .pdf", () => Promise.resolve(notPdf()), 415, NOT_ACCEPTED],
    ["a truncated PDF", truncatedPdf, 422, "This PDF is damaged and cannot be read."],
    ["a password-protected PDF", () => encryptedPdf(), 422, "This PDF is password-protected. Remove the password and upload it again."],
    ["a picture-only PDF (OCR finds no words)", () => imagePdf(), 422, "No text was found in this PDF: it has no selectable text, and OCR read no words on its pages."],
    ["an empty file", () => Promise.resolve(new Uint8Array()), 422, "The file is empty."],
    ["too many pages", () => manyPagesPdf(61), 422, "This PDF has 61 pages; the limit is 60."],
    ["a file over the size limit", () => Promise.resolve(new Uint8Array(1024 * 1024 + 10).fill(65)), 413, "The file is larger than 1 MB."],
  ])("%s", async (_name, make, status, detail) => {
    const { c } = await newStudent(server.url);
    const before = await footprint();
    const res = await c.upload("/api/files/upload/scan/", await make(), "guide.pdf");
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(detail);
    await new Promise((r) => setTimeout(r, 50));
    expect(await footprint()).toEqual(before);
    expect((await c.get("/api/files")).body).toEqual([]);
  });

  const tooManyFields = "The upload could not be read. Please try again.";
  const oneFile = 'Send one file in the field "file".';
  // Small parts arrive in one chunk of the request, large ones (the R FAQ, 370 KB) over many.
  it.each([
    ["more than 20 fields before a small file", 25, 1, "small", tooManyFields],
    ["more than 20 fields before a large file", 25, 1, "large", tooManyFields],
    ["three small files", 0, 3, "small", oneFile],
    ["three large files", 0, 3, "large", oneFile],
  ])("a multipart request with %s: 400, and none of its file parts stay in tmp", async (_name, fieldCount, fileCount, size, detail) => {
    const { c } = await newStudent(server.url);
    const before = await footprint();
    const bytes = size === "large" ? rFaq : await textPdf(["A small part."]);
    const form = new FormData();
    for (let i = 0; i < fieldCount; i++) form.append(`note${i}`, "a field");
    for (let i = 0; i < fileCount; i++) form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), `part${i}.pdf`);
    const res = await c.raw("POST", "/api/files/upload/scan", { body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toBe(detail);
    expect(await footprint()).toEqual(before);
  });

  it("a client that keeps sending after its upload was refused is drained, answered and leaves nothing", async () => {
    const { c } = await newStudent(server.url);
    const before = await footprint();
    const boundary = "studyforge-test-boundary";
    const head = (name: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
      (file ? `; filename="${file}"\r\nContent-Type: application/pdf` : "") +
      "\r\n\r\n";
    const req = http.request(`${server.url}/api/files/upload/scan`, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        origin: server.url,
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (s: string) => (body += s)).on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
    });
    const write = (data: string | Uint8Array) => new Promise<void>((resolve, reject) => req.write(data, (err) => (err ? reject(err) : resolve())));
    for (let i = 0; i < 21; i++) await write(`${head(`note${i}`)}a field\r\n`);
    // The parse has failed by now; three more megabytes of file follow, a chunk at a time.
    await write(head("file", "late.pdf"));
    for (let i = 0; i < 48; i++) await write(new Uint8Array(64 * 1024).fill(37));
    req.end(`\r\n--${boundary}--\r\n`);
    const { status, body } = await answer;
    expect(status).toBe(400);
    expect(JSON.parse(body).detail).toBe("The upload could not be read. Please try again.");
    expect(await footprint()).toEqual(before);
    expect((await client(server.url).get("/api/health")).status).toBe(200);
  });

  it("a missing file field is a 400, and a JSON body a 415", async () => {
    const { c } = await newStudent(server.url);
    const missing = await c.upload("/api/files/upload/scan/", null);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/field "file"/);
    const json = await c.post("/api/files/upload/scan/", { file: "x" });
    expect(json.status).toBe(415);
  });

  it("keeps hostile file names away from the file system and shortens them", async () => {
    const { c } = await newStudent(server.url);
    const name = "../../etc/passwd\u0000\u001b[31m" + "x".repeat(500) + ".pdf";
    const res = await c.upload("/api/files/upload/scan/", await textPdf(["Hostile names are only names."]), name);
    expect(res.status).toBe(201);
    // eslint-disable-next-line no-control-regex
    expect(res.body.filename).not.toMatch(/[/\\\u0000-\u001f]/);
    expect(res.body.filename.length).toBeLessThanOrEqual(255);
    expect(res.body.filename.endsWith(".pdf")).toBe(true);
    const stored = (await footprint()).files;
    expect(stored.every((f) => /uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.pdf$/.test(f))).toBe(true);
  });
});

describe("storage limit", () => {
  const copyOfRFaq = (n: number) => new Uint8Array(Buffer.concat([rFaq, Buffer.from(`\n% copy ${n}\n`)])); // other bytes, same PDF
  const overLimit = (used: string) =>
    `This file would take you past your storage limit of 1 MB (your files use ${used} MB). Delete files you no longer need, then upload it again.`;

  it("refuses a file that would take a student past MAX_USER_STORAGE_MB, counting each PDF and its text, and keeps nothing of it", async () => {
    const { c } = await newStudent(server.url);
    // The R FAQ is 370 KB of PDF and 115 KB of text, the MIME spec 140 KB and 34 KB: 0.63 MB of the 1 MB.
    expect((await c.upload("/api/files/upload/scan", rFaq, "r-faq.pdf")).status).toBe(201);
    const mime = await c.upload("/api/files/upload/scan", mimeSpec, "mime.pdf");
    expect(mime.status).toBe(201);
    const before = await footprint();
    // Another copy's PDF would fit in what is left; with its text it does not.
    const copy = await c.upload("/api/files/upload/scan", copyOfRFaq(1), "r-faq copy.pdf");
    expect(copy.status).toBe(413);
    expect(copy.body.detail).toBe(overLimit("0.6"));
    // A file too big on its own is refused before it is read (it is not even a PDF).
    const big = await c.upload("/api/files/upload/scan", new Uint8Array(500_000).fill(65), "big.pdf");
    expect(big.status).toBe(413);
    expect(big.body.detail).toBe(overLimit("0.6"));
    expect(await footprint()).toEqual(before);
    // Room made, the copy fits.
    expect((await c.delete(`/api/files/${mime.body.file_id}`)).status).toBe(204);
    expect((await c.upload("/api/files/upload/scan", copyOfRFaq(1), "r-faq copy.pdf")).status).toBe(201);
  });

  it("counts a PDF another student stored first, though it is not stored again", async () => {
    const first = await newStudent(server.url);
    const second = await newStudent(server.url);
    expect((await first.c.upload("/api/files/upload/scan", copyOfRFaq(2), "shared.pdf")).status).toBe(201);
    expect((await second.c.upload("/api/files/upload/scan", copyOfRFaq(3), "mine.pdf")).status).toBe(201);
    expect((await second.c.upload("/api/files/upload/scan", mimeSpec, "mime.pdf")).status).toBe(201);
    const before = await footprint();
    const shared = await second.c.upload("/api/files/upload/scan", copyOfRFaq(2), "shared.pdf");
    expect(shared.status).toBe(413);
    expect(shared.body.detail).toBe(overLimit("0.6"));
    expect(await footprint()).toEqual(before);
  });
});

describe("ownership and deletion", () => {
  it("hides another user's file: 404 for read, download, search and delete", async () => {
    const owner = await newStudent(server.url);
    const other = await newStudent(server.url);
    const up = await owner.c.upload("/api/files/upload/scan/", await textPdf(["Private notes about mitochondria."]), "private.pdf");
    const id = up.body.file_id;
    for (const p of [`/api/files/${id}`, `/api/files/${id}/download`, `/api/files/${id}/search?q=mitochondria`]) {
      expect((await other.c.get(p)).status, p).toBe(404);
    }
    expect((await other.c.delete(`/api/files/${id}`)).status).toBe(404);
    expect((await owner.c.get(`/api/files/${id}`)).status).toBe(200);
    expect((await client(server.url).get(`/api/files/${id}`)).status).toBe(401);
    expect((await owner.c.get("/api/files/abc")).status).toBe(422);
  });

  it("deletes the bytes only when no record refers to them", async () => {
    const a = await newStudent(server.url);
    const b = await newStudent(server.url);
    const pdf = await textPdf(["Shared handout on the water cycle and evaporation."]);
    const ua = await a.c.upload("/api/files/upload/scan/", pdf, "water.pdf");
    const ub = await b.c.upload("/api/files/upload/scan/", pdf, "water.pdf");
    const hash = (await server.app.db("study_materials").where({ id: ua.body.file_id }).first()).hash;
    const blob = path.join(server.dataDir, "uploads", hash.slice(0, 2), `${hash}.pdf`);
    expect(statSync(blob).size).toBe(pdf.length);

    expect((await a.c.delete(`/api/files/${ua.body.file_id}`)).status).toBe(204);
    expect(existsSync(blob)).toBe(true);
    expect((await b.c.get(`/api/files/${ub.body.file_id}/search?q=evaporation`)).body.results.length).toBe(1);

    expect((await b.c.delete(`/api/files/${ub.body.file_id}/`)).status).toBe(204);
    expect(existsSync(blob)).toBe(false);
    expect(await server.app.db("documents").where({ hash }).first()).toBeUndefined();
    expect((await b.c.delete(`/api/files/${ub.body.file_id}`)).status).toBe(404);
  });

  it("account deletion releases the account's files", async () => {
    const a = await newStudent(server.url);
    const up = await a.c.upload("/api/files/upload/scan/", await textPdf(["Only this student has this guide on volcanoes."]), "v.pdf");
    const hash = (await server.app.db("study_materials").where({ id: up.body.file_id }).first()).hash;
    expect((await a.c.delete("/api/users/me", { password: a.password })).status).toBe(204);
    expect(await server.app.db("study_materials").where({ hash }).first()).toBeUndefined();
    expect(existsSync(path.join(server.dataDir, "uploads", hash.slice(0, 2), `${hash}.pdf`))).toBe(false);
  });
});

describe("concurrency", () => {
  it("two uploads at once from one user, and twenty from twenty users, all succeed", async () => {
    const one = await newStudent(server.url);
    const pair = await Promise.all([
      one.c.upload("/api/files/upload/scan/", await textPdf(["Concurrent upload one about gravity."]), "a.pdf"),
      one.c.upload("/api/files/upload/scan/", await textPdf(["Concurrent upload two about magnetism."]), "b.pdf"),
    ]);
    expect(pair.map((r) => r.status)).toEqual([201, 201]);

    const students = await Promise.all(Array.from({ length: 20 }, () => newStudent(server.url)));
    const results = await Promise.all(
      students.map(async (s, i) => s.c.upload("/api/files/upload/scan/", i % 2 ? rFaq : await textPdf([`Student ${i} notes on the French revolution.`]), `s${i}.pdf`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    for (const [i, s] of students.entries()) expect((await s.c.get("/api/files")).body[0].file_id).toBe(results[i]!.body.file_id);
  });

  it("keeps answering other requests while a large PDF is scanned", async () => {
    const { c } = await newStudent(server.url);
    const big = await manyPagesPdf(60);
    const upload = c.upload("/api/files/upload/scan/", big, "big.pdf");
    const started = Date.now();
    const health = await client(server.url).get("/api/health");
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await upload).status).toBe(201);
  });
});

describe("cleaned text", () => {
  const pagesOf = async (fileId: number) => {
    const { hash } = await server.app.db("study_materials").where({ id: fileId }).first("hash");
    return (await server.app.db("document_pages").where({ hash }).orderBy("page").select("page", "text")) as { page: number; text: string }[];
  };

  it("stores the R FAQ without its running heads, page numbers and table of contents, every page under its own number", async () => {
    const { c } = await newStudent(server.url);
    const up = await c.upload("/api/files/upload/scan/", rFaq, "r-faq.pdf");
    const pages = await pagesOf(up.body.file_id);
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    const lines = pages.flatMap((p) => p.text.split("\n").map((line) => ({ page: p.page, line })));
    // The PDF prints "Chapter 1: Introduction 2" atop page 6, "26" atop page 30, and so on.
    expect(lines.filter(({ line }) => /^Chapter \d+: .* \d+$/.test(line) || /^\d+$/.test(line))).toEqual([]);
    expect(pages.slice(1, 4).map((p) => p.text)).toEqual(["", "", ""]); // "Table of Contents", pages i-iii
    expect(pages[5]?.text).toMatch(/^1\.5 Feedback\nFeedback via email to R-devel@R-project\.org is most welcome\./);
    const search = await c.get(`/api/files/${up.body.file_id}/search?q=${encodeURIComponent("Table of Contents")}`);
    expect(search.body.results.filter((hit: { page: number }) => hit.page <= 4)).toEqual([]);
  });

  it("migration 011 cleans the documents stored before, rebuilds their search index and recounts their text", async () => {
    const raw = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/text/r-intro.json"), "utf8")) as { page: number; text: string }[];
    const hash = "0".repeat(63) + "1";
    const { db } = server.app;
    // Stored as uploads were before cleaning: the extractor's text, chunked as it was.
    await db("documents").insert({ hash, size_bytes: 1000, text_bytes: textBytes(raw), page_count: raw.length, created_at: new Date().toISOString() });
    await db("document_pages").insert(raw.map((p) => ({ hash, page: p.page, text: p.text })));
    await db("document_chunks").insert(chunkPages(raw).map((c) => ({ hash, page: c.page, seq: c.seq, text: c.text })));
    expect((await searchChunks(db, hash, "Table of Contents", { mode: "all" })).map((p) => p.page)).toEqual([3]);

    await cleanStoredPages(db);

    const pages: { page: number; text: string }[] = await db("document_pages").where({ hash }).orderBy("page").select("page", "text");
    expect(pages).toEqual(cleanPages(raw));
    expect(pages.slice(2, 6).map((p) => p.text)).toEqual(["", "", "", ""]);
    expect(await searchChunks(db, hash, "Table of Contents", { mode: "all" })).toEqual([]);
    expect(await searchChunks(db, hash, "preliminaries Chapter", { mode: "all" })).toEqual([]); // the running head of chapter 1
    expect((await searchChunks(db, hash, "empty vector structure of mode numeric", { mode: "all" })).map((p) => p.page)).toContain(21);
    const chunks = await db("document_chunks").where({ hash }).orderBy("seq").select("page", "seq", "text");
    expect(chunks).toEqual(chunkPages(cleanPages(raw)));
    expect((await db("documents").where({ hash }).first("text_bytes")).text_bytes).toBe(textBytes(cleanPages(raw)));
    await db("documents").where({ hash }).delete();
  });

  it("migration 030 closes the space a browser's print left after inline code in documents stored before, and rebuilds their search index", async () => {
    const hash = "0".repeat(63) + "2";
    const { db } = server.app;
    const stored = [
      { page: 1, text: "Events\nAdds a one-time listener function for the event named eventName .\nAll EventEmitter s emit the event 'newListener'." },
      { page: 2, text: "Nothing to close here, and the data . . . stays." },
    ];
    await db("documents").insert({ hash, size_bytes: 1000, text_bytes: textBytes(stored), page_count: 2, created_at: new Date().toISOString() });
    await db("document_pages").insert(stored.map((p) => ({ hash, page: p.page, text: p.text, ocr: p.page === 2 })));
    await db("document_chunks").insert(chunkPages(stored).map((c) => ({ hash, page: c.page, seq: c.seq, text: c.text })));

    await tidyStoredSpacing(db);
    await tidyStoredSpacing(db); // again, as after a crash: nothing changes

    const pages = await db("document_pages").where({ hash }).orderBy("page").select("page", "text", "ocr");
    expect(pages.map((p: { text: string }) => p.text)).toEqual([
      "Events\nAdds a one-time listener function for the event named eventName.\nAll EventEmitters emit the event 'newListener'.",
      stored[1]!.text,
    ]);
    // What OCR read stays marked so.
    expect(pages.map((p: { ocr: unknown }) => Boolean(p.ocr))).toEqual([false, true]);
    expect((await searchChunks(db, hash, "EventEmitters", { mode: "all" })).map((p) => p.page)).toEqual([1]);
    expect((await db("documents").where({ hash }).first("text_bytes")).text_bytes).toBe(textBytes(pages));
    await db("documents").where({ hash }).delete();
  });
});

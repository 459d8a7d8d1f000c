/**
 * Classes: a student's own organiser of study materials. The list, add (with a syllabus that goes
 * through the same upload, scan and limits as /upload), the class page's detail (materials, tests
 * made from them, latest scores), attaching and detaching files, removal, and ownership (404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { NOT_ACCEPTED } from "../../src/materials/formats/types.ts";
import { newStudent } from "../helpers/accounts.ts";
import { FIXTURES, R_FAQ } from "../helpers/generation.ts";
import { client, type Client } from "../helpers/http.ts";
import { notPdf, textPdf } from "../helpers/pdfs.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_MB: "1", RATE_LIMIT_FACTOR: "100" });
});
afterAll(() => server.close());

const EMPTY = "Class name cannot be empty.";
const MIME_SPEC = new Uint8Array(readFileSync(path.join(FIXTURES, "shared-mime-info-spec.pdf")));
const GUIDE = ["Cells are the basic unit of life. The mitochondria produce energy for the cell.", "Photosynthesis happens in the chloroplast of plant cells."];

/** POST /classes/ as the spec's page sends it: multipart {name, syllabus?}. */
async function addClass(c: Client, name: string | null, syllabus?: { bytes: Uint8Array; filename?: string }, path = "/classes/") {
  const form = new FormData();
  if (name !== null) form.append("name", name);
  if (syllabus) form.append("syllabus", new Blob([syllabus.bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), syllabus.filename ?? "syllabus.pdf");
  const res = await c.raw("POST", path, { body: form, headers: { accept: "application/json" } });
  return { status: res.status, body: await res.json() };
}

async function uploadGuide(c: Client, pages = GUIDE, filename = "guide.pdf"): Promise<number> {
  const res = await c.upload("/api/files/upload/scan/", await textPdf(pages), filename);
  expect(res.status).toBe(201);
  return res.body.file_id;
}

describe("the class list", () => {
  it("answers 401 without a session, on /api/classes and the spec's /classes/", async () => {
    const anonymous = client(server.url);
    for (const path of ["/api/classes", "/classes/"]) expect((await anonymous.get(path, { accept: "application/json" })).status).toBe(401);
    expect((await addClass(anonymous, "Biology")).status).toBe(401);
    expect((await anonymous.delete("/api/classes/1")).status).toBe(401);
  });

  it("adds a class by name, lists it newest first, by cookie or bearer, and removes it", async () => {
    const { c } = await newStudent(server.url);
    expect((await c.get("/classes/", { accept: "application/json" })).body).toEqual([]);
    const bio = await addClass(c, "  Biology\u202e 101 ");
    expect(bio.status).toBe(201);
    expect(bio.body).toMatchObject({ name: "Biology 101", syllabus: null, material_count: 0 });
    expect(typeof bio.body.id).toBe("number");
    expect(new Date(bio.body.created_at).toISOString()).toBe(bio.body.created_at);
    server.clock.advance(1000);
    const chem = await c.post("/api/classes", { name: "Chemistry" });
    expect(chem.status).toBe(201);
    expect((await c.get("/api/classes")).body.map((k: { name: string }) => k.name)).toEqual(["Chemistry", "Biology 101"]);

    // The spec's GET /classes/ with a bearer token.
    const bearer = client(server.url);
    const token = (await c.post("/api/auth/login", { email: (await c.get("/api/auth/me")).body.email, password: "study-hard-123" })).headers.get("set-cookie")!.match(/=([^;]+)/)![1]!;
    bearer.setBearer(token);
    expect((await bearer.get("/classes/", { accept: "application/json" })).body).toHaveLength(2);

    expect((await c.delete(`/classes/${chem.body.id}`)).status).toBe(204);
    expect((await c.get("/api/classes")).body.map((k: { id: number }) => k.id)).toEqual([bio.body.id]);
    expect((await c.delete(`/api/classes/${chem.body.id}`)).status).toBe(404);
  });

  it.each([
    ["an empty name", ""],
    ["a blank name", "   \t "],
    ["only control characters", "\u0000\u200f"],
    ["no name field", null],
  ])("refuses %s with 422 and the spec's text", async (_what, name) => {
    const { c } = await newStudent(server.url);
    const res = await addClass(c, name);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ["body", "name"], msg: EMPTY, type: expect.any(String) }]);
    expect(res.body.message).toBe(EMPTY);
    const json = await c.post("/api/classes", name === null ? {} : { name });
    expect(json.status).toBe(422);
    expect(json.body.message).toBe(EMPTY);
    expect((await c.get("/api/classes")).body).toEqual([]);
  });

  it("refuses a name over 100 characters, and a 201st class", async () => {
    const { c, id } = await newStudent(server.url);
    const long = await addClass(c, "x".repeat(101));
    expect(long.status).toBe(422);
    expect(long.body.message).toBe("The class name is too long (at most 100 characters).");
    expect((await addClass(c, "x".repeat(100))).status).toBe(201);
    const now = new Date().toISOString();
    await server.app.db("classes").insert(Array.from({ length: 199 }, (_, i) => ({ owner_id: id, name: `Class ${i}`, created_at: now, updated_at: now })));
    const over = await addClass(c, "One too many", { bytes: await textPdf(GUIDE) });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe("You have 200 classes, the most one account can keep. Remove one to add another.");
    // Refused before the scan: no file was added either.
    expect((await c.get("/api/files")).body).toEqual([]);
    expect((await c.get("/api/classes")).body).toHaveLength(200);
  });
});

describe("a syllabus", () => {
  it("is scanned like an upload, appears in the student's files, and stays when the class goes", async () => {
    const { c } = await newStudent(server.url);
    const res = await addClass(c, "Statistics", { bytes: R_FAQ, filename: "r-syllabus.pdf" });
    expect(res.status).toBe(201);
    const files = (await c.get("/api/files")).body;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ filename: "r-syllabus.pdf", pages: 52 });
    expect(res.body.syllabus).toEqual({ file_id: files[0].file_id, filename: "r-syllabus.pdf" });
    expect((await c.get("/api/classes")).body[0].syllabus).toEqual(res.body.syllabus);
    // It can be chosen in the generator like any upload.
    const gen = await c.post("/api/gpt/generate", { file_id: files[0].file_id, topic: "packages", count: 1 });
    expect(gen.status).toBe(200);

    expect((await c.delete(`/api/classes/${res.body.id}`)).status).toBe(204);
    expect((await c.get("/api/files")).body.map((f: { file_id: number }) => f.file_id)).toEqual([files[0].file_id]);
    expect((await c.get(`/api/tests/${gen.body.test_id}`)).status).toBe(200);
  });

  it.each([
    ["not a PDF", () => Promise.resolve(notPdf()), 415, NOT_ACCEPTED],
    ["an empty file", () => Promise.resolve(new Uint8Array()), 422, "The file is empty."],
    ["over the size limit", () => Promise.resolve(new Uint8Array(1024 * 1024 + 10).fill(65)), 413, "The file is larger than 1 MB."],
  ])("%s is refused with /upload's message, and no class is added", async (_what, make, status, message) => {
    const { c } = await newStudent(server.url);
    const res = await addClass(c, "Biology", { bytes: await make() });
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(message);
    expect(res.body.message).toBe(message);
    expect((await c.get("/api/classes")).body).toEqual([]);
    expect((await c.get("/api/files")).body).toEqual([]);
  });

  it("is the student's existing file when they upload the same bytes again", async () => {
    const { c } = await newStudent(server.url);
    const bytes = await textPdf(GUIDE);
    const fileId = (await c.upload("/api/files/upload/scan/", bytes, "guide.pdf")).body.file_id;
    const res = await addClass(c, "Biology", { bytes, filename: "again.pdf" });
    expect(res.body.syllabus).toEqual({ file_id: fileId, filename: "guide.pdf" });
    expect((await c.get("/api/files")).body).toHaveLength(1);
  });

  it("leaves the class without one when the file is deleted", async () => {
    const { c } = await newStudent(server.url);
    const res = await addClass(c, "Biology", { bytes: await textPdf(GUIDE) });
    expect((await c.delete(`/api/files/${res.body.syllabus.file_id}`)).status).toBe(204);
    expect((await c.get(`/api/classes/${res.body.id}`)).body).toMatchObject({ syllabus: null, materials: [] });
  });
});

describe("a class page's data", () => {
  it("shows the syllabus, attached materials, the tests made from them and the latest scores", async () => {
    const { c } = await newStudent(server.url);
    const cls = (await addClass(c, "Biology", { bytes: R_FAQ, filename: "syllabus.pdf" })).body;
    const notes = (await c.upload("/api/files/upload/scan/", MIME_SPEC, "notes.pdf")).body.file_id;
    const other = await uploadGuide(c, ["Atoms have protons, neutrons and electrons. Electrons orbit the nucleus."], "atoms.pdf");

    const attached = await c.post(`/api/classes/${cls.id}/materials`, { file_id: notes });
    expect(attached.status).toBe(201);
    expect(attached.body.materials.map((m: { file_id: number; filename: string }) => [m.file_id, m.filename])).toEqual([[notes, "notes.pdf"]]);
    expect((await c.post(`/api/classes/${cls.id}/materials`, { file_id: notes })).status).toBe(200); // already there
    expect((await c.post(`/api/classes/${cls.id}/materials`, { file_id: cls.syllabus.file_id })).status).toBe(200); // the syllabus is in already

    const fromSyllabus = (await c.post("/api/gpt/generate", { file_id: cls.syllabus.file_id, topic: "packages", count: 1 })).body.test_id;
    const fromNotes = (await c.post("/api/gpt/generate", { file_id: notes, topic: "MIME", count: 1 })).body.test_id;
    await c.post("/api/gpt/generate", { file_id: other, topic: "electrons", count: 1 }); // not in the class
    await c.post("/tests/submit", { test_id: fromNotes, answers: {} });
    server.clock.advance(1000);
    const latest = (await c.post("/tests/submit", { test_id: fromNotes, answers: { 0: "text" } })).body;

    const detail = (await c.get(`/classes/${cls.id}`, { accept: "application/json" })).body;
    expect(detail).toMatchObject({ id: cls.id, name: "Biology", syllabus: { file_id: cls.syllabus.file_id, filename: "syllabus.pdf" }, material_count: 1 });
    expect(detail.materials).toEqual([expect.objectContaining({ file_id: notes, filename: "notes.pdf", pages: 17, attached_at: expect.any(String) })]);
    expect(detail.tests.map((t: { test_id: number }) => t.test_id).sort()).toEqual([fromSyllabus, fromNotes].sort());
    const notesTest = detail.tests.find((t: { test_id: number }) => t.test_id === fromNotes);
    expect(notesTest).toMatchObject({ file_id: notes, topic: "MIME", difficulty: "Easy" });
    expect(notesTest.latest).toEqual({ result_id: latest.result_id, score: latest.score, correct: latest.correct, total: latest.total, submitted_at: latest.submitted_at });
    expect(detail.tests.find((t: { test_id: number }) => t.test_id === fromSyllabus).latest).toBeNull();

    // Detaching keeps the file; its tests leave the class page.
    expect((await c.delete(`/api/classes/${cls.id}/materials/${notes}`)).status).toBe(204);
    expect((await c.delete(`/api/classes/${cls.id}/materials/${notes}`)).status).toBe(404);
    const after = (await c.get(`/api/classes/${cls.id}`)).body;
    expect(after.materials).toEqual([]);
    expect(after.tests.map((t: { test_id: number }) => t.test_id)).toEqual([fromSyllabus]);
    expect((await c.get(`/api/files/${notes}`)).status).toBe(200);
  });

  it("refuses a file_id that is missing or not a number", async () => {
    const { c } = await newStudent(server.url);
    const cls = (await c.post("/api/classes", { name: "Biology" })).body;
    for (const body of [{}, { file_id: "abc" }, { file_id: 0 }]) {
      const res = await c.post(`/api/classes/${cls.id}/materials`, body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Select a study material (file_id).");
    }
    expect((await c.post(`/api/classes/${cls.id}/materials`, { file_id: 999999 })).status).toBe(404);
  });
});

describe("another student's class", () => {
  it("is 404 on every route, and their files cannot be attached to mine", async () => {
    const owner = await newStudent(server.url, "owner");
    const stranger = await newStudent(server.url, "stranger");
    const cls = (await addClass(owner.c, "Biology", { bytes: await textPdf(GUIDE) })).body;
    const ownerFile = cls.syllabus.file_id;
    const strangerFile = await uploadGuide(stranger.c, ["Someone else's notes on the cell membrane."]);
    const mine = (await stranger.c.post("/api/classes", { name: "Mine" })).body;

    expect((await stranger.c.get("/api/classes")).body.map((k: { id: number }) => k.id)).toEqual([mine.id]);
    expect((await stranger.c.get(`/api/classes/${cls.id}`)).status).toBe(404);
    expect((await stranger.c.get(`/api/classes/${cls.id}`)).body.detail).toBe("Class not found.");
    expect((await stranger.c.post(`/api/classes/${cls.id}/materials`, { file_id: strangerFile })).status).toBe(404);
    expect((await stranger.c.delete(`/api/classes/${cls.id}/materials/${ownerFile}`)).status).toBe(404);
    expect((await stranger.c.delete(`/api/classes/${cls.id}`)).status).toBe(404);
    // The owner's file into the stranger's own class: 404 too, as for any file not theirs.
    const steal = await stranger.c.post(`/api/classes/${mine.id}/materials`, { file_id: ownerFile });
    expect(steal.status).toBe(404);
    expect(steal.body.detail).toBe("File not found.");
    expect((await owner.c.get(`/api/classes/${cls.id}`)).status).toBe(200);
  });
});

describe("deleting the account", () => {
  it("removes its classes and templates with it", async () => {
    const who = await newStudent(server.url);
    const cls = (await addClass(who.c, "Biology", { bytes: await textPdf(GUIDE) })).body;
    const notes = await uploadGuide(who.c, ["Ribosomes make proteins in the cell."], "notes.pdf");
    await who.c.post(`/api/classes/${cls.id}/materials`, { file_id: notes });
    await who.c.post("/api/templates", { name: "Quiz", file_id: notes });
    expect((await who.c.delete("/api/users/me", { password: who.password })).status).toBe(204);
    const db = server.app.db;
    expect(await db("classes").where({ owner_id: who.id })).toEqual([]);
    expect(await db("class_materials").where({ class_id: cls.id })).toEqual([]);
    expect(await db("templates").where({ user_id: who.id })).toEqual([]);
  });
});

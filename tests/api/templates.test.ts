/**
 * Templates: named generation presets. Add by name alone (the generator's defaults) or with
 * settings validated as the generator validates them, list, fetch, remove, and ownership (404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { uploadRFaq } from "../helpers/generation.ts";
import { client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
});
afterAll(() => server.close());

const EMPTY = "Template name cannot be empty.";
const json = { accept: "application/json" };

describe("templates", () => {
  it("answer 401 without a session, on /api/templates and the spec's /templates/", async () => {
    const anonymous = client(server.url);
    expect((await anonymous.get("/api/templates")).status).toBe(401);
    expect((await anonymous.get("/templates/", json)).status).toBe(401);
    expect((await anonymous.post("/templates/", { name: "Quick quiz" })).status).toBe(401);
    expect((await anonymous.get("/api/templates/1")).status).toBe(401);
    expect((await anonymous.delete("/templates/1")).status).toBe(401);
  });

  it("added by name alone take the generator's defaults; the list is newest first; removal is 204", async () => {
    const { c } = await newStudent(server.url);
    expect((await c.get("/templates/", json)).body).toEqual([]);
    const quick = await c.post("/templates/", { name: " Quick\u0000 quiz " });
    expect(quick.status).toBe(201);
    expect(quick.body).toEqual({
      id: expect.any(Number),
      name: "Quick quiz",
      topic: null,
      difficulty: "Easy",
      count: 5,
      question_types: ["multiple_choice"],
      file_id: null,
      filename: null,
      created_at: expect.any(String),
    });
    server.clock.advance(1000);
    const fileId = await uploadRFaq(c);
    const exam = await c.post("/api/templates", { name: "Exam practice", topic: "packages", difficulty: "hard", count: "20", question_types: ["true_false", "short_answer"], file_id: fileId });
    expect(exam.status).toBe(201);
    expect(exam.body).toMatchObject({ name: "Exam practice", topic: "packages", difficulty: "Hard", count: 20, question_types: ["true_false", "short_answer"], file_id: fileId, filename: "r-faq.pdf" });
    // A form's empty optional fields are the defaults.
    const blank = await c.post("/api/templates", { name: "Blank", topic: "", difficulty: "", count: null, file_id: "" });
    expect(blank.body).toMatchObject({ topic: null, difficulty: "Easy", count: 5, file_id: null });

    expect((await c.get("/api/templates")).body.map((t: { name: string }) => t.name)).toEqual(["Blank", "Exam practice", "Quick quiz"]);
    expect((await c.get(`/templates/${exam.body.id}`, json)).body).toEqual(exam.body);
    expect((await c.delete(`/templates/${quick.body.id}`)).status).toBe(204);
    expect((await c.get(`/api/templates/${quick.body.id}`)).status).toBe(404);
    expect((await c.delete(`/api/templates/${quick.body.id}`)).status).toBe(404);

    // A template keeps its settings when its file is deleted; it just no longer preselects one.
    expect((await c.delete(`/api/files/${fileId}`)).status).toBe(204);
    expect((await c.get(`/api/templates/${exam.body.id}`)).body).toMatchObject({ topic: "packages", count: 20, file_id: null, filename: null });
  });

  it.each([
    [{}, EMPTY],
    [{ name: "" }, EMPTY],
    [{ name: "  \n\t " }, EMPTY],
    [{ name: 42 }, EMPTY],
    [{ name: "x".repeat(101) }, "The template name is too long (at most 100 characters)."],
    [{ name: "T", count: 0 }, "Number of questions must be between 1 and 50."],
    [{ name: "T", count: 51 }, "Number of questions must be between 1 and 50."],
    [{ name: "T", count: "five" }, "Number of questions must be between 1 and 50."],
    [{ name: "T", difficulty: "Impossible" }, "Difficulty must be Easy, Medium or Hard."],
    [{ name: "T", question_types: [] }, "Choose at least one question type."],
    [{ name: "T", question_types: ["essay"] }, "Question types must be a list of multiple_choice, true_false and short_answer."],
    [{ name: "T", topic: "x".repeat(201) }, "The topic is too long (at most 200 characters)."],
    [{ name: "T", file_id: "abc" }, "Select a study material."],
  ])("refuse %j with 422: %s", async (body, message) => {
    const { c } = await newStudent(server.url);
    const res = await c.post("/api/templates", body);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
    expect(res.body.detail[0].msg).toBe(message);
    expect((await c.get("/api/templates")).body).toEqual([]);
  });

  it("stop at 200 per account", async () => {
    const { c, id } = await newStudent(server.url);
    const now = new Date().toISOString();
    await server.app.db("templates").insert(Array.from({ length: 200 }, (_, i) => ({ user_id: id, name: `T${i}`, difficulty: "Easy", count: 5, question_types: '["multiple_choice"]', created_at: now })));
    const res = await c.post("/api/templates", { name: "One more" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You have 200 templates, the most one account can keep. Remove one to add another.");
  });

  it("of another student are 404, and so is another student's file in mine", async () => {
    const owner = await newStudent(server.url, "owner");
    const stranger = await newStudent(server.url, "stranger");
    const fileId = await uploadRFaq(owner.c);
    const tpl = (await owner.c.post("/api/templates", { name: "Mine", file_id: fileId })).body;
    expect((await stranger.c.get("/api/templates")).body).toEqual([]);
    expect((await stranger.c.get(`/api/templates/${tpl.id}`)).status).toBe(404);
    expect((await stranger.c.get(`/api/templates/${tpl.id}`)).body.detail).toBe("Template not found.");
    expect((await stranger.c.delete(`/api/templates/${tpl.id}`)).status).toBe(404);
    const steal = await stranger.c.post("/api/templates", { name: "Theirs", file_id: fileId });
    expect(steal.status).toBe(404);
    expect(steal.body.detail).toBe("File not found.");
    expect((await owner.c.get(`/api/templates/${tpl.id}`)).status).toBe(200);
  });
});

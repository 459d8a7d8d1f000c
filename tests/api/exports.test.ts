/**
 * Exports of a test: every format read back by a real reader of that format — fast-xml-parser for Moodle XML
 * and QTI (unzipped with fflate), gift-pegjs for GIFT, pdftotext for the PDFs, csv-parse for Anki's CSV,
 * Aiken line by line — with texts full of the characters each format treats specially. Also the content
 * types and file names, who may export (owner, admin, class members once the teacher allows it and they may
 * see the answers; 404 for others, 403 for other class members who may take an assigned test, 401 anonymous)
 * and the refusals.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { unzipSync, strFromU8 } from "fflate";
import * as gift from "gift-pegjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeAccount } from "../../src/accounts/roles.ts";
import type { Scope } from "../../src/core/context.ts";
import type { Question } from "../../src/generation/providers/types.ts";
import { insertTest } from "../../src/generation/service.ts";
import { EXPORT_FORMATS, NOTICE_HEADER, SKIPPED_HEADER } from "../../src/teaching/exports/schema.ts";
import { newStudent } from "../helpers/accounts.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const run = promisify(execFile);

/** Every character GIFT treats specially, XML's own, and CSV's quote, comma and line break. */
const TRICKY = 'Which of {a, b} ~ c = #1: "x < y & z"?';
const QUESTIONS: Question[] = [
  {
    question: TRICKY,
    type: "multiple_choice",
    options: ["a ~ b", "c = d", "#e: {f}", "g & <h>"],
    answer: "#e: {f}",
    explanation: 'Because "#e" is defined\non page 3, with {braces}.',
    source_pages: [3],
  },
  { question: "R is free software released under the GPL.", type: "true_false", options: ["True", "False"], answer: "True", explanation: "The R FAQ says so.", source_pages: [1, 2] },
  {
    question: "What does CRAN stand for?",
    type: "short_answer",
    options: [],
    answer: "Comprehensive R Archive Network",
    accepted_answers: ["The Comprehensive R Archive Network", "CRAN"],
    explanation: "",
    source_pages: [4],
  },
  { question: "Which function reads a CSV file into a data frame?", type: "multiple_choice", options: ["read.csv", "write.csv", "scan.csv", "load.csv"], answer: "read.csv", explanation: "read.csv is in utils.", source_pages: [7] },
];
const TITLE = "Économie — R basics (Medium)";
const ASCII_TITLE = "Economie - R basics (Medium)";

let server: TestServer;
let owner: Client;
let stranger: Client;
let admin: Client;
let testId: number;

function scopeOf(user: { id: number; username: string; email: string }): Scope {
  return { ...server.app, user: { ...user, role: "student", is_admin: false, is_verified: true } };
}

async function storeTest(user: { id: number; username: string; email: string }, questions: Question[], name = TITLE): Promise<number> {
  const types = [...new Set(questions.map((q) => q.type))];
  const { test_id } = await insertTest(scopeOf(user), { study_material_id: null, name, topic: "R basics", difficulty: "Medium", question_types: types, provider: "builtin", model: "test", seed: 1, questions });
  return test_id;
}

async function download(c: Client, query: string, id = testId) {
  const res = await c.raw("GET", `/api/tests/${id}/export?${query}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) };
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
  admin = (await newStudent(server.url, "admin")).c; // the first account is the administrator
  const o = await newStudent(server.url, "owner");
  owner = o.c;
  stranger = (await newStudent(server.url, "stranger")).c;
  testId = await storeTest(o, QUESTIONS);
});
afterAll(() => server.close());

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ["question", "answer", "resource", "dependency", "simpleChoice", "mapEntry", "assessmentItemRef"].includes(name),
});

function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  return xml.parse(text);
}

describe("file names and content types", () => {
  it("names each file for the test's title, in UTF-8 (filename*) and in plain ASCII (filename)", async () => {
    const expected: Record<string, [string, string]> = {
      "moodle-xml": ["application/xml; charset=utf-8", "Moodle.xml"],
      gift: ["text/plain; charset=utf-8", "GIFT.txt"],
      aiken: ["text/plain; charset=utf-8", "Aiken.txt"],
      qti: ["application/zip", "QTI.zip"],
      "anki-csv": ["text/csv; charset=utf-8", "Anki.csv"],
    };
    for (const format of EXPORT_FORMATS.filter((f) => f !== "pdf")) {
      const res = await download(owner, `format=${format}`);
      expect(res.status, format).toBe(200);
      const [type, tail] = expected[format]!;
      expect(res.headers.get("content-type"), format).toBe(type);
      const disposition = res.headers.get("content-disposition")!;
      expect(disposition).toContain(`attachment; filename="${ASCII_TITLE} - ${tail}"`);
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`${TITLE} - ${tail}`).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    }
    const pdf = await download(owner, "format=pdf");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`filename="${ASCII_TITLE}.pdf"`);
    const key = await download(owner, "format=pdf&key=1");
    expect(key.headers.get("content-disposition")).toContain(`filename="${ASCII_TITLE} - answer key.pdf"`);
  });

  it("keeps characters no file system allows out of the name", async () => {
    const o = await newStudent(server.url);
    const id = await storeTest(o, QUESTIONS.slice(3), 'a/b\\c: "d"?*');
    const res = await download(o.c, "format=gift", id);
    expect(res.headers.get("content-disposition")).toContain('filename="a-b-c- -d- - GIFT.txt"');
  });
});

describe("Moodle XML", () => {
  it("holds a category named for the test and each question with its type, right answer and feedback", async () => {
    const res = await download(owner, "format=moodle-xml");
    const questions = parseXml(res.text).quiz.question;
    expect(questions).toHaveLength(5);
    expect(questions[0]).toMatchObject({ "@_type": "category", category: { text: `$course$/top/${TITLE}` } });
    const [mc, tf, short, mc2] = questions.slice(1);
    expect([mc, tf, short, mc2].map((q) => q["@_type"])).toEqual(["multichoice", "truefalse", "shortanswer", "multichoice"]);

    expect(mc.questiontext).toMatchObject({ "@_format": "plain_text", text: TRICKY });
    expect(mc.single).toBe("true");
    expect(mc.answer.map((a: { text: string }) => a.text)).toEqual(QUESTIONS[0]!.options);
    expect(mc.answer.map((a: { "@_fraction": string }) => a["@_fraction"])).toEqual(["0", "0", "100", "0"]);
    expect(mc.generalfeedback.text).toBe(QUESTIONS[0]!.explanation);

    expect(tf.answer.map((a: { text: string; "@_fraction": string }) => [a.text, a["@_fraction"]])).toEqual([["true", "100"], ["false", "0"]]);
    expect(tf.generalfeedback.text).toBe("The R FAQ says so.");
    // The key and every accepted wording are full-mark answers.
    expect(short.answer.map((a: { text: string; "@_fraction": string }) => [a.text, a["@_fraction"]])).toEqual([
      ["Comprehensive R Archive Network", "100"],
      ["The Comprehensive R Archive Network", "100"],
      ["CRAN", "100"],
    ]);
    expect(mc2.answer.find((a: { "@_fraction": string }) => a["@_fraction"] === "100").text).toBe("read.csv");
  });
});

describe("GIFT", () => {
  it("is read back by a GIFT parser with every question, type, answer and feedback, the special characters intact", async () => {
    const res = await download(owner, "format=gift");
    const parsed = gift.parse(res.text) as unknown as Record<string, any>[];
    expect(parsed.map((q) => q.type)).toEqual(["Category", "MC", "TF", "Short", "MC"]);
    expect(parsed[0]!.title).toBe(`$course$/top/${TITLE}`);

    const mc = parsed[1]!;
    expect(mc.stem.text).toBe(TRICKY);
    expect(mc.choices.map((c: any) => c.text.text)).toEqual(QUESTIONS[0]!.options);
    expect(mc.choices.map((c: any) => c.isCorrect)).toEqual([false, false, true, false]);
    expect(mc.globalFeedback.text).toBe(QUESTIONS[0]!.explanation);

    expect(parsed[2]).toMatchObject({ isTrue: true, globalFeedback: { text: "The R FAQ says so." } });
    expect(parsed[3]!.choices.map((c: any) => [c.text.text, c.isCorrect])).toEqual([
      ["Comprehensive R Archive Network", true],
      ["The Comprehensive R Archive Network", true],
      ["CRAN", true],
    ]);
    expect(parsed[3]!.globalFeedback).toBeNull();
    expect(parsed[4]!.choices.filter((c: any) => c.isCorrect).map((c: any) => c.text.text)).toEqual(["read.csv"]);
  });

  it("writes a false statement as {FALSE}", async () => {
    const o = await newStudent(server.url);
    const id = await storeTest(o, [{ ...QUESTIONS[1]!, answer: "False" }]);
    const parsed = gift.parse((await download(o.c, "format=gift", id)).text) as unknown as Record<string, any>[];
    expect(parsed[1]).toMatchObject({ type: "TF", isTrue: false });
  });
});

describe("Aiken", () => {
  it("has the multiple-choice questions with exactly one valid ANSWER line each, and says in its headers what it left out", async () => {
    const res = await download(owner, "format=aiken");
    expect(res.headers.get(SKIPPED_HEADER)).toBe("2");
    expect(res.headers.get(NOTICE_HEADER)).toBe("2 questions were left out: Aiken holds multiple-choice questions only.");
    const blocks = res.text.trimEnd().split(/\n\s*\n/);
    expect(blocks).toHaveLength(2);
    const expected = [QUESTIONS[0]!, QUESTIONS[3]!];
    blocks.forEach((block, i) => {
      const lines = block.split("\n");
      const q = expected[i]!;
      expect(lines[0]).toBe(q.question);
      const options = lines.slice(1, -1);
      expect(options).toEqual(q.options.map((o, j) => `${"ABCD"[j]}. ${o}`));
      expect(lines.filter((l) => l.startsWith("ANSWER:"))).toHaveLength(1);
      const answer = /^ANSWER: ([A-Z])$/.exec(lines.at(-1)!)![1]!;
      expect(answer.charCodeAt(0) - 65).toBeLessThan(options.length);
      expect(options[answer.charCodeAt(0) - 65]).toBe(`${answer}. ${q.answer}`);
    });
  });

  it("refuses a test with no multiple-choice question, naming the formats that hold it", async () => {
    const o = await newStudent(server.url);
    const id = await storeTest(o, QUESTIONS.slice(1, 3));
    const res = await o.c.get(`/api/tests/${id}/export?format=aiken`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/no multiple-choice questions.*Moodle XML or GIFT/);
  });

  it("leaves out a question whose text Moodle would read as an option line, and says so", async () => {
    const o = await newStudent(server.url);
    const id = await storeTest(o, [{ ...QUESTIONS[3]!, question: "U.S. federal data: which function reads a CSV file?" }, QUESTIONS[0]!, QUESTIONS[1]!]);
    const res = await download(o.c, "format=aiken", id);
    expect(res.text.split("\n")[0]).toBe(TRICKY);
    expect(res.text).not.toContain("U.S.");
    expect(res.headers.get(SKIPPED_HEADER)).toBe("2");
    expect(res.headers.get(NOTICE_HEADER)).toBe(
      '1 question was left out: Aiken holds multiple-choice questions only. 1 question was left out because the text starts like an Aiken option or answer line ("A." or "ANSWER:").',
    );
  });
});

describe("QTI 2.1 package", () => {
  it("is a zip whose manifest lists every item, each item scoring the key as correct", async () => {
    const res = await download(owner, "format=qti");
    const files = unzipSync(res.bytes);
    const text = (name: string) => strFromU8(files[name]!);
    const manifest = parseXml(text("imsmanifest.xml")).manifest;
    const resources: any[] = manifest.resources.resource;
    const items = resources.filter((r) => r["@_type"] === "imsqti_item_xmlv2p1");
    const testResource = resources.find((r) => r["@_type"] === "imsqti_test_xmlv2p1");
    expect(items).toHaveLength(QUESTIONS.length);
    // Every file in the zip is in the manifest, every file the manifest names is in the zip.
    const named = [testResource["@_href"], ...items.map((r) => r["@_href"])];
    expect(Object.keys(files).sort()).toEqual(["imsmanifest.xml", ...named].sort());
    expect(testResource.dependency.map((d: any) => d["@_identifierref"])).toEqual(items.map((r) => r["@_identifier"]));

    const test = parseXml(text(testResource["@_href"])).assessmentTest;
    expect(test["@_title"]).toBe(TITLE);
    expect(test.testPart.assessmentSection.assessmentItemRef.map((r: any) => r["@_href"])).toEqual(items.map((r) => r["@_href"]));

    const parsed = items.map((r) => parseXml(text(r["@_href"])).assessmentItem);
    parsed.forEach((item, i) => expect(item["@_identifier"]).toBe(items[i]["@_identifier"]));
    const chosen = (item: any) => {
      const interaction = item.itemBody.choiceInteraction;
      const key = item.responseDeclaration.correctResponse.value;
      return { prompt: interaction.prompt, key: interaction.simpleChoice.find((c: any) => c["@_identifier"] === key)["#text"] };
    };
    expect(chosen(parsed[0])).toEqual({ prompt: TRICKY, key: "#e: {f}" });
    expect(parsed[0].modalFeedback["#text"]).toBe(QUESTIONS[0]!.explanation);
    expect(chosen(parsed[1])).toEqual({ prompt: QUESTIONS[1]!.question, key: "True" });
    expect(chosen(parsed[3]).key).toBe("read.csv");

    const short = parsed[2];
    expect(short.itemBody.p[1].textEntryInteraction["@_responseIdentifier"]).toBe("RESPONSE");
    expect(short.responseDeclaration).toMatchObject({ "@_baseType": "string", correctResponse: { value: "Comprehensive R Archive Network" } });
    expect(short.responseDeclaration.mapping.mapEntry.map((e: any) => [e["@_mapKey"], e["@_mappedValue"]])).toEqual([
      ["Comprehensive R Archive Network", "1"],
      ["The Comprehensive R Archive Network", "1"],
      ["CRAN", "1"],
    ]);
  });
});

describe("Anki CSV", () => {
  it("starts with Anki's file headers and holds one quoted record per question: front, back, tags", async () => {
    const res = await download(owner, "format=anki-csv");
    const lines = res.text.split("\n");
    const headers = lines.slice(0, lines.findIndex((l) => !l.startsWith("#")));
    expect(headers).toEqual(["#separator:Comma", "#html:false", `#deck:${TITLE}`, "#columns:Front,Back,Tags", "#tags column:3"]);
    // Anki reads its "#key:value" lines first; csv-parse (strict: quotes, column count) reads the records after them.
    const rows: string[][] = parseCsv(res.text.split("\n").slice(headers.length).join("\n"), { relax_column_count: false, relax_quotes: false });
    expect(rows).toHaveLength(QUESTIONS.length);
    for (const row of rows) expect(row).toHaveLength(3);
    expect(rows[0]![0]).toBe(`${TRICKY}\nA. a ~ b\nB. c = d\nC. #e: {f}\nD. g & <h>`);
    expect(rows[0]![1]).toBe(`C. #e: {f}\n\n${QUESTIONS[0]!.explanation}`);
    expect(rows[0]![2]).toBe("studyforge r_basics multiple_choice");
    expect(rows[1]).toEqual([`True or false? ${QUESTIONS[1]!.question}`, "True\n\nThe R FAQ says so.", "studyforge r_basics true_false"]);
    expect(rows[2]![1]).toBe("Comprehensive R Archive Network (also accepted: The Comprehensive R Archive Network; CRAN)");
  });
});

describe("PDF", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "studyforge-export-"));
  async function pdfText(bytes: Uint8Array, name: string, page?: number): Promise<string> {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    const pages = page ? ["-f", String(page), "-l", String(page)] : [];
    const { stdout } = await run("pdftotext", [...pages, file, "-"]);
    return stdout.replace(/\s+/g, " ");
  }

  it("prints a student copy with the title, a name and date line, every question and its options, and no answers", async () => {
    const res = await download(owner, "format=pdf");
    expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(res.bytes, "student.pdf");
    expect(text).toContain(TITLE);
    expect(text).toMatch(/Name: .*Date: .*Class:/);
    for (const q of QUESTIONS) expect(text).toContain(q.question);
    for (const o of QUESTIONS[0]!.options) expect(text).toContain(o);
    expect(text).toContain("Page 1 of 1");
    expect(text).not.toContain("Answer:");
    expect(text).not.toContain(QUESTIONS[0]!.explanation.split("\n")[0]);
  });

  it("prints the answer key as a second file: every answer, the accepted wordings and the explanations", async () => {
    const res = await download(owner, "format=pdf&key=1");
    const text = await pdfText(res.bytes, "key.pdf");
    expect(text).toContain(TITLE);
    expect(text).toContain("Answer key");
    expect(text).toContain("Answer: C. #e: {f}");
    expect(text).toContain("Answer: True");
    expect(text).toContain("Answer: Comprehensive R Archive Network (also accepted: The Comprehensive R Archive Network; CRAN)");
    expect(text).toContain("Answer: A. read.csv");
    expect(text).toContain("Because \"#e\" is defined on page 3, with {braces}.");
    expect(text).not.toMatch(/Name:/);
  });

  it("numbers the pages of a long test and keeps each question on one page with its options", async () => {
    const o = await newStudent(server.url);
    const long: Question[] = Array.from({ length: 50 }, (_, i) => ({
      question: `Question number ${i + 1}: which option belongs to this question and not to another one on the page?`,
      type: "multiple_choice",
      options: ["A", "B", "C", "D"].map((l) => `Option ${l} of question ${i + 1}`),
      answer: `Option B of question ${i + 1}`,
      explanation: "",
      source_pages: [1],
    }));
    const id = await storeTest(o, long, "Long test");
    const res = await download(o.c, "format=pdf&paper=letter", id);
    writeFileSync(path.join(dir, "long.pdf"), res.bytes);
    const { stdout: info } = await run("pdfinfo", [path.join(dir, "long.pdf")]);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(pages).toBeGreaterThan(2);
    expect(info).toMatch(/Page size:\s+612 x 792/);
    let seen = 0;
    for (let page = 1; page <= pages; page++) {
      const text = await pdfText(res.bytes, "long.pdf", page);
      expect(text).toContain(`Page ${page} of ${pages}`);
      for (let n = 1; n <= 50; n++) {
        if (!text.includes(`Question number ${n}:`)) continue;
        seen++;
        expect(text, `question ${n} on page ${page}`).toContain(`Option D of question ${n}`);
      }
    }
    expect(seen).toBe(50);
  });
});

describe("while long exports are being made", () => {
  /** A long test of about 1,000 characters a question, as a teacher's full-length exam might be: its PDF takes a while. */
  const longTest = (tag: string): Question[] =>
    Array.from({ length: 100 }, (_, i) => ({
      question: `${tag} question ${i + 1}: ${"which of these statements about the material is true and why ".repeat(16)}`,
      type: "multiple_choice",
      options: ["A", "B", "C", "D"].map((l) => `Option ${l}: ${"a considered answer ".repeat(6)}`),
      answer: `Option C: ${"a considered answer ".repeat(6)}`.trim(),
      explanation: "Because the material says so on the page cited. ".repeat(6),
      source_pages: [i + 1],
    }));

  it("keeps answering /api/health, and makes one export at a time per person (429 for a second)", async () => {
    const people = await Promise.all(["pdf1", "pdf2", "pdf3"].map(async (name) => {
      const p = await newStudent(server.url, name);
      return { ...p, testId: await storeTest(p, longTest(name), `Exam of ${name}`) };
    }));
    let finished = 0;
    const track = (pending: ReturnType<typeof download>) => pending.then((res) => ((finished += res.status === 200 ? 1 : 0), res));
    const [first, ...others] = people;
    const theirs = others.map((p) => track(download(p.c, "format=pdf&key=1", p.testId)));
    // The first person asks for both copies at once: one is made, the other refused with a clear message until it is done.
    const pair = ["format=pdf&key=1", "format=pdf"].map((query) => track(download(first!.c, query, first!.testId)));
    const refused = await Promise.any(pair.map((p) => p.then((res) => (res.status === 429 ? res : Promise.reject(new Error(`got ${res.status}`))))));
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(JSON.parse(refused.text).detail).toBe("One of your exports is still being made. Wait for it to finish, then download the next file.");

    // Meanwhile the server answers its health check, each time before any of the long files is done.
    for (let i = 0; i < 5; i++) {
      const health = await client(server.url).get("/api/health");
      expect(health.status).toBe(200);
      expect(finished).toBe(0);
    }

    expect((await Promise.all(pair)).map((res) => res.status).sort()).toEqual([200, 429]);
    for (const res of await Promise.all(theirs)) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
    }
    // Once their first file is made, the same person's next one is made too.
    const after = await download(first!.c, "format=pdf&paper=letter", first!.testId);
    expect(after.status).toBe(200);
    expect(after.text.startsWith("%PDF-")).toBe(true);
  });

  it("makes the file again after its teacher edits the test, rather than handing out the earlier one", async () => {
    const p = await newStudent(server.url, "editor");
    const id = await storeTest(p, QUESTIONS.slice(1, 2), "Edited test");
    expect((await download(p.c, "format=gift", id)).text).toContain("R is free software");
    const { version } = (await p.c.get(`/api/tests/${id}/questions`)).body as { version: string };
    expect((await p.c.patch(`/api/tests/${id}/questions/0`, { version, question: "R is released under the GNU GPL." })).status).toBe(200);
    const { text } = await download(p.c, "format=gift", id);
    expect(text).toContain("R is released under the GNU GPL.");
    expect(text).not.toContain("R is free software");
  });
});

describe("who may export, and what is refused", () => {
  it("answers 404 for another student's test, 401 without a session, and lets an administrator export any test", async () => {
    for (const format of EXPORT_FORMATS) {
      expect((await download(stranger, `format=${format}`)).status, format).toBe(404);
      expect((await download(client(server.url), `format=${format}`)).status, format).toBe(401);
    }
    expect((await download(admin, "format=gift")).status).toBe(200);
  });

  it("keeps an assigned test's export (its answers) from the class members who may take it", async () => {
    const t = await newStudent(server.url, "teacher");
    await changeAccount(server.app, t.id, { role: "teacher" });
    const id = await storeTest(t, QUESTIONS);
    const cls = await t.c.post("/api/classes", { name: "Statistics 1" });
    const member = await newStudent(server.url, "member");
    expect((await member.c.post("/api/classes/join", { code: cls.body.join_code })).status).toBe(200);
    expect((await t.c.post(`/api/classes/${cls.body.id}/assignments`, { test_id: id })).status).toBe(201);
    expect((await member.c.get(`/api/tests/${id}?mode=take`)).status).toBe(200);
    for (const format of EXPORT_FORMATS) expect((await download(member.c, `format=${format}`, id)).status, format).toBe(403);
    expect((await download(t.c, "format=moodle-xml", id)).status).toBe(200);
  });

  it("lets a member download an assigned test once the teacher allows it and the answers may be shown to them, refusing with the reason before", async () => {
    const t = await newStudent(server.url, "teacher2");
    await changeAccount(server.app, t.id, { role: "teacher" });
    const cls = await t.c.post("/api/classes", { name: "Statistics 2" });
    const member = await newStudent(server.url, "member2");
    const outsider = await newStudent(server.url, "outsider2");
    expect((await member.c.post("/api/classes/join", { code: cls.body.join_code })).status).toBe(200);
    const assignedWith = async (settings: Record<string, unknown>) => {
      const id = await storeTest(t, QUESTIONS);
      const res = await t.c.post(`/api/classes/${cls.body.id}/assignments`, { test_id: id, ...settings });
      expect(res.status).toBe(201);
      expect(res.body.allow_export).toBe(settings.allow_export ?? false);
      return { id, assignmentId: res.body.id as number };
    };
    const mine = async (assignmentId: number) => (await member.c.get(`/api/classes/${cls.body.id}/assignments`)).body.find((a: { id: number }) => a.id === assignmentId);

    const allowed = await assignedWith({ allow_export: true, show_answers_after: "submission" });
    expect(await mine(allowed.assignmentId)).toMatchObject({ allow_export: true, may_export: false });
    const before = await member.c.get(`/api/tests/${allowed.id}/export?format=gift`);
    expect(before.status).toBe(403);
    expect(before.body.detail).toBe("This test can be downloaded once you have submitted an attempt: a download holds the answers.");
    expect((await member.c.post("/api/tests/submit", { test_id: allowed.id, answers: { "0": "#e: {f}" } })).status).toBe(201);
    expect(await mine(allowed.assignmentId)).toMatchObject({ may_export: true });
    const after = await download(member.c, "format=gift", allowed.id);
    expect(after.status).toBe(200);
    expect(after.headers.get("content-disposition")).toContain("GIFT.txt");
    expect(after.text).toContain("Comprehensive R Archive Network");
    expect((await download(outsider.c, "format=gift", allowed.id)).status).toBe(404);

    const notAllowed = await assignedWith({ show_answers_after: "submission" });
    expect((await member.c.post("/api/tests/submit", { test_id: notAllowed.id, answers: { "0": "x" } })).status).toBe(201);
    const refused = await member.c.get(`/api/tests/${notAllowed.id}/export?format=gift`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("This test is assigned to you: open it to take it. Its answers are not shown here.");
    expect(await mine(notAllowed.assignmentId)).toMatchObject({ allow_export: false, may_export: false });

    const never = await assignedWith({ allow_export: true, show_answers_after: "never" });
    expect((await member.c.post("/api/tests/submit", { test_id: never.id, answers: { "0": "x" } })).status).toBe(201);
    const hidden = await member.c.get(`/api/tests/${never.id}/export?format=pdf`);
    expect(hidden.status).toBe(403);
    expect(hidden.body.detail).toContain("does not show the answers");
    expect((await download(outsider.c, "format=gift", never.id)).status).toBe(404);

    const dueAt = new Date(server.clock.now().getTime() + 60 * 60_000).toISOString();
    const due = await assignedWith({ allow_export: true, show_answers_after: "due", due_at: dueAt });
    const early = await member.c.get(`/api/tests/${due.id}/export?format=anki-csv`);
    expect(early.status).toBe(403);
    expect(early.body.detail).toBe(`This test can be downloaded once its answers are shown, after the due time, ${dueAt.slice(0, 10)} ${dueAt.slice(11, 16)} UTC.`);
    server.clock.advance(61 * 60_000);
    expect(await mine(due.assignmentId)).toMatchObject({ may_export: true });
    expect((await download(member.c, "format=anki-csv", due.id)).status).toBe(200);
  });

  it("answers 422 listing the formats for an unknown or missing format", async () => {
    for (const query of ["format=docx", "", "format=pdf&key=maybe"]) {
      const res = await owner.get(`/api/tests/${testId}/export?${query}`);
      expect(res.status, query).toBe(422);
    }
    const res = await owner.get(`/api/tests/${testId}/export?format=docx`);
    expect(res.body.detail[0].msg).toBe("Choose an export format: moodle-xml, gift, aiken, qti, anki-csv, pdf.");
    // The spec's path without /api reaches the same route.
    expect((await download(owner, "format=gift")).status).toBe(200);
    expect((await owner.raw("GET", `/tests/${testId}/export?format=gift`, { headers: { accept: "*/*" } })).status).toBe(200);
  });
});

/**
 * Study material beyond PDFs (issue 15): Word, PowerPoint, OpenDocument, text and Markdown files, built
 * here as their programs write them, detected by content, read into slides or sections, and cited so;
 * and the hostile variants of each refused with a clear message while the server keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { client, type Client } from "../helpers/http.ts";
import { BIOLOGY_SLIDES as SLIDES, deflatedZeros, docx, docxParts, honestParts, odp, odt, pptx, pptxParts, rawZip, zipOf } from "../helpers/office.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { footprint } from "../helpers/storage.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_MB: "12", MAX_PDF_PAGES: "40" });
});
afterAll(() => server.close());

const NOT_ACCEPTED =
  "Only PDF, Word (.docx), PowerPoint (.pptx), OpenDocument (.odt, .odp), text (.txt) and Markdown (.md) files are accepted; text files must be UTF-8.";


/** About two and a half pages of prose under three headings: three sections. */
const paragraph = (topic: string, n: number) =>
  `${topic} note ${n}: a mitochondrion is an organelle that releases energy from glucose, and a chloroplast is an organelle that captures light for photosynthesis in green plants.`;
const BLOCKS = [
  { heading: "Cells and their organelles" },
  ...Array.from({ length: 14 }, (_, i) => paragraph("Cells", i + 1)),
  { heading: "Energy in living things" },
  ...Array.from({ length: 14 }, (_, i) => paragraph("Energy", i + 1)),
  { heading: "Summary" },
  "The nucleus holds the genetic material of the cell, and ribosomes build proteins from amino acids.",
];

async function pagesOf(fileId: number) {
  const { hash } = await server.app.db("study_materials").where({ id: fileId }).first("hash");
  return (await server.app.db("document_pages").where({ hash }).orderBy("page").select("page", "text")) as { page: number; text: string }[];
}

const text = (s: string) => new TextEncoder().encode(s);
const MARKDOWN = [
  "---",
  "title: Notes",
  "---",
  "# Cells",
  "",
  "A **cell** is the smallest unit of life. See [the atlas](https://example.org/atlas).",
  "Cells were first named by",
  "Robert Hooke in 1665.",
  "",
  "## Organelles",
  "",
  "- The *nucleus* holds the DNA.",
  "- The `mitochondrion` releases energy.",
].join("\n");

describe("uploading Word, PowerPoint, OpenDocument, text and Markdown files", () => {
  const cases: [string, () => Uint8Array, string, string, number, RegExp][] = [
    ["a PowerPoint deck", () => pptx(SLIDES), "biology.pptx", "slide", 3, /^The Calvin cycle\nThe Calvin cycle fixes carbon dioxide/],
    ["an OpenDocument presentation", () => odp(SLIDES), "biology.odp", "slide", 3, /^The Calvin cycle\nThe Calvin cycle fixes carbon dioxide/],
    ["a Word document", () => docx(BLOCKS), "notes.docx", "section", 3, /^Energy in living things\nEnergy note 1:/],
    ["an OpenDocument text", () => odt(BLOCKS), "notes.odt", "section", 3, /^Energy in living things\nEnergy note 1:/],
    ["a text file", () => text(BLOCKS.map((b) => (typeof b === "string" ? b : b.heading)).join("\n\n")), "notes.txt", "section", 2, /Energy note/],
    ["a Markdown file", () => text(MARKDOWN), "notes.md", "section", 1, /^Cells\nA cell is the smallest unit of life\. See the atlas\. Cells were first named by Robert Hooke in 1665\.\nOrganelles\n- The nucleus holds the DNA\.\n- The mitochondrion releases energy\.$/],
  ];
  it.each(cases)("reads %s into its pages", async (_kind, build, filename, unit, count, second) => {
    const { c } = await newStudent(server.url);
    const res = await c.upload("/api/files/upload/scan", build(), filename, "file", "application/octet-stream");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ filename, pages: count, page_unit: unit });
    const pages = await pagesOf(res.body.file_id);
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(pages[Math.min(1, count - 1)]!.text).toMatch(second);
    // Slide numbers are the slide's, not its text; speaker notes are not on the slide.
    expect(pages.map((p) => p.text).join("\n")).not.toMatch(/Speaker notes|^\d+$/m);
  });

  it("keeps sections at about a page, split where a heading or paragraph starts, the same every time", async () => {
    const { c } = await newStudent(server.url);
    const first = await c.upload("/api/files/upload/scan", docx(BLOCKS), "notes.docx");
    const again = await c.upload("/api/files/upload/scan", odt(BLOCKS), "notes.odt");
    const [a, b] = [await pagesOf(first.body.file_id), await pagesOf(again.body.file_id)];
    expect(a.map((p) => p.text)).toEqual(b.map((p) => p.text));
    for (const page of a) expect(page.text.length).toBeLessThanOrEqual(3000);
    expect(a[0]!.text).toMatch(/^Cells and their organelles\nCells note 1:/);
    expect(a[2]!.text).toMatch(/^Summary\nThe nucleus holds/);
  });

  it("reads a Markdown note that quotes a PDF's header as Markdown, not as a damaged PDF", async () => {
    const { c } = await newStudent(server.url);
    const note = "# PDF internals\n\nEvery PDF file starts with a header line such as %PDF-1.7, then a comment of binary bytes.\n";
    const res = await c.upload("/api/files/upload/scan", text(note), "pdf-notes.md");
    expect(res.status).toBe(201);
    expect((await pagesOf(res.body.file_id)).map((p) => p.text)).toEqual(["PDF internals\nEvery PDF file starts with a header line such as %PDF-1.7, then a comment of binary bytes."]);
  });

  it("tells files apart by content: a Word document named .pdf is read as one, and downloads as Word", async () => {
    const { c } = await newStudent(server.url);
    const res = await c.upload("/api/files/upload/scan", docx(BLOCKS), "renamed.pdf");
    expect(res.status).toBe(201);
    expect(res.body.page_unit).toBe("section");
    const dl = await c.raw("GET", `/api/files/${res.body.file_id}/download`);
    expect(dl.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(Buffer.from(await dl.arrayBuffer()).equals(Buffer.from(docx(BLOCKS)))).toBe(true);
  });

  /** A new student's upload of `bytes`, and a test of two questions generated from it on `topic`. */
  async function testFrom(bytes: Uint8Array, filename: string, topic: string, question_types = ["multiple_choice"]) {
    const { c } = await newStudent(server.url);
    const up = await c.upload("/api/files/upload/scan", bytes, filename);
    const gen = await c.post("/api/gpt/generate", { file_id: up.body.file_id, topic, count: 2, question_types });
    expect(gen.status).toBe(200);
    return { c, up, gen, test: await c.get(`/api/tests/${gen.body.test_id}`) };
  }

  it("generates a test from slides whose questions cite their slide", async () => {
    // (Three slides hold too few terms for four options: the deck's questions are true/false and short answers.)
    const { c, up, gen, test } = await testFrom(pptx(SLIDES), "biology.pptx", "carbon dioxide", ["true_false", "short_answer"]);
    expect(test.body.page_unit).toBe("slide");
    const questions = test.body.test_metadata.questions as { source_pages: number[]; explanation: string }[];
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expect(q.source_pages.every((p) => p >= 1 && p <= 3)).toBe(true);
      // After a true/false's verdict too ("True. From slide 2: …"; it said "page" once).
      expect(q.explanation).toMatch(new RegExp(`^(?:True\\. |False: .*)?From slide ${q.source_pages[0]}: `));
      expect(q.explanation).not.toMatch(/\bpage \d/);
    }
    // The results page and study sets made from the deck cite slides too.
    const result = await c.post("/api/tests/submit", { test_id: gen.body.test_id, answers: {} });
    expect((await c.get(`/api/results/${result.body.result_id}`)).body.page_unit).toBe("slide");
    const set = await c.post("/api/study_sets", { name: "Biology", file_id: up.body.file_id, topic: "carbon dioxide", count: 2 });
    expect(set.body.page_unit).toBe("slide");
    expect(set.body.flashcards.some((card: { source_page: number | null }) => card.source_page !== null)).toBe(true);
    // Insights too: the missed questions' sources and the pages to review are slides.
    const [insight] = (await c.get("/api/ai/insights")).body;
    expect(insight.most_missed.map((m: { page_unit: string }) => m.page_unit)).toEqual(questions.map(() => "slide"));
    expect(insight.next_steps.review_pages.every((p: { page_unit: string }) => p.page_unit === "slide")).toBe(true);
    expect(insight.summary.text).toMatch(/Review slides? \d/);
  });

  it("generates a test from a text document whose questions cite their section", async () => {
    // (Its sections repeat one sentence: too few terms for four options, as in the deck.)
    const { test } = await testFrom(docx(BLOCKS), "notes.docx", "organelle", ["true_false", "short_answer"]);
    expect(test.body.test_metadata.questions.length).toBeGreaterThan(0);
    expect(test.body.page_unit).toBe("section");
    for (const q of test.body.test_metadata.questions) expect(q.explanation).toMatch(/^From section [1-3]: /);
  });
});

/** Uploads `bytes` while probing /api/health; the upload's answer, and whether every probe answered 200. */
async function uploadWhileProbing(c: Client, bytes: Uint8Array, filename: string) {
  const upload = c.upload("/api/files/upload/scan", bytes, filename, "file", "application/octet-stream");
  let done = false;
  void upload.finally(() => (done = true));
  const probes: number[] = [];
  while (!done) {
    probes.push((await client(server.url).get("/api/health")).status);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { res: await upload, probes };
}

describe("hostile and broken files", () => {
  const docxWith = (document: string) => zipOf({ ...docxParts(["x"]), "word/document.xml": document });
  const laughs = `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "hahahahahahahahahaha">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${"b".repeat(i + 1)} "${`&${i ? "b".repeat(i) : "a"};`.repeat(10)}">`).join("")}]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&bbbbbbbbb;</w:t></w:r></w:p></w:body></w:document>`;
  const deepSlide = () => {
    const parts = pptxParts([{ title: "Deep" }]);
    parts["ppt/slides/slide1.xml"] = `<?xml version="1.0"?><p:sld xmlns:p="p" xmlns:a="a">${"<a:g>".repeat(100_000)}${"</a:g>".repeat(100_000)}</p:sld>`;
    return zipOf(parts);
  };
  const cases: [string, () => Promise<Uint8Array> | Uint8Array, string, number, string | RegExp][] = [
    ["random bytes named .docx", () => new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)), "notes.docx", 415, NOT_ACCEPTED],
    ["a spreadsheet (a zip of another kind)", () => zipOf({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" }), "sheet.pptx", 415, NOT_ACCEPTED],
    ["text that is not UTF-8", () => Uint8Array.from(Buffer.from("Caf\xe9 au lait, cr\xe8me br\xfbl\xe9e.\n", "latin1")), "menu.txt", 415, NOT_ACCEPTED],
    ["a truncated Word document", () => docx(BLOCKS).subarray(0, 2000), "cut.docx", 422, "This file is damaged and cannot be read: its zip archive is incomplete (was the download interrupted?)."],
    [
      "a Word document whose XML is malformed",
      () => docxWith('<?xml version="1.0"?><w:document xmlns:w="w"><w:body><w:p><w:t>open</w:body></w:document>'),
      "bad.docx",
      422,
      /^This Word document is damaged and cannot be read: its part word\/document\.xml is not well-formed XML/,
    ],
    ["billion laughs (nested entities)", () => docxWith(laughs), "laughs.docx", 422, "This Word document is damaged and cannot be read: its part word/document.xml declares a DTD, which these files never do."],
    ["XML nested 100,000 deep", deepSlide, "deep.pptx", 422, "This PowerPoint presentation is damaged and cannot be read: its part ppt/slides/slide1.xml nests elements more than 256 deep."],
    [
      "a zip bomb: 1 GiB of zeros claiming 1 KB",
      async () => {
        const zeros = await deflatedZeros(1024);
        const parts = honestParts(docxParts(["x"])).filter((p) => p.name !== "word/document.xml");
        return rawZip([...parts, { name: "word/document.xml", data: zeros, method: 8, crc: 0, size: 1024 }]);
      },
      "bomb.docx",
      422,
      "This file unpacks to more than 64 MB of text and markup, the limit for one file.",
    ],
    [
      "100,000 parts in one container",
      () => zipOf({ ...pptxParts(SLIDES), ...Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`ppt/media/${i}`, ""])) }, { stored: true }),
      "many.pptx",
      422,
      "This file holds more than 10,000 parts, the limit for one document.",
    ],
    ["a text file over the upload limit", () => text("All work and no play. ".repeat(600_000)), "huge.txt", 413, "The file is larger than 12 MB."],
    [
      "a text file of more sections than the page limit (40 here)",
      () => text(Array.from({ length: 1000 }, (_, i) => paragraph("Long", i)).join("\n\n")),
      "long.txt",
      422,
      /^This text file is too long: it makes \d+ sections of about a page \(up to 3,000 characters each\); the limit is 40 sections\.$/,
    ],
  ];
  it.each(cases)("refuses %s with a clear message while the server answers", async (_kind, build, filename, status, detail) => {
    const { c } = await newStudent(server.url);
    const before = await footprint(server);
    const { res, probes } = await uploadWhileProbing(c, await build(), filename);
    expect(res.status).toBe(status);
    if (typeof detail === "string") expect(res.body.detail).toBe(detail);
    else expect(res.body.detail).toMatch(detail);
    expect(probes.every((s) => s === 200)).toBe(true);
    expect(await footprint(server)).toEqual(before);
    expect((await c.get("/api/files")).body).toEqual([]);
  });
});

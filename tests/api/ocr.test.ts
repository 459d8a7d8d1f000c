/**
 * OCR of uploads (issue 15): scans made in the test from pages rendered from a real PDF, uploaded like
 * any PDF. The words OCR finds must be the original's; the pages are marked as OCR'd; a text layer of
 * garbage is read past; the page limit, hostile pictures and the progress route. Pages are kept to one
 * to three: OCR takes seconds a page.
 */
import path from "node:path";
import { PDFDocument, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { textPdf } from "../helpers/pdfs.ts";
import { garbageLayerPdf, lettersWords, pageWords, scannedPdf, wordRecall } from "../helpers/scanned-pdf.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const R_FAQ = path.resolve(import.meta.dirname, "../fixtures/pdf/r-faq.pdf");
/** Share of the original's words (4+ letters, with repeats) OCR must find on a clean 150 dpi scan. */
const MIN_RECALL = 0.9;
/** OCR takes seconds a page, more on a busy machine: a test's time limit, not an assertion. */
const OCR_TEST_MS = 180_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OCR_MAX_PAGES: "2" });
});
afterAll(() => server.close());

async function storedPages(fileId: number): Promise<{ page: number; text: string; ocr: boolean }[]> {
  const rows = await server.app
    .db("document_pages as p")
    .join("study_materials as m", "m.hash", "p.hash")
    .where("m.id", fileId)
    .orderBy("p.page")
    .select("p.page", "p.text", "p.ocr");
  return rows.map((row: { page: number; text: string; ocr: unknown }) => ({ page: row.page, text: row.text, ocr: Boolean(row.ocr) }));
}

describe("OCR of scanned PDFs", () => {
  it("reads an image-only PDF: the original's words, exact page numbers, pages marked; its owner sees the progress, nobody else", async () => {
    const owner = await newStudent(server.url);
    const other = await newStudent(server.url, "other");
    const key = `scan-${Date.now().toString(36)}`;
    const scan = await scannedPdf(R_FAQ, [5, 7]);
    const progress = `/api/materials/uploads/${key}/progress`;

    let done = false;
    const upload = owner.c.upload(`/api/files/upload/scan?upload=${key}`, scan, "scan.pdf").finally(() => (done = true));
    const seen: unknown[] = [];
    const othersStatus = new Set<number>();
    while (!done) {
      const res = await owner.c.get(progress);
      if (res.status === 200) seen.push(res.body);
      othersStatus.add((await other.c.get(progress)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const res = await upload;
    expect(res.status).toBe(201);
    expect(res.body.pages).toBe(2);
    expect(seen).toContainEqual({ phase: "ocr", page: expect.any(Number), pages: 2 });
    expect(othersStatus).toEqual(new Set([404]));
    // Over: the upload's progress is gone with it.
    expect((await owner.c.get(progress)).status).toBe(404);

    const pages = await storedPages(res.body.file_id);
    expect(pages.map((p) => [p.page, p.ocr])).toEqual([
      [1, true],
      [2, true],
    ]);
    // Each page holds its own original page's words (page numbers stay exact).
    for (const [i, original] of [5, 7].entries()) {
      expect(wordRecall(await pageWords(R_FAQ, [original]), lettersWords(pages[i]!.text))).toBeGreaterThanOrEqual(MIN_RECALL);
    }
    const search = await owner.c.get(`/api/files/${res.body.file_id}/search?q=statistical computation`);
    expect(search.body.results.map((r: { page: number }) => r.page)).toContain(2);
  }, OCR_TEST_MS);

  it("reads past a text layer of garbage over the page's picture", async () => {
    const { c } = await newStudent(server.url);
    const res = await c.upload("/api/files/upload/scan", await garbageLayerPdf(R_FAQ, [5]), "garbage-layer.pdf");
    expect(res.status).toBe(201);
    const [page] = await storedPages(res.body.file_id);
    expect(page?.ocr).toBe(true);
    expect(page?.text).not.toContain("$%&/");
    expect(wordRecall(await pageWords(R_FAQ, [5]), lettersWords(page?.text ?? ""))).toBeGreaterThanOrEqual(MIN_RECALL);
  }, OCR_TEST_MS);

  it("reads only the scanned page of a typed handout with a scan in the middle, at its own page number", async () => {
    const { c } = await newStudent(server.url);
    const typed = "Photosynthesis turns light into chemical energy stored in sugars. ".repeat(6);
    const handout = await joinPdfs([await textPdf([typed]), await scannedPdf(R_FAQ, [7]), await textPdf([typed])]);
    const res = await c.upload("/api/files/upload/scan", handout, "handout.pdf");
    expect(res.status).toBe(201);
    const pages = await storedPages(res.body.file_id);
    expect(pages.map((p) => [p.page, p.ocr])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    expect(pages[0]?.text).toContain("Photosynthesis turns light");
    expect(wordRecall(await pageWords(R_FAQ, [7]), lettersWords(pages[1]?.text ?? ""))).toBeGreaterThanOrEqual(MIN_RECALL);
  }, OCR_TEST_MS);

  it("keeps a good text layer and does not mark its pages", async () => {
    const { c } = await newStudent(server.url);
    const text = "Photosynthesis turns light into chemical energy stored in sugars. ".repeat(6);
    const res = await c.upload("/api/files/upload/scan", await textPdf([text, text]), "typed.pdf");
    expect(res.status).toBe(201);
    expect((await storedPages(res.body.file_id)).map((p) => p.ocr)).toEqual([false, false]);
  });

  it("refuses a file with more pages to read by OCR than OCR_MAX_PAGES, naming the limit", async () => {
    const { c } = await newStudent(server.url);
    const res = await c.upload("/api/files/upload/scan", await scannedPdf(R_FAQ, [5, 6, 7], { dpi: 50 }), "long-scan.pdf");
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("This PDF has more than 2 pages without selectable text; OCR reads at most 2 pages of one file.");
  }, OCR_TEST_MS);

  it("bounds hostile pictures: an image declared 100,000 pixels square, a page 200 inches square", async () => {
    const { c } = await newStudent(server.url);
    for (const [name, bytes] of [
      ["huge-image.pdf", await hugeImagePdf()],
      ["huge-page.pdf", await hugePagePdf()],
    ] as const) {
      const res = await c.upload("/api/files/upload/scan", bytes, name);
      expect(res.status, name).toBe(422);
      expect(res.body.detail, name).toBe("No text was found in this PDF: it has no selectable text, and OCR read no words on its pages.");
    }
    // The workers are fine: the next file is read.
    expect((await c.upload("/api/files/upload/scan", await textPdf(["Still reading files after that."]), "after.pdf")).status).toBe(201);
  }, OCR_TEST_MS);

  it("refuses an upload id that is not one", async () => {
    const { c } = await newStudent(server.url);
    const res = await c.upload("/api/files/upload/scan?upload=no%20spaces", await textPdf(["Some text."]), "a.pdf");
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain("The upload id must be 1 to 64 letters, digits, '-' or '_'.");
  });
});

/** The pages of `parts`, in order, as one PDF. */
async function joinPdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  const joined = await PDFDocument.create();
  for (const bytes of parts) {
    const part = await PDFDocument.load(bytes);
    for (const page of await joined.copyPages(part, part.getPageIndices())) joined.addPage(page);
  }
  return joined.save();
}

/** An image XObject declaring 100,000 × 100,000 grey pixels (10 GB decoded) in 1,000 bytes, over a whole A4 page. */
const hugeImagePdf = () => pictureOnlyPdf(595, 842, { width: 100_000, height: 100_000, bytes: new Uint8Array(1000) });

/** A page of 14,400 points square (the largest a PDF may declare) covered by a small white picture. */
const hugePagePdf = () => pictureOnlyPdf(14_400, 14_400, { width: 64, height: 64, bytes: new Uint8Array(64 * 64).fill(255) });

/** One page of `width` × `height` points covered by a grey image whose dictionary declares what it is told. */
async function pictureOnlyPdf(width: number, height: number, image: { width: number; height: number; bytes: Uint8Array }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([width, height]);
  const stream = pdf.context.flateStream(image.bytes, {
    Type: "XObject",
    Subtype: "Image",
    Width: image.width,
    Height: image.height,
    ColorSpace: "DeviceGray",
    BitsPerComponent: 8,
  });
  const name = page.node.newXObject("Im", pdf.context.register(stream));
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(width, 0, 0, height, 0, 0), drawObject(name), popGraphicsState());
  return pdf.save();
}

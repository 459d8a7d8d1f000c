/**
 * Files built to hold a scan worker (review of issue 15): read in a real scan pool with a short time
 * limit, each finishes with its normal answer (read, or refused with the usual message) rather than the
 * time-out's, so a worker is never held by one for long.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../src/core/errors.ts";
import { createScanPool, type ScanPool, type ScanResult } from "../../src/materials/scan/index.ts";
import { pptxParts, zipOf } from "../helpers/office.ts";
import { writeTemp } from "../helpers/pdfs.ts";

/** Far more than any of these files takes once read in linear time, far less than the quadratic readings took. */
const TIMEOUT_MS = 5_000;
const MAX_PAGES = 200;

let pool: ScanPool;
beforeAll(() => {
  pool = createScanPool({ workers: 2, timeoutMs: TIMEOUT_MS, maxPages: MAX_PAGES });
});
afterAll(() => pool.close());

const utf8 = (text: string) => new TextEncoder().encode(text);
const scan = async (bytes: Uint8Array, name = "upload") => pool.scan(await writeTemp(bytes, name));

describe("Markdown built against its regular expressions", () => {
  it("reads 150,000 '](' (a link's start, never a link) as text", async () => {
    const result = await scan(utf8(`Notes\n\n${"](".repeat(150_000)}`));
    expect(result.format).toBe("txt");
    const text = result.pages.map((p) => p.text).join("");
    expect(text.startsWith("Notes") && text.split("](").length > 100_000).toBe(true);
  });

  it("reads a line of 300,000 spaces (a table rule's prefix, never a rule) as Markdown", async () => {
    const result = await scan(utf8(`# Notes\n\n${" ".repeat(300_000)}x\n`));
    expect(result).toMatchObject({ format: "md", pages: [{ page: 1, text: "Notes\nx" }] });
  });
});

async function refusal(result: Promise<ScanResult>): Promise<AppError> {
  const error = await result.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("slide lists built to be read over and over", () => {
  const deckListing = (times: number) => {
    const parts = pptxParts([{ title: "Only slide", bullets: ["Cells divide by mitosis."] }]);
    const list = `<p:sldIdLst>${'<p:sldId id="256" r:id="rId2"/>'.repeat(times)}</p:sldIdLst>`;
    return zipOf({ ...parts, "ppt/presentation.xml": parts["ppt/presentation.xml"]!.replace(/<p:sldIdLst>.*<\/p:sldIdLst>/, list) });
  };

  it("refuses one slide listed 100,000 times by the length of its list, reading no slide", async () => {
    expect(await refusal(scan(deckListing(100_000)))).toMatchObject({ status: 422, detail: `This PowerPoint presentation has 100000 slides; the limit is ${MAX_PAGES}.` });
  });

  it("refuses one slide listed under the limit but more than once as damaged", async () => {
    expect(await refusal(scan(deckListing(MAX_PAGES - 1)))).toMatchObject({
      status: 422,
      detail: "This PowerPoint presentation is damaged and cannot be read: its slide list names ppt/slides/slide1.xml more than once.",
    });
  });
});

describe("a time-out before the worker has said what a file is", () => {
  it("names no kind: 'this file', not 'this PDF'", async () => {
    // Telling 40 MB of text from binary data takes far longer than 20 ms (checked whole, as UTF-8).
    const impatient = createScanPool({ workers: 1, timeoutMs: 20, maxPages: MAX_PAGES });
    try {
      expect(await refusal(impatient.scan(await writeTemp(utf8("Cells divide. ".repeat(3_000_000)), "notes")))).toMatchObject({
        status: 422,
        detail: "Scanning this file took longer than 0.02 seconds.",
      });
    } finally {
      await impatient.close();
    }
  });
});

describe("XML built against its checker and parser", () => {
  it("refuses a slide element with a million attributes by their count", async () => {
    const parts = pptxParts([{ title: "Only slide" }]);
    const attributes = Array.from({ length: 1_000_000 }, (_, i) => `a${i}="x"`).join(" ");
    const slide = parts["ppt/slides/slide1.xml"]!.replace("<p:cSld>", `<p:cSld ${attributes}>`);
    expect(await refusal(scan(zipOf({ ...parts, "ppt/slides/slide1.xml": slide })))).toMatchObject({
      status: 422,
      detail: "This PowerPoint presentation is damaged and cannot be read: its part ppt/slides/slide1.xml has an element with more than 1,000 attributes.",
    });
  });
});

/**
 * Files built to hold a scan worker (review of issue 15): read in a real scan pool with a short time
 * limit, each finishes with its normal answer (read, or refused with the usual message) rather than the
 * time-out's, so a worker is never held by one for long.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScanPool, type ScanPool } from "../../src/materials/scan/index.ts";
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

/**
 * A scan in the browser (issue 15): an image-only PDF made from two pages of the R FAQ goes through the
 * upload page, which says which page OCR is reading; then a test is generated from it and its questions
 * cite the scan's pages.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { scannedPdf } from "../helpers/scanned-pdf.ts";
import { tempDir } from "../helpers/server.ts";
import { browserSuite, generateFromUpload, pageAs, recordTexts } from "../helpers/student-browser.ts";

const PYTHON_ERRORS = path.resolve(import.meta.dirname, "../fixtures/pdf/python-errors.pdf");

const suite = browserSuite();

describe("/upload with a scan", () => {
  it("shows OCR's progress page by page, and the scan makes a test like any PDF", async () => {
    const who = await newStudent(suite.server.url, "scanner");
    const page = suite.track(await pageAs(suite.browser, suite.server.url, who.c, "/upload"));
    await page.getByText("Scans are read by OCR, up to 50 pages a file (a few seconds a page).", { exact: false }).waitFor();
    const file = path.join(tempDir("studyforge-ocr-"), "scan.pdf");
    await writeFile(file, await scannedPdf(PYTHON_ERRORS, [1, 2]));
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByText(/Choose (a|another) file/).click()]);
    await chooser.setFiles(file);
    await page.getByText("scan.pdf", { exact: true }).waitFor();
    const seen = await recordTexts(page, ".upload-progress");
    await page.getByRole("button", { name: "Upload and Scan" }).click();

    await page.getByRole("status").filter({ hasText: '"scan.pdf" is ready: 2 pages scanned.' }).waitFor({ timeout: 120_000 });
    const states = await seen();
    expect(states.some((text) => /Reading page [12] of 2 \(OCR\)…/.test(text)), states.join(" | ")).toBe(true);

    for (const text of await generateFromUpload(page, "exceptions", 1)) expect(text).toMatch(/^Source: page [12]$/);
  }, 240_000);
});

/**
 * /upload in the browser against the real server: a real PDF through the file
 * chooser with upload progress, the scan, the history row, Generate Test with
 * the file preselected, the refusals (another kind of file, damaged), and deleting a row; PowerPoint
 * slides uploaded and cited as slides in a generated test.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { openPage, PHONE, scrollsSideways } from "../helpers/browser.ts";
import { BIOLOGY_SLIDES, pptx } from "../helpers/office.ts";
import { textPdf } from "../helpers/pdfs.ts";
import { NOT_ACCEPTED } from "../../src/materials/formats/types.ts";
import { tempDir } from "../helpers/server.ts";
import { browserSuite, generateFromUpload, logInThroughForm, pageAs, recordTexts } from "../helpers/student-browser.ts";

const R_FAQ = path.resolve(import.meta.dirname, "../fixtures/pdf/r-faq.pdf");

const suite = browserSuite();

/** Chooses a file through the page's file chooser (the "Choose a file" button). */
async function chooseFile(page: Page, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByText(/Choose (a|another) file/).click()]);
  await chooser.setFiles(file);
}

const historyRows = (page: Page) => page.getByRole("table", { name: "Upload History" }).locator("tbody tr");

describe("/upload", () => {
  const { track } = suite;
  it("uploads a real PDF with progress and a scan, lists it, and opens the generator with it selected", async () => {
    const who = await newStudent(suite.server.url, "uploader");
    const page = track(await openPage(suite.browser));
    await logInThroughForm(page, suite.server.url, who.email, who.password);
    await page.getByRole("link", { name: "File Upload" }).click();
    await page.waitForURL(`${suite.server.url}/upload`);
    await page.getByText("No study guides yet. Upload your first one.").waitFor();
    const upload = page.getByRole("button", { name: "Upload and Scan" });
    const generate = page.getByRole("button", { name: "Generate Test" });
    expect(await upload.isDisabled()).toBe(true); // nothing chosen: nothing to upload
    expect(await generate.isDisabled()).toBe(true);

    await chooseFile(page, R_FAQ);
    await page.getByText("r-faq.pdf", { exact: true }).waitFor();
    const seen = await recordTexts(page, ".upload-progress");
    await upload.click();

    await page.getByRole("status").filter({ hasText: '"r-faq.pdf" is ready: 52 pages scanned.' }).waitFor();
    const states = await seen();
    // Real progress: bytes sent (XHR upload events), then the scan until the answer, then done.
    const phases = states.map((text) => text.replace(/[\d%].*$|Reading the pages/, ""));
    expect(phases.filter((phase, i) => phase !== phases[i - 1]), states.join(" | ")).toEqual(["Uploading…", "Scanning…", "Done"]);
    expect(states.at(-1)).toBe("Done100%");
    // The bar resets 0.8 s after the answer.
    await page.locator(".upload-progress").waitFor({ state: "detached", timeout: 3000 });
    expect(await page.locator('input[type="file"]').inputValue()).toBe("");

    const row = historyRows(page).filter({ hasText: "r-faq.pdf" });
    await row.waitFor();
    expect(await historyRows(page).count()).toBe(1);
    const cells = await row.locator("td").allTextContents();
    expect(cells[0]).toBe("r-faq.pdf");
    expect(cells[2]).toBe("361.45 KB");
    expect(cells[3]).toBe("52");
    const files = (await who.c.get("/api/files/")).body;
    const id = files[0].file_id;
    expect(await row.getByRole("link", { name: "Download r-faq.pdf" }).getAttribute("href")).toBe(`/api/files/${id}/download`);
    expect(await row.getByRole("link", { name: "Generate test from r-faq.pdf" }).getAttribute("href")).toBe(`/testgenerator?file=${id}`);

    // The same bytes again: the server answers 200 with the same file, and the page says so.
    await chooseFile(page, R_FAQ);
    await upload.click();
    await page.getByText('"r-faq.pdf" was already uploaded (52 pages). It is ready to use.').waitFor();
    expect(await historyRows(page).count()).toBe(1);

    await generate.click();
    await page.waitForURL(`${suite.server.url}/testgenerator?file=${id}`);
    const material = page.getByLabel("Select Study Material");
    await expect.poll(() => material.inputValue()).toBe(String(id));
    expect(await material.locator("option:checked").textContent()).toContain("r-faq.pdf");
  });

  it("uploads PowerPoint slides, says how many slides it read, and generates a test whose questions cite slides", async () => {
    const who = await newStudent(suite.server.url, "slides");
    const page = track(await pageAs(suite.browser, suite.server.url, who.c, "/upload"));
    const deck = path.join(tempDir("studyforge-upload-"), "biology.pptx");
    await writeFile(deck, pptx(BIOLOGY_SLIDES));
    await chooseFile(page, deck);
    await page.getByText("biology.pptx", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Upload and Scan" }).click();
    await page.getByRole("status").filter({ hasText: '"biology.pptx" is ready: 3 slides scanned.' }).waitFor();

    for (const text of await generateFromUpload(page, "carbon dioxide", 2)) expect(text).toMatch(/^Source: slide [1-3]$/);
    // The generator counts the deck in slides too.
    await page.goto(new URL("/testgenerator", suite.server.url).href);
    const option = page.getByLabel("Select Study Material").locator("option", { hasText: "biology.pptx" });
    expect(await option.textContent()).toMatch(/^biology\.pptx \(3 slides, /);
  });

  it("refuses a file of another kind before sending it, and shows the server's reason for a damaged one", async () => {
    const who = await newStudent(suite.server.url, "refused");
    const page = track(await pageAs(suite.browser, suite.server.url, who.c, "/upload"));
    const dir = tempDir("studyforge-upload-");
    const picture = path.join(dir, "notes.png");
    await writeFile(picture, "not a study guide");
    await chooseFile(page, picture);
    await page.getByRole("alert").filter({ hasText: NOT_ACCEPTED }).waitFor();
    expect(await page.getByRole("button", { name: "Upload and Scan" }).isDisabled()).toBe(true);

    const damaged = path.join(dir, "chapter-1.pdf");
    await writeFile(damaged, "%PDF-1.4\nthis is not really a PDF");
    await chooseFile(page, damaged);
    expect(await page.getByText(NOT_ACCEPTED).count()).toBe(0);
    await page.getByRole("button", { name: "Upload and Scan" }).click();
    await page.getByRole("alert").filter({ hasText: "This PDF is damaged and cannot be read." }).waitFor();
    expect(await page.getByText("Upload failed. Check console.").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Generate Test" }).isDisabled()).toBe(true);
    await page.getByText("No study guides yet. Upload your first one.").waitFor();
  });

  it("deletes a study guide after a confirmation, back to the empty state; long names fit a phone", async () => {
    const who = await newStudent(suite.server.url, "deleter");
    const longName = `${"Biology chapter seven cell respiration and photosynthesis revision ".repeat(3).trim().replace(/ /g, "-")}.pdf`;
    const bytes = await textPdf(["Cells make energy by respiration.", "Plants use photosynthesis."]);
    expect((await who.c.upload("/api/files/upload/scan/", bytes, longName)).status).toBe(201);

    const page = track(await pageAs(suite.browser, suite.server.url, who.c, "/upload", { width: PHONE }));
    const name = page.locator(".filename").filter({ hasText: longName });
    await name.waitFor();
    expect(await name.getAttribute("title")).toBe(longName);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole("button", { name: `Delete ${longName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this study guide?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await historyRows(page).count()).toBe(1);

    await page.getByRole("button", { name: `Delete ${longName}` }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("No study guides yet. Upload your first one.").waitFor();
    expect((await who.c.get("/api/files/")).body).toEqual([]);
  });
});

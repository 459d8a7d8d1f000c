/**
 * Classes and templates in the browser against the real server: a class added with a real PDF as
 * its syllabus, a test generated from it through the class page (the generator opens with the
 * syllabus chosen), the test and its score back on the class page; a template saved from the
 * generator, then used to fill it; and the pages at a phone's width. SCREENSHOTS=dir keeps pictures.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { NOT_ACCEPTED } from "../../src/materials/formats/types.ts";
import { newStudent } from "../helpers/accounts.ts";
import { PHONE, scrollsSideways } from "../helpers/browser.ts";
import { uploadRFaq } from "../helpers/generation.ts";
import { textPdf } from "../helpers/pdfs.ts";
import { browserSuite, pageAs } from "../helpers/student-browser.ts";

const R_FAQ = path.resolve(import.meta.dirname, "../fixtures/pdf/r-faq.pdf");
const PYTHON_ERRORS = path.resolve(import.meta.dirname, "../fixtures/pdf/python-errors.pdf");

const suite = browserSuite();

async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe("/classes", () => {
  it("adds a class with a syllabus, generates a test from it on the class page, and shows its score", async () => {
    const who = await newStudent(suite.server.url, "classes");
    const page = suite.track(await pageAs(suite.browser, suite.server.url, who.c, "/classes"));
    await page.getByText("No classes available.").waitFor();

    // A blank name is refused in the page, with the spec's words.
    await page.getByRole("button", { name: "Add Class" }).click();
    await page.getByText("Class name cannot be empty.").waitFor();
    expect(await page.getByLabel("Class name").evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByLabel("Class name").fill("Statistics with R");
    await page.getByLabel("Syllabus (optional)").setInputFiles(PYTHON_ERRORS);
    await page.getByRole("button", { name: "Add Class" }).click();
    await page.getByRole("status").filter({ hasText: 'Added Statistics with R with its syllabus "python-errors.pdf".' }).waitFor();
    const row = page.getByRole("table", { name: "Your classes" }).locator("tbody tr");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator("td").nth(1).textContent()).toBe("python-errors.pdf");
    // The syllabus is one of the student's files, as if uploaded on /upload.
    const files = (await who.c.get("/api/files")).body;
    expect(files.map((f: { filename: string; pages: number }) => [f.filename, f.pages])).toEqual([["python-errors.pdf", 10]]);
    const fileId = files[0].file_id;

    await row.getByRole("link", { name: "Statistics with R", exact: true }).click();
    await page.waitForURL(/\/classes\/\d+$/);
    const classUrl = page.url();
    await page.getByRole("heading", { level: 1, name: "Statistics with R" }).waitFor();
    await page.getByText("No tests from this class's study guides yet.").waitFor();
    await screenshot(page, "class-empty-1280");

    // Generate a test: the generator opens with the syllabus chosen.
    await page.getByRole("link", { name: "Generate a test from the syllabus" }).click();
    await page.waitForURL(`${suite.server.url}/testgenerator?file=${fileId}`);
    const material = page.getByLabel("Select Study Material");
    await expect.poll(() => material.inputValue()).toBe(String(fileId));
    await page.getByLabel("Topic").fill("exceptions");
    await page.getByLabel("Number of Questions").fill("3");
    await page.getByRole("button", { name: "Generate Test" }).click();
    await page.waitForURL(/\/generated-test\?id=\d+$/);
    const testId = Number(new URL(page.url()).searchParams.get("id"));

    // Take it, then the class page lists the test with its latest score.
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.waitForURL(`${suite.server.url}/take-test?id=${testId}`);
    await page.getByRole("button", { name: /Submit/ }).first().click();
    const confirm = page.getByRole("dialog").getByRole("button", { name: /Submit/ });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await page.waitForURL(/\/test-results\?result=\d+$/);
    const resultId = Number(new URL(page.url()).searchParams.get("result"));

    await page.goto(classUrl);
    const tests = page.getByRole("table", { name: "Tests from Statistics with R" }).locator("tbody tr");
    await expect.poll(() => tests.count()).toBe(1);
    expect(await tests.getByRole("link", { name: "Exceptions (Easy)" }).getAttribute("href")).toBe(`/generated-test?id=${testId}`);
    const score = tests.getByRole("link", { name: /\(0\/3\)/ });
    expect(await score.getAttribute("href")).toBe(`/test-results?result=${resultId}`);

    // Attach another study guide, generate from it through its row, then detach it (the file stays).
    const other = await who.c.upload("/api/files/upload/scan/", await textPdf(["Vectors and matrices are data structures in R."]), "vectors.pdf");
    await page.reload();
    await page.getByLabel("Add one of your study guides").selectOption({ label: "vectors.pdf" });
    await page.getByRole("button", { name: "Add to class" }).click();
    const materials = page.getByRole("table", { name: "Study guides in Statistics with R" });
    await materials.getByText("vectors.pdf", { exact: true }).waitFor();
    expect(await materials.getByRole("link", { name: "Generate a test from vectors.pdf" }).getAttribute("href")).toBe(`/testgenerator?file=${other.body.file_id}`);
    await screenshot(page, "class-1280");
    await materials.getByRole("button", { name: "Remove vectors.pdf from this class" }).click();
    await page.getByText("No study guides in this class yet besides its syllabus.").waitFor();
    expect((await who.c.get(`/api/files/${other.body.file_id}`)).status).toBe(200);

    // Remove the class: its syllabus stays in the student's files.
    await page.getByRole("link", { name: "All classes" }).click();
    await page.waitForURL(`${suite.server.url}/classes`);
    await screenshot(page, "classes-1280");
    await page.getByRole("button", { name: "Remove Statistics with R" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await page.getByText("No classes available.").waitFor();
    expect((await who.c.get("/api/files")).body).toHaveLength(2);
  }, 90_000); // real scans and a generation, on a machine other test runs share

  it("shows the server's message when adding fails, and 'not found' for another student's class", async () => {
    const owner = await newStudent(suite.server.url, "owner");
    const theirs = (await owner.c.post("/api/classes", { name: "Private" })).body;
    const who = await newStudent(suite.server.url, "classes");
    const page = suite.track(await pageAs(suite.browser, suite.server.url, who.c, "/classes"));
    await page.getByText("No classes available.").waitFor();
    await page.getByLabel("Class name").fill("x".repeat(100));
    // A picture named .pdf: the server reads files by content, and this one is none of the kinds it takes.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    await page.getByLabel("Syllabus (optional)").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: png });
    await page.getByRole("button", { name: "Add Class" }).click();
    await page.getByRole("alert").filter({ hasText: NOT_ACCEPTED }).waitFor();

    await page.goto(`${suite.server.url}/classes/${theirs.id}`);
    await page.getByText("This class does not exist, or it is not yours.").waitFor();
  });
});

describe("templates", () => {
  it("are saved from the generator, listed on /templates, and fill the generator when used", async () => {
    const who = await newStudent(suite.server.url, "templates");
    const fileId = await uploadRFaq(who.c);
    const page = suite.track(await pageAs(suite.browser, suite.server.url, who.c, "/templates"));
    await page.getByText("No templates available.").waitFor();
    await page.getByRole("button", { name: "Add Template" }).click();
    await page.getByText("Template name cannot be empty.").waitFor();
    await page.getByLabel("Template name").fill("Quick quiz");
    await page.getByRole("button", { name: "Add Template" }).click();
    const rows = page.getByRole("table", { name: "Your templates" }).locator("tbody tr");
    await rows.filter({ hasText: "Easy · 5 questions · multiple choice" }).waitFor();

    // Save the generator's settings as a template.
    await page.goto(`${suite.server.url}/testgenerator?file=${fileId}`);
    await page.getByLabel("Topic").fill("CRAN");
    await page.getByLabel("Difficulty").selectOption("Hard");
    await page.getByLabel("Number of Questions").fill("8");
    // (With the built-in generator every type starts checked.)
    await page.getByRole("checkbox", { name: "True / false" }).check();
    await page.getByRole("checkbox", { name: "Short answer" }).uncheck();
    await page.getByRole("button", { name: "Save as template" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Save template" }).click();
    await dialog.getByText("Template name cannot be empty.").waitFor();
    await dialog.getByLabel("Template name").fill("Exam practice");
    await dialog.getByRole("button", { name: "Save template" }).click();
    await page.getByText('Saved the template "Exam practice".').waitFor();

    // On /templates: Use opens the generator, filled in.
    await page.goto(`${suite.server.url}/templates`);
    const exam = rows.filter({ hasText: "Exam practice" });
    await exam.getByText("Hard · 8 questions · multiple choice, true/false · topic: CRAN").waitFor();
    expect(await exam.locator("td").nth(2).textContent()).toBe("r-faq.pdf");
    await screenshot(page, "templates-1280");
    await exam.getByRole("link", { name: "Use Exam practice" }).click();
    await page.waitForURL(/\/testgenerator\?template=\d+$/);
    await expect.poll(() => page.getByLabel("Topic").inputValue()).toBe("CRAN");
    expect(await page.getByLabel("Difficulty").inputValue()).toBe("Hard");
    expect(await page.getByLabel("Number of Questions").inputValue()).toBe("8");
    expect(await page.getByRole("checkbox", { name: "True / false" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Select Study Material").inputValue()).toBe(String(fileId));

    // "Use a template" in the generator: the name-only template puts the defaults back.
    await page.getByLabel("Use a template").selectOption({ label: "Quick quiz" });
    expect(await page.getByLabel("Difficulty").inputValue()).toBe("Easy");
    expect(await page.getByLabel("Number of Questions").inputValue()).toBe("5");
    expect(await page.getByRole("checkbox", { name: "True / false" }).isChecked()).toBe(false);
    await screenshot(page, "generator-templates-1280");

    // Remove one.
    await page.goto(`${suite.server.url}/templates`);
    await rows.filter({ hasText: "Quick quiz" }).getByRole("button", { name: "Remove Quick quiz" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => rows.count()).toBe(1);
  }, 90_000); // real scans, on a machine other test runs share
});

describe("at a phone's width", () => {
  it("the classes, class and templates pages fit without sideways scrolling", async () => {
    const who = await newStudent(suite.server.url, "phone");
    const form = new FormData();
    form.append("name", "Statistics with a rather long class name that has to wrap on a phone");
    form.append("syllabus", new Blob([new Uint8Array(readFileSync(R_FAQ))], { type: "application/pdf" }), "r-faq-with-a-long-file-name-for-the-syllabus.pdf");
    const cls = await (await who.c.raw("POST", "/api/classes", { body: form })).json();
    await who.c.post("/api/templates", { name: "Exam practice", topic: "packages", difficulty: "Hard", count: 8, file_id: cls.syllabus.file_id });
    for (const [route, name] of [["/classes", "classes"], [`/classes/${cls.id}`, "class"], ["/templates", "templates"], [`/testgenerator?file=${cls.syllabus.file_id}`, "generator"]] as const) {
      const page = suite.track(await pageAs(suite.browser, suite.server.url, who.c, route, { width: PHONE }));
      await page.locator("h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(await scrollsSideways(page), route).toBe(false);
      await screenshot(page, `${name}-${PHONE}`);
    }
  }, 90_000); // real scans, on a machine other test runs share
});

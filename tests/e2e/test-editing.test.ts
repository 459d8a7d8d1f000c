/**
 * A teacher reviews a generated test in the browser before anyone takes it: edits a question's text and
 * answer in the dialog, moves a question with the keyboard, writes one again, deletes one, adds one by
 * hand (after the server refused duplicate options), and the test as taken shows the edited questions.
 * The edit mode and its dialog are checked by axe-core at a laptop's and a phone's width.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousA11yProblems } from "../helpers/a11y.ts";
import { newStudent } from "../helpers/accounts.ts";
import { DESKTOP, PHONE, scrollsSideways } from "../helpers/browser.ts";
import { uploadPythonErrors } from "../helpers/generation.ts";
import type { Client } from "../helpers/http.ts";
import { browserSuite, pageAs } from "../helpers/student-browser.ts";

const suite = browserSuite({ RATE_LIMIT_FACTOR: "100" });

let admin: Client;
let teacher: Client;
let fileId: number;

beforeAll(async () => {
  admin = (await newStudent(suite.server.url, "head")).c; // the first account is the administrator
  const t = await newStudent(suite.server.url, "teacher");
  await suite.server.app.db("users").where({ id: t.id }).update({ role: "teacher" });
  teacher = t.c;
  fileId = await uploadPythonErrors(teacher);
});

async function newTest(count: number): Promise<number> {
  const gen = await teacher.post("/api/gpt/generate", { file_id: fileId, topic: "exceptions", count, question_types: ["multiple_choice"] });
  expect(gen.status, JSON.stringify(gen.body)).toBe(200);
  return gen.body.test_id;
}

const editor = (page: Page) => page.getByRole("list", { name: "Questions to edit" });
/** The question texts in the editor, in order. */
const texts = (page: Page) => editor(page).locator(".question-card__text").allTextContents();
const dialog = (page: Page) => page.locator("dialog[open]");

async function openEditor(testId: number, width = DESKTOP): Promise<Page> {
  const page = suite.track(await pageAs(suite.browser, suite.server.url, teacher, `/generated-test?id=${testId}`, { width }));
  await page.getByRole("button", { name: "Edit questions" }).click();
  await page.getByRole("heading", { name: "Edit questions" }).waitFor();
  await editor(page).waitFor();
  return page;
}

describe("editing a test's questions", () => {
  it("edits, moves, rewrites, deletes and adds questions, and the test is taken as edited", async () => {
    const testId = await newTest(4);
    const page = await openEditor(testId);
    const original = await texts(page);
    expect(original).toHaveLength(4);

    // Edit question 1: new wording and a new correct answer in place of option 4.
    await page.getByRole("button", { name: "Edit question 1" }).click();
    const edit = dialog(page);
    await edit.getByRole("heading", { name: "Edit question 1" }).waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);
    await edit.getByLabel("Question", { exact: true }).fill("Which archive network holds the packages contributed to R?");
    await edit.getByLabel("Option 4").fill("The Comprehensive R Archive Network");
    await edit.getByLabel("Correct answer").selectOption({ label: "The Comprehensive R Archive Network" });
    await edit.getByLabel("Explanation").fill("CRAN holds contributed packages.");
    await edit.getByRole("button", { name: "Save question" }).click();
    await page.getByText("Question 1 was saved.").waitFor();
    await dialog(page).waitFor({ state: "detached" });
    expect((await texts(page))[0]).toBe("Which archive network holds the packages contributed to R?");

    // Move it down with the keyboard; the keyboard stays on the moved question's buttons.
    await page.getByRole("button", { name: "Move down question 1" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Question 1 is now question 2.").waitFor();
    expect(await texts(page)).toEqual([original[1], "Which archive network holds the packages contributed to R?", original[2], original[3]]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Move down question 2");

    // Write question 4 again from the material.
    await page.getByRole("button", { name: "Regenerate this question (4)" }).click();
    await page.getByText("Question 4 was written again.").waitFor();
    const rewritten = await texts(page);
    expect(rewritten.slice(0, 3)).toEqual([original[1], "Which archive network holds the packages contributed to R?", original[2]]);
    expect(original).not.toContain(rewritten[3]);

    // Delete question 3, after confirming.
    await page.getByRole("button", { name: "Delete question 3" }).click();
    await dialog(page).getByRole("button", { name: "Delete question" }).click();
    await page.getByText("Question 3 was deleted.").waitFor();
    expect(await texts(page)).toEqual([original[1], "Which archive network holds the packages contributed to R?", rewritten[3]]);

    // Add a question by hand: the server's message for duplicate options shows in the dialog.
    await page.getByRole("button", { name: "Add a question" }).click();
    const add = dialog(page);
    await add.getByLabel("Question", { exact: true }).fill("Which function installs a package from CRAN?");
    for (const [i, option] of ["install.packages", "library", "library", "source"].entries()) await add.getByLabel(`Option ${i + 1}`).fill(option);
    await add.getByLabel("Correct answer").selectOption({ label: "install.packages" });
    await add.getByRole("button", { name: "Add question" }).click();
    await add.getByText("The options must all be different from each other.").waitFor();
    await add.getByLabel("Option 3").fill("require");
    await add.getByRole("button", { name: "Add question" }).click();
    await page.getByText("Question 4 was added.").waitFor();
    const final = await texts(page);
    expect(final).toEqual([original[1], "Which archive network holds the packages contributed to R?", rewritten[3], "Which function installs a package from CRAN?"]);

    // Done: the preview lists the edited test, and taking it shows the edited question and its options.
    await page.getByRole("button", { name: "Done editing" }).click();
    await page.getByRole("list", { name: /^Questions/ }).waitFor();
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.waitForURL(/\/take-test\?id=\d+$/);
    await page.getByText("Which archive network holds the packages contributed to R?").waitFor();
    await page.getByText("The Comprehensive R Archive Network").first().waitFor();
    await page.getByText("Which function installs a package from CRAN?").waitFor();

    const stored = (await teacher.get(`/api/tests/${testId}`)).body.test_metadata.questions;
    expect(stored.map((q: { question: string }) => q.question)).toEqual(final);
    expect(stored[1]).toMatchObject({ answer: "The Comprehensive R Archive Network", explanation: "CRAN holds contributed packages." });
    expect(stored[3]).toMatchObject({ options: ["install.packages", "library", "require", "source"], answer: "install.packages" });
  });

  it("offers only wording changes once the test has been taken", async () => {
    const testId = await newTest(2);
    await teacher.post("/api/tests/submit", { test_id: testId, answers: { 0: "x" } });
    const page = await openEditor(testId);
    await page.getByText(/This test has already been taken, and its attempts are graded against these questions/).waitFor();
    for (const name of ["Add a question", "Move down question 1", "Delete question 1", "Regenerate this question (1)"]) {
      expect(await page.getByRole("button", { name }).count(), name).toBe(0);
    }
    await page.getByRole("button", { name: "Edit question 1" }).click();
    expect(await dialog(page).getByLabel("Type").isDisabled()).toBe(true);
    expect(await dialog(page).getByLabel("Option 1").isDisabled()).toBe(true);
    await dialog(page).getByLabel("Question", { exact: true }).fill("Which network, reworded, distributes R packages?");
    await dialog(page).getByRole("button", { name: "Save question" }).click();
    await page.getByText("Question 1 was saved.").waitFor();
    expect((await texts(page))[0]).toBe("Which network, reworded, distributes R packages?");
  });

  it("does not offer editing to an administrator looking at someone else's test", async () => {
    const testId = await newTest(2);
    const page = suite.track(await pageAs(suite.browser, suite.server.url, admin, `/generated-test?id=${testId}`));
    await page.getByRole("button", { name: "Start Test" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("button", { name: "Edit questions" }).count()).toBe(0);
  });

  it.each([DESKTOP, PHONE])("has no serious accessibility problems in edit mode at %d px", async (width) => {
    const page = await openEditor(await newTest(2), width);
    expect(await seriousA11yProblems(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole("button", { name: "Add a question" }).click();
    await dialog(page).getByRole("heading", { name: "Add a question" }).waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);
  });
});

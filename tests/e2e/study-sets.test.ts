/**
 * Study sets in the browser: a set written from a study material, studied with the keyboard alone
 * (Space flips, 1–4 grade), at 1280 and 375 px; Generate Questions opening the test preview; and
 * the questions missed in a result added to a study set from the results page.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yProblems } from "../helpers/a11y.ts";
import { newStudent } from "../helpers/accounts.ts";
import { PHONE, scrollsSideways } from "../helpers/browser.ts";
import { uploadPythonErrors } from "../helpers/generation.ts";
import { browserSuite, pageAs } from "../helpers/student-browser.ts";

const suite = browserSuite();
const SHOTS = process.env.SCREENSHOT_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

/** Presses Tab until the focused element's text starts with `text`. */
async function tabTo(page: Page, text: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if ((await activeText(page)).startsWith(text)) return;
  }
  throw new Error(`Tab never reached "${text}"`);
}

describe("study sets", () => {
  it("creates a set from a study material and studies it with the keyboard alone", async () => {
    const { c } = await newStudent(suite.server.url, "cards");
    await uploadPythonErrors(c);
    const page = suite.track(await pageAs(suite.browser, suite.server.url, c, "/study-sets"));
    await page.getByText("No study sets yet.").waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Python exceptions");
    await page.getByLabel("Write them from a study material").check();
    await page.getByLabel("Study material", { exact: true }).selectOption({ label: "python-errors.pdf" });
    await page.getByLabel("Topic").fill("exceptions");
    await page.getByLabel("Number of cards").fill("3");
    await page.getByRole("button", { name: "Create study set" }).click();
    await page.waitForURL(/\/study-sets\/\d+$/);
    const setId = Number(page.url().split("/").pop());
    await page.getByRole("heading", { name: "Python exceptions", level: 1 }).waitFor();
    await expect.poll(() => page.locator(".flashcard-list__item").count()).toBe(3);
    await shot(page, "set-1280");

    // Study by keyboard: Tab to Study, Enter; Space shows the answer; 1 = Again, 4 = Easy.
    await tabTo(page, "Study");
    await page.keyboard.press("Enter");
    await page.getByText("3 cards left.", { exact: false }).waitFor();
    await page.keyboard.press("Space");
    await page.getByRole("group", { name: "Flashcard, answer side" }).waitFor();
    await shot(page, "study-1280");
    expect(await seriousA11yProblems(page)).toEqual([]);
    const first = await page.locator(".study-card__text").first().textContent();
    await page.keyboard.press("1");
    // Again: FSRS wants it back within minutes, so it comes round again after the others this session.
    await page.getByText("Again: back", { exact: false }).waitFor();
    await page.getByText("3 cards left", { exact: false }).waitFor();
    for (const left of ["3 cards left", "2 cards left"]) {
      await page.getByText(left, { exact: false }).waitFor();
      await page.getByRole("group", { name: "Flashcard, question side" }).waitFor();
      await page.keyboard.press("Space");
      await page.getByRole("group", { name: "Flashcard, answer side" }).waitFor();
      await page.keyboard.press("4");
    }
    await page.getByText("1 card left", { exact: false }).waitFor();
    expect(await page.locator(".study-card__text").first().textContent()).toBe(first);
    await page.getByRole("button", { name: "Stop studying" }).click();

    const set = (await c.get(`/api/study_sets/${setId}`)).body;
    expect(set.flashcards.map((f: { state: string }) => f.state)).toEqual(["learning", "review", "review"]);
    expect(set.progress).toBe(66);
    await page.getByRole("progressbar", { name: "Cards learned" }).and(page.locator('[aria-valuenow="66"]')).waitFor();

    const list = suite.track(await pageAs(suite.browser, suite.server.url, c, "/study-sets"));
    const row = list.getByRole("row", { name: /Python exceptions/ });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/3.*1/);
    await shot(list, "list-1280");
    const phoneList = suite.track(await pageAs(suite.browser, suite.server.url, c, "/study-sets", { width: PHONE }));
    await phoneList.getByRole("link", { name: "Python exceptions" }).waitFor();
    expect(await scrollsSideways(phoneList)).toBe(false);
    await shot(phoneList, "list-375");

    // At 375 px nothing scrolls sideways, and studying still works.
    const phone = suite.track(await pageAs(suite.browser, suite.server.url, c, `/study-sets/${setId}`, { width: PHONE }));
    await phone.getByRole("heading", { name: "Python exceptions", level: 1 }).waitFor();
    expect(await scrollsSideways(phone)).toBe(false);
    await shot(phone, "set-375");
    suite.server.clock.advance(15 * 60 * 1000);
    await phone.reload();
    await phone.getByRole("button", { name: /^Study \(1 card due\)/ }).click();
    await phone.keyboard.press("Space");
    await phone.getByRole("button", { name: /Good/ }).waitFor();
    expect(await scrollsSideways(phone)).toBe(false);
    await shot(phone, "study-375");
    expect(await seriousA11yProblems(phone)).toEqual([]);
    await phone.keyboard.press("3");
    await phone.getByText("All caught up", { exact: false }).waitFor();

    // Generate Questions: a practice test from the set's material, opened in the preview.
    await page.getByRole("button", { name: "Generate Questions" }).click();
    await page.waitForURL(/\/generated-test\?id=\d+/);
  });

  it("adds the questions missed in a result to a new study set", async () => {
    const { c } = await newStudent(suite.server.url, "missed");
    const fileId = await uploadPythonErrors(c);
    const gen = await c.post("/api/gpt/generate", { file_id: fileId, topic: "exceptions", count: 3 });
    const result = await c.post("/api/tests/submit", { test_id: gen.body.test_id, answers: {} });
    const page = suite.track(await pageAs(suite.browser, suite.server.url, c, `/test-results?result=${result.body.result_id}`));
    await page.getByRole("heading", { name: "Study what you missed" }).waitFor();
    await shot(page, "results-1280");
    await page.getByRole("button", { name: "Add the questions I missed to a study set" }).click();
    const link = page.getByRole("alert").or(page.locator(".alert")).getByRole("link");
    await link.waitFor();
    expect(await page.getByText("Added 3 flashcards to").count()).toBe(1);
    await link.click();
    await page.waitForURL(/\/study-sets\/\d+$/);
    await expect.poll(() => page.locator(".flashcard-list__item").count()).toBe(3);
    await page.getByText("Page ", { exact: false }).first().waitFor();
  });

  it("makes a set by hand, adds, edits and deletes a card, and deletes the set", async () => {
    const { c } = await newStudent(suite.server.url, "byhand");
    const page = suite.track(await pageAs(suite.browser, suite.server.url, c, "/study-sets"));
    await page.getByRole("button", { name: "Create study set" }).click();
    await page.getByText("Study set name cannot be empty.").waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Vocabulary");
    await page.getByLabel("Description (optional)").fill("Week 3");
    await page.getByRole("button", { name: "Create study set" }).click();
    await page.waitForURL(/\/study-sets\/\d+$/);
    await page.getByText("No flashcards yet.", { exact: false }).waitFor();
    await page.getByLabel("Question").fill("What is CRAN?");
    await page.getByLabel("Answer").fill("The R package archive");
    await page.getByRole("button", { name: "Add card" }).click();
    await page.getByText("The R package archive").waitFor();
    await page.getByRole("button", { name: "Edit card 1" }).click();
    await page.locator(".flashcard-list__item").getByLabel("Answer").fill("The Comprehensive R Archive Network");
    await page.getByRole("button", { name: "Save card" }).click();
    await page.getByText("The Comprehensive R Archive Network").waitFor();
    // A set typed by hand makes its practice test from its own cards, so it needs at least one.
    await page.getByText("Generate Questions makes a practice test from these cards.").waitFor();
    expect(await page.getByRole("button", { name: "Generate Questions" }).isDisabled()).toBe(false);
    await page.getByRole("button", { name: "Delete card 1" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete card" }).click();
    await page.getByText("No flashcards yet.", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "Generate Questions" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Delete study set" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete study set" }).click();
    await page.waitForURL(/\/study-sets$/);
    await page.getByText("No study sets yet.").waitFor();
  });

  it("says so when a set cannot be loaded", async () => {
    const { c } = await newStudent(suite.server.url, "nosuch");
    const page = suite.track(await pageAs(suite.browser, suite.server.url, c, "/study-sets/999999"));
    await page.getByText("Failed to load study set details. Please try again.").waitFor();
  });
});

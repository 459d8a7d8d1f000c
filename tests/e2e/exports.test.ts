/**
 * The Export dialog on a test's preview page, in Chromium against the real server: it lists the formats with
 * what each is for, a choice downloads the file under the test's name, Aiken's notice of what it left out is
 * shown, the PDF is a real PDF, and the open dialog has no serious accessibility problems at either width.
 */
import { readFile } from "node:fs/promises";
import * as gift from "gift-pegjs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/generation/providers/types.ts";
import { insertTest } from "../../src/generation/service.ts";
import { seriousA11yProblems } from "../helpers/a11y.ts";
import { newStudent } from "../helpers/accounts.ts";
import { PHONE, scrollsSideways } from "../helpers/browser.ts";
import { browserSuite, pageAs } from "../helpers/student-browser.ts";

const suite = browserSuite();
const { track } = suite;

const QUESTIONS: Question[] = [
  { question: "Which function reads a CSV file?", type: "multiple_choice", options: ["read.csv", "write.csv", "scan.csv", "load.csv"], answer: "read.csv", explanation: "It is in utils.", source_pages: [2] },
  { question: "R is free software.", type: "true_false", options: ["True", "False"], answer: "True", explanation: "GPL.", source_pages: [1] },
];

/** A student with a stored test, and their browser on its preview page. */
async function previewPage(width?: number): Promise<Page> {
  const s = await newStudent(suite.server.url, "exporter");
  const scope = { ...suite.server.app, user: { ...s, role: "student" as const, is_admin: false, is_verified: true } };
  const { test_id } = await insertTest(scope, { study_material_id: null, name: "R basics (Easy)", topic: "R basics", difficulty: "Easy", question_types: ["multiple_choice", "true_false"], provider: "builtin", model: "test", seed: 1, questions: QUESTIONS });
  const page = track(await pageAs(suite.browser, suite.server.url, s.c, `/generated-test?id=${test_id}`, { width, acceptDownloads: true }));
  await page.getByRole("heading", { name: "R basics (Easy)" }).waitFor();
  return page;
}

async function downloadFrom(page: Page, option: string | RegExp) {
  const dialog = page.getByRole("dialog", { name: "Export this test" });
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: option }).click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

describe("exporting a test from its preview page", () => {
  it("lists the formats with what each is for and downloads the chosen file under the test's name", async () => {
    const page = await previewPage();
    await page.getByRole("button", { name: "Export" }).click();
    const dialog = page.getByRole("dialog", { name: "Export this test" });
    await expect(dialog.getByRole("button", { name: /^Moodle XML/ }).getAttribute("aria-describedby")).resolves.toBeTruthy();
    await dialog.getByText("Import into a Moodle question bank").waitFor();
    await dialog.getByText("Import into Anki as a deck").waitFor();

    const file = await downloadFrom(page, /^GIFT/);
    expect(file.name).toBe("R basics (Easy) - GIFT.txt");
    const parsed = gift.parse(file.bytes.toString("utf8")) as unknown as { type: string }[];
    expect(parsed.map((q) => q.type)).toEqual(["Category", "MC", "TF"]);
    await dialog.getByText("Downloaded “R basics (Easy) - GIFT.txt”.").waitFor();

    const aiken = await downloadFrom(page, /^Aiken/);
    expect(aiken.bytes.toString("utf8")).toContain("ANSWER: A");
    await dialog.getByText("1 question was left out: Aiken holds multiple-choice questions only.").waitFor();

    await dialog.getByLabel("Paper size for PDFs").selectOption("letter");
    const key = await downloadFrom(page, /^Answer key \(PDF\)/);
    expect(key.name).toBe("R basics (Easy) - answer key.pdf");
    expect(key.bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("has no serious accessibility problems and fits a phone", async () => {
    for (const width of [undefined, PHONE]) {
      const page = await previewPage(width);
      await page.getByRole("button", { name: "Export" }).click();
      await page.getByRole("dialog", { name: "Export this test" }).waitFor();
      expect(await seriousA11yProblems(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
    }
  });
});

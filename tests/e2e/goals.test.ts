/**
 * Goals and notifications in the browser: from the dashboard's empty goals card to /goals, set a goal,
 * take tests, and see it reach 100% on the dashboard; the goal reached shows as an unread count in the
 * navigation bar (on the Menu button on a phone) until it is read on /notifications. Screenshots of the
 * pages at both widths go to SCREENSHOT_DIR when it is set.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { DESKTOP, PHONE, scrollsSideways } from "../helpers/browser.ts";
import { uploadPythonErrors } from "../helpers/generation.ts";
import type { Client } from "../helpers/http.ts";
import { browserSuite, pageAs } from "../helpers/student-browser.ts";

const suite = browserSuite();
const cardTitled = (page: Page, title: string) => page.locator("section.card", { has: page.getByRole("heading", { name: title, exact: true }) });

async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

let student: { c: Client; email: string };
let take: () => Promise<void>;

beforeAll(async () => {
  student = await newStudent(suite.server.url, "goalie");
  const fileId = await uploadPythonErrors(student.c);
  const gen = await student.c.post("/gpt/generate", { file_id: fileId, topic: "exceptions", count: 2 });
  const questions: { answer: string }[] = (await student.c.get(`/api/tests/${gen.body.test_id}`)).body.test_metadata.questions;
  take = async () => {
    const res = await student.c.post("/tests/submit", { test_id: gen.body.test_id, answers: { "0": questions[0]!.answer, "1": questions[1]!.answer } });
    expect(res.status).toBe(201);
  };
});

describe("a goal that fills by itself", () => {
  it("is set from the dashboard, reaches 100% after tests, and is announced in the navigation bar", async () => {
    const { server, browser } = suite;
    const page = suite.track(await pageAs(browser, server.url, student.c, "/dashboard"));
    page.setDefaultTimeout(8000);
    const goals = cardTitled(page, "Your Goals");
    await goals.getByText("No goals yet.").waitFor();
    await cardTitled(page, "Cards Due Today").getByText("No flashcards due today.").waitFor();
    await shoot(page, "dashboard-empty-1280");
    await goals.getByRole("link", { name: "Set a goal" }).click();
    await page.waitForURL(`${server.url}/goals`);

    await page.getByLabel("What to aim for").selectOption("tests_taken");
    await page.getByLabel("How many tests").fill("2");
    await page.getByRole("button", { name: "Add goal" }).click();
    await page.getByText('Added the goal "Take 2 tests".').waitFor();
    await page.getByRole("progressbar", { name: "Take 2 tests" }).waitFor();
    expect(await page.getByRole("progressbar", { name: "Take 2 tests" }).getAttribute("aria-valuenow")).toBe("0");
    await page.getByText("0 of 2 tests taken since you set it.").waitFor();

    await take();
    await take();
    await page.getByRole("link", { name: "StudyForge" }).first().click();
    await page.waitForURL(`${server.url}/dashboard`);
    const reached = goals.getByRole("progressbar", { name: "Take 2 tests (reached)" });
    await reached.waitFor();
    expect(await reached.getAttribute("aria-valuenow")).toBe("100");
    await cardTitled(page, "Notifications").getByText("Goal reached: Take 2 tests.").waitFor();
    await cardTitled(page, "Recent Scores").getByText("Scores as a table").click();
    expect(await cardTitled(page, "Recent Scores").getByRole("row").count()).toBe(3); // header and two attempts

    // The navigation bar counts it, until it is read.
    const nav = page.getByRole("banner");
    await nav.getByRole("link", { name: "Notifications 1 unread" }).waitFor();
    await shoot(page, "dashboard-1280");
    await nav.getByRole("link", { name: "Notifications 1 unread" }).click();
    await page.waitForURL(`${server.url}/notifications`);
    await page.getByText("1 unread.").waitFor();
    await shoot(page, "notifications-1280");
    const markRead = page.getByRole("button", { name: /^Mark read/ });
    expect(await markRead.textContent()).toBe("Mark read: Goal reached: Take 2 tests.");
    await markRead.click();
    await page.getByText("You are all caught up.").waitFor();
    await nav.getByRole("link", { name: "Notifications", exact: true }).waitFor();
    expect(await nav.locator(".navbar__badge").count()).toBe(0);

    await page.goto(`${server.url}/goals`);
    await page.getByText("2 of 2 tests taken since you set it.").waitFor();
    await shoot(page, "goals-1280");
  });

  it("edits and deletes a goal", async () => {
    const { c } = await newStudent(suite.server.url, "editor");
    await c.post("/api/goals", { kind: "average_score", target: 80 });
    const page = suite.track(await pageAs(suite.browser, suite.server.url, c, "/goals"));
    await page.getByRole("button", { name: "Edit Reach an 80% average" }).click();
    await page.getByLabel("Average to reach (%)").fill("150");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Choose the average to reach: between 1 and 100%.").waitFor();
    await page.getByLabel("Average to reach (%)").fill("90");
    await page.getByLabel("Topic (optional)").fill("packages");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText('Saved the goal "Reach a 90% average on packages".').waitFor();
    await page.getByRole("button", { name: "Delete Reach a 90% average on packages" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("No goals yet.").waitFor();
  });

  it("fits a phone: the unread count is on the Menu button, nothing scrolls sideways", async () => {
    const { c } = await newStudent(suite.server.url, "phone");
    await c.post("/api/goals", { kind: "tests_taken", target: 3, within_days: 7 });
    await suite.server.app.db("notifications").insert({ user_id: (await c.get("/api/auth/me")).body.id, kind: "cards_due", message: "You have 4 flashcards due today.", link: "/study-sets", event_key: "phone", created_at: new Date().toISOString() });
    for (const route of ["/dashboard", "/goals", "/notifications"]) {
      const page = suite.track(await pageAs(suite.browser, suite.server.url, c, route, { width: PHONE }));
      await page.locator("h1").first().waitFor();
      await page.getByRole("button", { name: "Menu 1 unread" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await scrollsSideways(page), route).toBe(false);
      await shoot(page, `${route.slice(1)}-${PHONE}`);
    }
    expect(DESKTOP).toBe(1280);
  });
});

/** /ai-insights after two attempts: the topic, its accuracy chart and table, and a next step into the generator. */
import { expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { DESKTOP, PHONE, scrollsSideways } from "../helpers/browser.ts";
import { uploadPythonErrors } from "../helpers/generation.ts";
import { BIOLOGY_SLIDES, pptx } from "../helpers/office.ts";
import { browserSuite, pageAs } from "../helpers/student-browser.ts";

const suite = browserSuite();
const SHOTS = process.env.SCREENSHOT_DIR;

it("shows the practised topic with its chart, most-missed question and a next step that opens the generator prefilled", async () => {
  const { c } = await newStudent(suite.server.url);
  const fileId = await uploadPythonErrors(c);
  const gen = await c.post("/api/gpt/generate", { file_id: fileId, topic: "exceptions", difficulty: "Medium", count: 3 });
  const questions: { answer: string }[] = (await c.get(`/api/tests/${gen.body.test_id}`)).body.test_metadata.questions;
  const answer = (right: number[]) => Object.fromEntries(questions.map((q, i) => [String(i), right.includes(i) ? q.answer : "not the answer"]));
  await c.post("/api/tests/submit", { test_id: gen.body.test_id, answers: answer([0, 1, 2]) }); // 100%
  suite.server.clock.advance(1000);
  await c.post("/api/tests/submit", { test_id: gen.body.test_id, answers: answer([0, 1]) }); // 66.7%: 5 of 6 overall

  for (const width of [DESKTOP, PHONE]) {
    const page = suite.track(await pageAs(suite.browser, suite.server.url, c, "/dashboard", { width }));
    await page.locator("h1").first().waitFor();
    // The navigation bar links to the page (behind the menu on a phone).
    if (width === PHONE) await page.getByRole("button", { name: /menu/i }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "AI Insights" }).click();
    await page.waitForURL("**/ai-insights");

    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "exceptions", level: 2 }) });
    await card.waitFor();
    await card.getByText("83.3%").first().waitFor(); // accuracy: 5 of 6
    await card.locator(".recharts-line").waitFor(); // the chart is drawn
    await card.getByText("Scores as a table").click();
    expect(await card.getByRole("table").getByRole("row").count()).toBe(3); // header and two attempts
    await card.getByText("Missed 1 of 2 times").waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    if (SHOTS) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/ai-insights-${width}.png`, fullPage: true });
    }

    // Recent accuracy 83.3% after Medium: the next test is Hard, with the topic and file filled in.
    await card.getByRole("link", { name: "Take a Hard test on exceptions" }).click();
    await page.waitForURL(/\/testgenerator\?/);
    await page.getByLabel("Topic").waitFor();
    expect(await page.getByLabel("Topic").inputValue()).toBe("exceptions");
    await expect.poll(() => page.getByLabel("Difficulty").inputValue()).toBe("Hard");
    await expect.poll(() => page.getByLabel("Select Study Material").inputValue()).toBe(String(fileId));
  }
});

it("cites a deck's slides as slides in the most-missed questions and the pages to review", async () => {
  const { c } = await newStudent(suite.server.url);
  const up = await c.upload("/api/files/upload/scan", pptx(BIOLOGY_SLIDES), "biology.pptx");
  const gen = await c.post("/api/gpt/generate", { file_id: up.body.file_id, topic: "carbon dioxide", count: 2 });
  await c.post("/api/tests/submit", { test_id: gen.body.test_id, answers: {} });

  const page = suite.track(await pageAs(suite.browser, suite.server.url, c, "/ai-insights"));
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "carbon dioxide", level: 2 }) });
  await card.getByText(/Missed 1 of 1 time/).first().waitFor();
  const hints = await card.locator(".insight__missed .insight__hint").allTextContents();
  for (const hint of hints) expect(hint).toMatch(/ · Source: slides? \d/);
  expect(await card.locator(".insight__steps strong").first().textContent()).toMatch(/^Review slides? \d/);
});

it("says what to do when nothing has been practised", async () => {
  const { c } = await newStudent(suite.server.url);
  const page = suite.track(await pageAs(suite.browser, suite.server.url, c, "/ai-insights"));
  await page.getByText("No practice to look at yet.").waitFor();
  await page.getByRole("link", { name: "Generate a test" }).waitFor();
});

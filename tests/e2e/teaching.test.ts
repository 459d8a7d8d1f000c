/**
 * A class's practice testing end to end in the browser against the real server: a teacher adds a class
 * and a study guide to it, a student joins with the code shown on the class page, the teacher corrects
 * a question of their test and assigns it, the student finds it on the dashboard and takes it, and the
 * teacher sees the result on the class results page and the item analysis of the test.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { changeAccount } from "../../src/accounts/roles.ts";
import { newStudent } from "../helpers/accounts.ts";
import { PHONE, scrollsSideways } from "../helpers/browser.ts";
import { browserSuite, pageAs } from "../helpers/student-browser.ts";
import { colourQuestion, knownTest } from "../helpers/known-test.ts";
import { newTeacher, newTest } from "../helpers/teaching.ts";

const suite = browserSuite();

async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
}

const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: "Notifications" }).getByText(text).first().waitFor();

describe("teaching a class", () => {
  it("runs from a new class to the teacher reading the class's result and item analysis", async () => {
    const { server, browser } = suite;
    await newStudent(server.url, "admin"); // the first account is the administrator
    const teacher = await newTeacher(server);
    const { testId, fileId } = await newTest(teacher.c, undefined, 3);
    const student = await newStudent(server.url, "pupil");

    // The teacher adds a class and puts the study guide in it; the class page shows the join code.
    const tp = suite.track(await pageAs(browser, server.url, teacher.c, "/classes"));
    await tp.getByLabel("Class name").fill("Statistics with R");
    await tp.getByRole("button", { name: "Add Class" }).click();
    await tp.getByRole("link", { name: "Statistics with R", exact: true }).first().click();
    await tp.waitForURL(/\/classes\/\d+$/);
    const classUrl = tp.url();
    const code = (await tp.getByTestId("join-code").textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await tp.getByLabel("Add one of your study guides").selectOption(String(fileId));
    await tp.getByRole("button", { name: "Add to class" }).click();
    await tp.getByRole("table", { name: "Tests from Statistics with R" }).waitFor();
    await tp.getByText("No students yet.").waitFor();

    // The student joins with the code (typed in lower case) and lands on the class, read-only.
    const sp = suite.track(await pageAs(browser, server.url, student.c, "/classes"));
    await sp.getByLabel("Join code").fill(code.toLowerCase());
    await sp.getByRole("button", { name: "Join class" }).click();
    await sp.waitForURL(classUrl);
    await sp.getByText(`Taught by ${teacher.username}`).waitFor();
    await sp.getByText("Your teacher has not assigned a test in this class yet.").waitFor();
    expect(await sp.getByRole("button", { name: /Remove/ }).count()).toBe(0);
    expect(await sp.getByLabel("Add one of your study guides").count()).toBe(0);
    await sp.getByRole("link", { name: "Download python-errors.pdf" }).waitFor();
    // The teacher's guide is the student's to make their own practice tests from.
    await sp.getByRole("link", { name: "Generate a test from python-errors.pdf" }).click();
    await sp.waitForURL(`${server.url}/testgenerator?file=${fileId}`);
    await expect.poll(() => sp.getByLabel("Select Study Material").inputValue()).toBe(String(fileId));

    // The teacher sees the new member.
    await tp.reload();
    await tp.getByRole("table", { name: "Members of Statistics with R" }).getByRole("cell", { name: student.username, exact: true }).waitFor();

    // The teacher corrects the first question's explanation on the test preview (question editing).
    await tp.goto(`${server.url}/generated-test?id=${testId}`);
    await tp.getByRole("button", { name: "Edit questions" }).click();
    await tp.getByRole("button", { name: "Edit question 1" }).click();
    const dialog = tp.getByRole("dialog", { name: "Edit question 1" });
    await dialog.getByLabel("Explanation").fill("Checked by your teacher: see the tutorial on exceptions.");
    await dialog.getByRole("button", { name: "Save question" }).click();
    await toast(tp, "Question 1 was saved.");
    await tp.getByRole("button", { name: "Done editing" }).click();

    // …and assigns it, due tomorrow, one attempt, answers after submission.
    await tp.goto(classUrl);
    await tp.getByRole("button", { name: "Assign a test" }).click();
    const assign = tp.getByRole("dialog", { name: "Assign a test" });
    await assign.getByLabel("Test", { exact: true }).selectOption(String(testId));
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await assign.getByLabel("Due (optional)").fill(local);
    await assign.getByRole("button", { name: "Assign" }).click();
    await toast(tp, /Its members were notified/);
    const row = tp.getByRole("table", { name: "Assignments of Statistics with R" }).locator("tbody tr");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("0 of 1");
    await screenshot(tp, "teacher-class-1280");

    // The student finds it on the dashboard, takes it and sees the teacher's explanation in the review.
    await sp.goto(`${server.url}/dashboard`);
    const card = sp.locator("section.card", { has: sp.getByRole("heading", { name: "Assignments", exact: true }) });
    await card.getByText("To do", { exact: true }).waitFor();
    await screenshot(sp, "student-dashboard-1280");
    await card.getByRole("link", { name: /^Take / }).click();
    await sp.waitForURL(`${server.url}/take-test?id=${testId}`);
    await screenshot(sp, "take-assigned-1280");
    const questions = sp.getByRole("group", { name: /^Question \d+ of \d+/ });
    await questions.first().waitFor();
    for (let i = 0; i < (await questions.count()); i++) await questions.nth(i).getByRole("radio").first().check();
    await sp.getByRole("button", { name: "Submit" }).click();
    await sp.waitForURL(/\/test-results/);
    await sp.getByText("Checked by your teacher: see the tutorial on exceptions.").waitFor();
    await sp.goto(classUrl);
    await sp.getByRole("table", { name: "Assignments in Statistics with R" }).getByText("Submitted", { exact: true }).waitFor();
    expect(await sp.getByRole("link", { name: /^Take / }).count()).toBe(0); // its one attempt is used
    await screenshot(sp, "member-class-1280");

    // The teacher reads the result and the item analysis.
    await tp.goto(classUrl);
    await tp.getByRole("link", { name: "Class results", exact: true }).click();
    await tp.waitForURL(`${classUrl}/results`);
    const results = tp.getByRole("table", { name: /^Results of / });
    await results.getByText(student.username, { exact: true }).waitFor();
    await results.getByText("Submitted", { exact: true }).waitFor();
    await screenshot(tp, "class-results-1280");
    await tp.getByRole("link", { name: /^Item analysis/ }).first().click();
    // The class results page asks for this class's students only (?class=).
    await tp.waitForURL((url) => url.pathname === `/tests/${testId}/analysis` && url.searchParams.has("class"));
    await tp.getByRole("heading", { level: 1, name: "Item analysis" }).waitFor();
    await tp.getByText("Question 1", { exact: false }).first().waitFor();
  }, 120_000); // a real scan and generation, two browsers, on a machine other test runs share

  it("fits a phone: the teacher's class page and the student's join form", async () => {
    const { server, browser } = suite;
    const teacher = await newTeacher(server, "phone");
    const cls = await teacher.c.post("/api/classes", { name: "Biology" });
    const tp = suite.track(await pageAs(browser, server.url, teacher.c, `/classes/${cls.body.id}`, { width: PHONE }));
    await tp.getByTestId("join-code").waitFor();
    expect(await scrollsSideways(tp)).toBe(false);
    const student = await newStudent(server.url, "phonestudent");
    const sp = suite.track(await pageAs(browser, server.url, student.c, "/classes", { width: PHONE }));
    await sp.getByLabel("Join code").fill("WRONG222");
    await sp.getByRole("button", { name: "Join class" }).click();
    await sp.getByText("No class has this join code. Check the code with your teacher.").waitFor();
    expect(await scrollsSideways(sp)).toBe(false);
  });

  it("shows the results of the assignment the teacher chooses, each asked of the server when chosen", async () => {
    const { server, browser } = suite;
    await newStudent(server.url, "gradebookfirst"); // the administrator when this test runs alone
    const teacher = await newTeacher(server, "gradebook");
    const member = await newStudent(server.url, "gradebookmember");
    const cls = (await teacher.c.post("/api/classes", { name: "Genetics" })).body as { id: number; join_code: string };
    expect((await member.c.post("/api/classes/join", { code: cls.join_code })).status).toBe(200);
    const questions = [colourQuestion("Which colour is first?", "Red")];
    const older = await knownTest(server, teacher.id, questions, "Older quiz");
    const newer = await knownTest(server, teacher.id, questions, "Newer quiz");
    for (const testId of [older, newer]) expect((await teacher.c.post(`/api/classes/${cls.id}/assignments`, { test_id: testId })).status).toBe(201);
    expect((await member.c.post("/api/tests/submit", { test_id: older, answers: { 0: "Red" } })).status).toBe(201);

    const page = suite.track(await pageAs(browser, server.url, teacher.c, `/classes/${cls.id}/results`));
    // The newest assignment's table first: not taken yet.
    await page.getByRole("table", { name: "Results of Newer quiz" }).getByText("To do", { exact: true }).waitFor();
    await page.getByLabel("Assignment").selectOption({ index: 0 });
    await page.getByRole("table", { name: "Results of Older quiz" }).getByText("Submitted", { exact: true }).waitFor();
  });

  it("lets a teacher give a class they made as a student a join code", async () => {
    const { server, browser } = suite;
    const promoted = await newStudent(server.url, "promoted");
    const cls = await promoted.c.post("/api/classes", { name: "Chemistry" });
    await changeAccount(server.app, promoted.id, { role: "teacher" });
    const page = suite.track(await pageAs(browser, server.url, promoted.c, `/classes/${cls.body.id}`));
    await page.getByRole("button", { name: "Get a join code" }).click();
    await page.getByTestId("join-code").waitFor();
    expect(await page.getByTestId("join-code").textContent()).toBe((await promoted.c.get(`/api/classes/${cls.body.id}`)).body.join_code);
    await page.getByRole("button", { name: "Assign a test" }).waitFor();
  });
});

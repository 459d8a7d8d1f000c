/**
 * The administration pages in the browser against the real server: the role guard, deleting a user
 * through the spec's confirmation, changing roles (and the last administrator's refusal), reset links,
 * announcements on the dashboard, the analytics charts against the API's numbers under the app's
 * Content-Security-Policy, the audit log, and every admin page on a phone.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { openPage, PHONE, scrollsSideways } from "../helpers/browser.ts";
import { uploadRFaq } from "../helpers/generation.ts";
import { client } from "../helpers/http.ts";
import { browserSuite, pageAs } from "../helpers/student-browser.ts";

const suite = browserSuite({ RATE_LIMIT_FACTOR: "100" });

type Person = Awaited<ReturnType<typeof newStudent>>;
let admin: Person;

beforeAll(async () => {
  admin = await newStudent(suite.server.url, "principal"); // the first account is the administrator
});

/** Console errors and uncaught exceptions of a page (a CSP violation is a console error). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const adminPage = (route: string, width?: number) => pageAs(suite.browser, suite.server.url, admin.c, route, { width }).then(suite.track);

const usersTable = (page: Page) => page.getByRole("table", { name: "Users" });
const userRow = (page: Page, username: string) => usersTable(page).locator("tbody tr").filter({ hasText: username });

/** Narrows the users table to one person (the search box searches as one types). */
async function findUser(page: Page, username: string) {
  await page.getByLabel("Search users").fill(username);
  await expect.poll(() => usersTable(page).locator("tbody tr").count()).toBe(1);
  await userRow(page, username).waitFor();
  return userRow(page, username);
}

async function openManage(page: Page, username: string) {
  await page.getByRole("button", { name: `Manage ${username}` }).click();
  const dialog = page.getByRole("dialog", { name: `Manage ${username}` });
  await dialog.waitFor();
  return dialog;
}

describe("who may open the admin pages", () => {
  it("sends a signed-in student typing /admin to /dashboard, and an anonymous visitor to /login", async () => {
    const student = await newStudent(suite.server.url, "curious");
    for (const route of ["/admin", "/admin/dashboard", "/admin/analytics", "/admin-analytics", "/admin/audit"]) {
      const page = suite.track(await pageAs(suite.browser, suite.server.url, student.c, route));
      await page.waitForURL(`${suite.server.url}/dashboard`);
      expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin Dashboard" }).count()).toBe(0);

      const anonymous = suite.track(await openPage(suite.browser, suite.server.url + route));
      await anonymous.waitForURL(`${suite.server.url}/login`);
    }
  });

  it("leads an administrator from the navigation bar to all three admin pages", async () => {
    const page = await adminPage("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin Dashboard" }).click();
    await page.waitForURL(`${suite.server.url}/admin`);
    const sub = page.getByRole("navigation", { name: "Administration" });
    expect(await sub.getByRole("link", { name: "Users & files" }).getAttribute("aria-current")).toBe("page");
    await sub.getByRole("link", { name: "Analytics" }).click();
    await page.waitForURL(`${suite.server.url}/admin/analytics`);
    await page.getByRole("heading", { name: "Admin Analytics", level: 1 }).waitFor();
    await sub.getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL(`${suite.server.url}/admin/audit`);
    await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor();
    expect(await sub.getByRole("link", { name: "Audit log" }).getAttribute("aria-current")).toBe("page");
  });
});

describe("users", () => {
  it("deletes a user after the spec's confirmation: gone from the table, and unable to log in", async () => {
    const victim = await newStudent(suite.server.url, "leaver");
    await uploadRFaq(victim.c);
    const page = await adminPage("/admin");
    const errors = watchErrors(page);
    const row = await findUser(page, victim.username);
    expect(await row.textContent()).toContain(victim.email);

    await row.getByRole("button", { name: `Delete ${victim.username}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this user?" });
    await dialog.getByText("Are you sure you want to delete this user?").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await userRow(page, victim.username).count()).toBe(1);

    await row.getByRole("button", { name: `Delete ${victim.username}` }).click();
    await dialog.getByRole("button", { name: "Delete user" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText(`Deleted ${victim.username} (${victim.email}).`).waitFor();
    await page.getByText("No users match this search.").waitFor();
    expect(await userRow(page, victim.username).count()).toBe(0);

    // The account is gone: its session has ended and its password no longer opens anything.
    expect((await victim.c.get("/api/auth/me")).status).toBe(401);
    const login = await client(suite.server.url).post("/api/auth/login", { email: victim.email, password: victim.password });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect((await admin.c.get(`/api/admin/users/${victim.id}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it("promotes a student to teacher, and hands over a reset link when mail is off", async () => {
    const s = await newStudent(suite.server.url, "promoted");
    const page = await adminPage("/admin");
    const row = await findUser(page, s.username);
    expect(await row.getByText("Student", { exact: true }).count()).toBe(1);

    const dialog = await openManage(page, s.username);
    expect(await dialog.getByRole("button", { name: "Change role" }).isDisabled()).toBe(true); // nothing changed yet
    await dialog.getByLabel("Role").selectOption("teacher");
    await dialog.getByRole("button", { name: "Change role" }).click();
    await dialog.getByRole("status").filter({ hasText: `${s.username} is now a teacher.` }).waitFor();
    await row.getByText("Teacher", { exact: true }).waitFor();
    expect((await admin.c.get(`/api/admin/users/${s.id}`)).body.role).toBe("teacher");

    await dialog.getByRole("button", { name: "Send password reset link" }).click();
    await dialog.getByText(`give ${s.email} this link`).waitFor();
    const link = await dialog.getByLabel("Reset link").inputValue();
    expect(link).toMatch(/\/reset-password\?token=/);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.server.url });
    await dialog.getByRole("button", { name: "Copy reset link" }).click();
    await dialog.getByRole("button", { name: "Copied reset link" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "hidden" });
    await row.getByText("Teacher", { exact: true }).waitFor();
  });

  it("shows the server's refusal when the last administrator demotes themself", async () => {
    const page = await adminPage("/admin");
    await findUser(page, admin.username);
    const dialog = await openManage(page, admin.username);
    await dialog.getByLabel("Role").selectOption("student");
    await dialog.getByRole("button", { name: "Change role" }).click();
    await dialog.getByRole("alert").filter({ hasText: "This is the only administrator: make another user an administrator first." }).waitFor();
    expect((await admin.c.get("/api/auth/me")).body.is_admin).toBe(true);
    // Still on the admin page, still an administrator.
    expect(page.url()).toBe(`${suite.server.url}/admin`);
  });

  it("deletes any user's file after a confirmation", async () => {
    const owner = await newStudent(suite.server.url, "owner");
    await uploadRFaq(owner.c);
    const page = await adminPage("/admin");
    await page.getByLabel("Search files").fill(owner.username);
    const files = page.getByRole("table", { name: "Files" }).locator("tbody tr");
    await expect.poll(() => files.count()).toBe(1);
    const cells = await files.first().locator("td").allTextContents();
    expect(cells.slice(0, 4)).toEqual(["r-faq.pdf", `${owner.username}${owner.email}`, "361 KB", "52"]);

    await files.first().getByRole("button", { name: "Delete r-faq.pdf" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this file?" });
    await dialog.getByRole("button", { name: "Delete file" }).click();
    await page.getByText("No files match this search.").waitFor();
    expect((await owner.c.get("/api/files/")).body).toEqual([]);
  });

  it("posts an announcement that students see on their dashboard", async () => {
    const message = `Exams start on Monday (${Date.now()}).`;
    const page = await adminPage("/admin");
    await page.getByRole("button", { name: "Post announcement" }).click();
    await page.getByText("Write the announcement.").waitFor(); // nothing written yet
    await page.getByLabel("New announcement").fill(message);
    await page.getByRole("button", { name: "Post announcement" }).click();
    await page.getByText("Announcement posted. Everyone sees it on their dashboard.").waitFor();
    await page.getByRole("listitem").filter({ hasText: message }).waitFor();
    expect(await page.getByLabel("New announcement").inputValue()).toBe("");

    const student = await newStudent(suite.server.url, "reader");
    const dashboard = suite.track(await pageAs(suite.browser, suite.server.url, student.c, "/dashboard"));
    await dashboard.getByRole("region", { name: "Announcements" }).getByText(message).waitFor();
  });
});

describe("analytics", () => {
  it("draws its charts under the app's CSP, with the API's headline numbers and tables for each chart", async () => {
    // Known activity: one student uploads a guide, generates a test and takes it.
    const s = await newStudent(suite.server.url, "active");
    const fileId = await uploadRFaq(s.c);
    const gen = await s.c.post("/gpt/generate", { file_id: fileId, topic: "Packages", count: 3 });
    expect([200, 201]).toContain(gen.status);
    const submit = await s.c.post("/tests/submit", { test_id: gen.body.test_id, answers: { 0: "a guess" } });
    expect([200, 201]).toContain(submit.status);
    const api = (await admin.c.get("/api/admin/analytics")).body;
    expect(api.testsTaken).toBeGreaterThanOrEqual(1);
    expect(api.filesUploaded).toBeGreaterThanOrEqual(1);

    const page = await adminPage("/admin/analytics");
    const errors = watchErrors(page);
    await page.reload(); // watched from the first byte
    const figure = (key: string) => page.locator(`[data-figure="${key}"] dd`).textContent();
    await page.locator('[data-figure="testsTaken"]').waitFor();
    expect(await figure("activeUsers")).toBe(api.activeUsers.toLocaleString("en-US"));
    expect(await figure("testsTaken")).toBe(api.testsTaken.toLocaleString("en-US"));
    expect(await figure("filesUploaded")).toBe(api.filesUploaded.toLocaleString("en-US"));
    await page.getByText("means signed in or used StudyForge in the last 30 days").waitFor();

    // Five charts drawn by the chart library, each with its numbers as a table.
    const charts = page.locator(".chart-card__chart .recharts-wrapper > svg.recharts-surface");
    await expect.poll(() => charts.count()).toBe(5);
    for (const title of ["People per day", "Tests and uploads per day", "Scores", "Test generation by provider", "Most requested topics"]) {
      expect(await page.getByRole("table", { name: title, includeHidden: true }).count(), title).toBe(1);
    }
    const topics = page.locator(".chart-card").filter({ hasText: "Most requested topics" });
    await topics.getByText("Show the numbers").click();
    expect(await topics.getByRole("table", { name: "Most requested topics" }).locator("tbody tr").first().textContent()).toContain("packages");

    // The period switch asks again: 7 days in the daily table.
    const people = page.locator(".chart-card").filter({ hasText: "People per day" });
    await people.getByText("Show the numbers").click();
    const peopleRows = people.getByRole("table", { name: "People per day" }).locator("tbody tr");
    expect(await peopleRows.count()).toBe(30);
    await page.getByLabel("7 days").check();
    await expect.poll(() => peopleRows.count()).toBe(7);
    await page.locator(".chart-card__summary").filter({ hasText: "In the last 7 days:" }).first().waitFor();

    const csp = (await page.request.get(suite.server.url + "/admin/analytics", { headers: { accept: "text/html" } })).headers()["content-security-policy"];
    expect(csp).toContain("style-src 'self'");
    expect(errors).toEqual([]);
  });
});

describe("audit log", () => {
  it("lists the deletion, newest first, and filters by action", async () => {
    const victim = await newStudent(suite.server.url, "audited");
    expect((await admin.c.delete(`/api/users/${victim.id}`)).status).toBe(204);
    const page = await adminPage("/admin/audit");
    const rows = page.getByRole("table", { name: "Audit log" }).locator("tbody tr");
    await rows.first().waitFor();
    const newest = (await rows.first().textContent()) ?? "";
    expect(newest).toContain("User deleted");
    expect(newest).toContain(victim.email);
    expect(newest).toContain(admin.username);

    await page.getByLabel("Action").selectOption("user.delete");
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes("user.delete"))).toBe(true);
    await page.getByLabel("Search").fill(victim.email);
    await expect.poll(() => rows.count()).toBe(1);
  });
});

describe("on a phone", () => {
  it("fits every admin page into 375 px, with the tables stacked", async () => {
    for (const route of ["/admin", "/admin/analytics", "/admin/audit"]) {
      const page = await adminPage(route, PHONE);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.locator("table, .recharts-surface").first().waitFor();
      expect(await scrollsSideways(page), route).toBe(false);
    }
    const page = await adminPage("/admin", PHONE);
    await usersTable(page).locator("tbody tr").first().waitFor();
    // Stacked: the header row is hidden, the rows are cards; the sort select stands in for the headers.
    expect(await page.getByLabel("Sort by").isVisible()).toBe(true);
    expect(await usersTable(page).locator("thead").boundingBox()).toMatchObject({ width: 1 });
  });
});

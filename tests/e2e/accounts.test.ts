/**
 * The account pages in the browser against the real server: sign-up, login,
 * logout, settings, deletion, and (with SMTP) e-mail verification and password reset.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, PHONE, scrollsSideways } from "../helpers/browser.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { linkIn, startSmtpSink, type SmtpSink } from "../helpers/smtp.ts";

const BUILT_UI = path.resolve(import.meta.dirname, "../../dist/ui/index.html");

let browser: Browser;
const pages: Page[] = [];
let n = 0;
const person = (prefix: string) => {
  n += 1;
  return { username: `${prefix}_${n}`, email: `${prefix}.${n}@school.example`, password: "correct horse" };
};
type Person = ReturnType<typeof person>;

async function open(base: string, route: string, width?: number): Promise<Page> {
  const page = await openPage(browser, base + route, { width });
  pages.push(page);
  return page;
}

async function signUpThroughForm(page: Page, who: Person) {
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

beforeAll(async () => {
  if (!existsSync(BUILT_UI)) throw new Error("dist/ui is not built: run `npx vite build` before the browser tests.");
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.context().close()));
});

afterAll(async () => {
  await browser?.close();
});

describe("without e-mail verification", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("signs up to the dashboard, greets by name, logs out with a toast, and logs back in", async () => {
    const admin = person("first");
    const page = await open(server.url, "/register");
    await signUpThroughForm(page, admin);
    await page.waitForURL(`${server.url}/dashboard`);
    await expect.poll(() => h1(page)).toMatch(new RegExp(`^Good (Morning|Afternoon|Evening), ${admin.username}$`));
    expect(await page.evaluate(() => localStorage.length)).toBe(0); // the session is the httpOnly cookie

    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await page.getByText(`Hi, ${admin.username}`).isVisible()).toBe(true);
    for (const name of ["File Upload", "Test Generator", "Classes", "Templates", "Study Sets", "Test Results", "Profile", "Settings"]) {
      expect(await nav.getByRole("link", { name }).isVisible(), name).toBe(true);
    }
    // The first account is the administrator.
    expect(await nav.getByRole("link", { name: "Admin Dashboard" }).getAttribute("href")).toBe("/admin");
    await nav.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`${server.url}/settings`);
    expect(await nav.getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Profile" }).getAttribute("aria-current")).toBeNull();

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByText("Logout successful!").waitFor();
    await page.waitForURL(`${server.url}/login`);
    await page.getByText("Logout successful!").waitFor({ state: "detached", timeout: 4000 });

    await logInThroughForm(page, admin.email, "wrong password");
    await page.getByRole("alert").filter({ hasText: "Incorrect email or password." }).waitFor();
    await logInThroughForm(page, admin.email, admin.password);
    await page.waitForURL(`${server.url}/dashboard`);

    // A logged-in visitor on /login goes on to the dashboard.
    await page.goto(`${server.url}/login`);
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it("shows the server's reason when an e-mail is taken, and hides Admin from other users", async () => {
    const who = person("second");
    const first = await open(server.url, "/register");
    await signUpThroughForm(first, who);
    await first.waitForURL(`${server.url}/dashboard`);
    await first.getByText(`Hi, ${who.username}`).waitFor();
    expect(await first.getByRole("link", { name: "Admin Dashboard" }).count()).toBe(0);

    const again = await open(server.url, "/register");
    await signUpThroughForm(again, { ...person("third"), email: who.email });
    await again.getByRole("alert").filter({ hasText: "That email is already registered." }).waitFor();
    expect(again.url()).toBe(`${server.url}/register`);
  });

  it("edits the profile in Settings and shows it on the Profile page", async () => {
    const who = person("editor");
    const page = await open(server.url, "/register");
    await signUpThroughForm(page, who);
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(`${server.url}/settings`);
    const username = page.getByLabel("Username");
    await expect.poll(() => username.inputValue()).toBe(who.username);
    expect(await page.getByLabel("Email").inputValue()).toBe(who.email);
    await username.fill(`${who.username}_renamed`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Profile updated successfully.").waitFor();
    await page.getByText(`Hi, ${who.username}_renamed`).waitFor();

    await username.fill("x");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("alert").filter({ hasText: "Username must be at least 3 characters." }).waitFor();

    await page.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL(`${server.url}/profile`);
    await page.getByText(`${who.username}_renamed`, { exact: true }).waitFor();
    await page.getByText(who.email, { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Edit Profile" }).getAttribute("href")).toBe("/settings");
    // Recent tests settle into a list, the empty state, or the spec's failure message (no /api/dashboard yet).
    await page
      .getByText(/No tests yet\.|Failed to load profile or recent tests\.|%/)
      .first()
      .waitFor();
  });

  it("changes the e-mail and password in Settings only with the current password", async () => {
    const who = person("mover");
    const page = await open(server.url, "/register");
    await signUpThroughForm(page, who);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/settings`);
    await expect.poll(() => page.getByLabel("Username").inputValue()).toBe(who.username);

    const moved = `moved.${who.email}`;
    await page.getByLabel("Email").fill(moved);
    await page.getByLabel("New password").fill("a better secret");
    const save = page.getByRole("button", { name: "Save Changes" });
    await save.click();
    await page.getByRole("alert").filter({ hasText: "Enter your current password to change your email or password." }).waitFor();
    await page.getByLabel("Current password").fill("not my password");
    await save.click();
    await page.getByRole("alert").filter({ hasText: "The current password is incorrect." }).waitFor();
    await page.getByLabel("Current password").fill(who.password);
    await save.click();
    await page.getByText("Profile updated successfully.").waitFor();
    expect(await page.getByLabel("Current password").inputValue()).toBe("");
    expect(await page.getByLabel("New password").inputValue()).toBe("");

    // This browser stays signed in; the new details are the ones that work.
    await page.reload();
    await expect.poll(() => page.getByLabel("Email").inputValue()).toBe(moved);
    const fresh = await open(server.url, "/login");
    await logInThroughForm(fresh, moved, "a better secret");
    await fresh.waitForURL(`${server.url}/dashboard`);
  });

  it("lists the signed-in devices in Settings and logs one out, then this one", async () => {
    const who = person("devices");
    const laptop = await open(server.url, "/register");
    await signUpThroughForm(laptop, who);
    await laptop.waitForURL(`${server.url}/dashboard`);
    const phone = await open(server.url, "/login", PHONE);
    await logInThroughForm(phone, who.email, who.password);
    await phone.waitForURL(`${server.url}/dashboard`);

    await laptop.goto(`${server.url}/settings`);
    const table = laptop.getByRole("table", { name: "Signed-in sessions" });
    await table.waitFor();
    const rows = table.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    const mine = rows.filter({ hasText: "This device" });
    expect(await mine.count()).toBe(1);
    expect(await mine.textContent()).toContain("Chrome on Linux");
    expect(await mine.textContent()).toContain("127.0.0.1");

    // Keyboard only: Tab to the other session's Log out and press Enter.
    const other = rows.filter({ hasNotText: "This device" }).getByRole("button", { name: /^Log out Chrome on /i });
    await other.focus();
    await laptop.keyboard.press("Enter");
    await laptop.getByText(/^Logged out Chrome on /).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await phone.goto(`${server.url}/upload`);
    await phone.waitForURL(`${server.url}/login`);

    await laptop.getByRole("button", { name: "Log out Chrome on Linux (this device)" }).click();
    await laptop.getByText("You have been logged out on this device.").waitFor();
    await laptop.waitForURL(`${server.url}/login`);
  });

  it("deletes the account after the password is confirmed in a dialog", async () => {
    const who = person("leaver");
    const page = await open(server.url, "/register");
    await signUpThroughForm(page, who);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/settings`);

    const opener = page.getByRole("button", { name: "Delete Account" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await opener.click();
    await dialog.getByLabel("Password", { exact: true }).fill("not my password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("alert").filter({ hasText: "The password is incorrect." }).waitFor();
    expect(page.url()).toBe(`${server.url}/settings`);

    await dialog.getByLabel("Password", { exact: true }).fill(who.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText("Your account has been deleted.").waitFor();

    await page.goto(`${server.url}/login`);
    await logInThroughForm(page, who.email, who.password);
    await page.getByRole("alert").filter({ hasText: "Incorrect email or password." }).waitFor();
  });

  it("fits a 375 px phone, with the links behind a Menu button", async () => {
    const who = person("phone");
    const page = await open(server.url, "/register", PHONE);
    await signUpThroughForm(page, who);
    await page.waitForURL(`${server.url}/dashboard`);
    expect(await scrollsSideways(page)).toBe(false);
    const upload = page.getByRole("link", { name: "File Upload" });
    expect(await upload.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Menu" }).click();
    await upload.click();
    await page.waitForURL(`${server.url}/upload`);
    await page.getByText("No study guides yet. Upload your first one.").waitFor();
    expect(await upload.isVisible()).toBe(false); // the menu closes after navigating
    for (const route of ["/settings", "/profile", "/forgot-password", "/privacy"]) {
      await page.goto(server.url + route);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await scrollsSideways(page), route).toBe(false);
    }
  });
});

describe("with e-mail verification", () => {
  let server: TestServer;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: "true" });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** The page and query of the newest link of a kind mailed to this address, on the test server. */
  async function mailedLink(email: string, route: "/verify-email" | "/reset-password", subject: RegExp): Promise<string> {
    const seen = smtp.mails.filter((m) => m.to.includes(email) && subject.test(m.subject)).length;
    const mail = await smtp.waitFor(email, { subject, after: Math.max(0, seen - 1) });
    const link = linkIn(mail, route);
    return server.url + link.pathname + link.search;
  }

  it("holds a new account at the prompt until its e-mail is verified", async () => {
    const who = person("verify");
    const page = await open(server.url, "/register");
    await signUpThroughForm(page, who);
    await page.waitForURL(`${server.url}/verify-email-prompt`);
    await page.getByText(who.email).waitFor();

    // Protected pages send an unverified user back to the prompt.
    await page.goto(`${server.url}/upload`);
    await page.waitForURL(`${server.url}/verify-email-prompt`);

    const resend = page.getByRole("button", { name: "Resend Email" });
    await resend.click();
    await page.getByText("Verification email sent.").waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await smtp.waitFor(who.email, { subject: /Verify/, after: 1 });

    await page.getByRole("button", { name: "Check Again" }).click();
    await page.getByText("Your email is not verified yet.", { exact: false }).waitFor();

    // The link opened elsewhere (a phone's mail app): verified, then asked to log in.
    const link = await mailedLink(who.email, "/verify-email", /Verify/);
    const elsewhere = await open(link, "");
    await elsewhere.waitForURL(`${server.url}/login?verified=true`);
    await elsewhere.getByText("Your email has been verified! You can now log in.").waitFor();
    await logInThroughForm(elsewhere, who.email, who.password);
    await elsewhere.waitForURL(`${server.url}/dashboard`);

    // Back in the first browser, Check Again now lets the user in.
    await page.getByRole("button", { name: "Check Again" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it("explains an invalid verification link on the login page and can resend from there", async () => {
    const who = person("expired");
    const signup = await open(server.url, "/register");
    await signUpThroughForm(signup, who);
    await signup.waitForURL(`${server.url}/verify-email-prompt`);

    const page = await open(server.url, "/verify-email?token=not-a-real-token");
    await page.waitForURL(`${server.url}/login?verified=false`);
    const banner = page.getByRole("alert").filter({ hasText: "That verification link is invalid or has expired." });
    await banner.waitFor();
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await banner.getByText("Enter your email address below").waitFor();
    await page.getByLabel("Email").fill(who.email);
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await page.getByText("Verification email sent.").waitFor();
    await smtp.waitFor(who.email, { subject: /Verify/, after: 1 });
  });

  it("resets a forgotten password through the mailed link", async () => {
    const who = person("forgetful");
    const signup = await open(server.url, "/register");
    await signUpThroughForm(signup, who);
    await signup.waitForURL(`${server.url}/verify-email-prompt`);
    await (await open(await mailedLink(who.email, "/verify-email", /Verify/), "")).waitForURL(/verified=true/);

    const page = await open(server.url, "/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    await page.getByLabel("Email").fill(who.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("If the email exists, we've sent a reset link. Please check your inbox.").waitFor();

    await page.goto(await mailedLink(who.email, "/reset-password", /Reset/));
    const submit = page.getByRole("button", { name: "Reset Password" });
    await page.getByLabel("New password").fill("short");
    await submit.click();
    await page.getByRole("alert").filter({ hasText: "Password must be at least 6 characters." }).waitFor();
    await page.getByLabel("New password").fill("a new secret");
    await page.getByLabel("Confirm password").fill("another secret");
    await submit.click();
    await page.getByRole("alert").filter({ hasText: "Passwords do not match." }).waitFor();
    await page.getByLabel("Confirm password").fill("a new secret");
    await submit.click();
    await page.getByText("Your password has been reset. You can now log in.").waitFor();
    await page.waitForURL(`${server.url}/login`, { timeout: 6000 });

    await logInThroughForm(page, who.email, "a new secret");
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it("refuses a reset link without a token, and an unknown one with the server's reason", async () => {
    const page = await open(server.url, "/reset-password");
    await page.getByLabel("New password").fill("a new secret");
    await page.getByLabel("Confirm password").fill("a new secret");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("alert").filter({ hasText: "Missing token." }).waitFor();

    await page.goto(`${server.url}/reset-password?token=unknown`);
    await page.getByLabel("New password").fill("a new secret");
    await page.getByLabel("Confirm password").fill("a new secret");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid or expired reset link." }).waitFor();
  });
});

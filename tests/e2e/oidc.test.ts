/**
 * School sign-in in Chromium, against a real OpenID provider on loopback (oidc-provider): the button on
 * the login page, the provider's own form, the dashboard; the refusal page; linking from /settings; and
 * the login page of a school that turned passwords off.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousA11yProblems } from "../helpers/a11y.ts";
import { launchBrowser, openPage } from "../helpers/browser.ts";
import { client } from "../helpers/http.ts";
import { startIdp, startWithIdp, type IdpUser, type TestIdp } from "../helpers/oidc-provider.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const BUILT_UI = path.resolve(import.meta.dirname, "../../dist/ui/index.html");

const users: IdpUser[] = [
  { sub: "ann-1", email: "ann@school.example", email_verified: true, password: "ann-pass" },
  { sub: "ben-1", email: "ben@other.example", email_verified: true, password: "ben-pass" },
  { sub: "lin-1", email: "lin.private@mail.example", email_verified: true, password: "lin-pass" },
];
const env = (idp: TestIdp) => ({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: "studyforge", OIDC_CLIENT_SECRET: "studyforge-secret", OIDC_NAME: "Test School", OIDC_ALLOWED_DOMAINS: "school.example" });

let browser: Browser;
let idp: TestIdp;
let server: TestServer;
const pages: Page[] = [];

beforeAll(async () => {
  if (!existsSync(BUILT_UI)) throw new Error("dist/ui is not built: run `npx vite build` before the browser tests.");
  browser = await launchBrowser();
  idp = await startIdp(users);
  server = await startWithIdp(idp, env(idp), [{ client_id: "studyforge", client_secret: "studyforge-secret" }]);
  // The first account is the administrator; the students below are not.
  expect((await client(server.url).post("/api/auth/register", { username: "admin", email: "admin@school.example", password: "admin-password" })).status).toBe(201);
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.context().close()));
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
  await browser?.close();
});

async function open(base: string, route: string): Promise<Page> {
  const page = await openPage(browser, base + route);
  pages.push(page);
  return page;
}

/** The provider's own login form. */
async function signInAtProvider(page: Page, user: IdpUser) {
  await page.waitForURL((u) => u.origin === idp.issuer);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in at the provider" }).click();
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

describe("signing in with the school's provider", () => {
  it("clicks the button, signs in at the provider and lands on the dashboard, signed in", async () => {
    const page = await open(server.url, "/login");
    const button = page.getByRole("link", { name: "Sign in with Test School" });
    await button.waitFor();
    // The password form stays beside it.
    expect(await page.getByRole("button", { name: "Log In" }).isVisible()).toBe(true);
    expect(await seriousA11yProblems(page)).toEqual([]);
    await button.click();
    await signInAtProvider(page, users[0]!);
    await page.waitForURL(`${server.url}/dashboard`);
    await expect.poll(() => h1(page)).toMatch(/^Good (Morning|Afternoon|Evening), ann$/);
  });

  it("shows a readable page to someone from another domain, and no session", async () => {
    const page = await open(server.url, "/register");
    await page.getByRole("link", { name: "Sign in with Test School" }).click();
    await signInAtProvider(page, users[1]!);
    await page.waitForURL(/\/auth\/error\?/);
    await page.getByRole("alert").filter({ hasText: "Your account (ben@other.example) is not from a school domain this StudyForge accepts." }).waitFor();
    expect(await h1(page)).toBe("You were not signed in");
    expect((await page.context().cookies(server.url)).some((c) => c.name === "sf_session")).toBe(false);
    // The address came from the server once (a cookie the page removes), never from the URL: a link another site
    // makes cannot put words of its choosing into the page.
    await page.goto(`${server.url}/auth/error?reason=domain&email=${encodeURIComponent("call 555-0100@evil.example")}`);
    await page.getByRole("alert").filter({ hasText: "Your account is not from a school domain this StudyForge accepts." }).waitFor();
    expect(await page.getByRole("alert").textContent()).not.toContain("555");
  });

  it("links the provider from /settings to a password account, then unlinks it", async () => {
    expect((await client(server.url).post("/api/auth/register", { username: "lin", email: "lin@home.example", password: "lin-password" })).status).toBe(201);
    const page = await open(server.url, "/login");
    await page.getByLabel("Email").fill("lin@home.example");
    await page.getByLabel("Password", { exact: true }).fill("lin-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/settings`);
    await page.getByRole("link", { name: "Link Test School" }).click();
    await signInAtProvider(page, users[2]!);
    await page.waitForURL(`${server.url}/settings?linked=school`);
    await page.getByText("Test School is now linked: you can sign in with it.").waitFor();
    await page.getByText("lin.private@mail.example").waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.getByRole("button", { name: "Unlink Test School" }).click();
    await page.getByRole("link", { name: "Link Test School" }).waitFor();
  });
});

describe("the administrator's users table", () => {
  it("shows how each user signs in", async () => {
    const page = await open(server.url, "/login");
    await page.getByLabel("Email").fill("admin@school.example");
    await page.getByLabel("Password", { exact: true }).fill("admin-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/admin`);
    const row = (email: string) => page.getByRole("row").filter({ hasText: email });
    await row("ann@school.example").waitFor();
    expect(await row("ann@school.example").textContent()).toContain("Signs in with Test School");
    expect(await row("admin@school.example").textContent()).toContain("Signs in with password");
  });
});

describe("PASSWORD_LOGIN=false", () => {
  let sso: TestServer;
  beforeAll(async () => {
    sso = await startTestServer({ ...env(idp), PASSWORD_LOGIN: "false" });
  });
  afterAll(() => sso?.close());

  it("shows only the school's button on the login and sign-up pages", async () => {
    for (const route of ["/login", "/register"]) {
      const page = await open(sso.url, route);
      await page.getByRole("link", { name: "Sign in with Test School" }).waitFor();
      expect(await page.getByLabel("Password", { exact: true }).count(), route).toBe(0);
      expect(await page.getByRole("button", { name: /Log In|Sign Up/ }).count(), route).toBe(0);
    }
  });
});

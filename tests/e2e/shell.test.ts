/**
 * The UI's frame, logged out: landing page, legal pages, navigation bar, routing
 * and the session guard, against the real server serving the built UI (dist/ui).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, PHONE, scrollsSideways } from "../helpers/browser.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const BUILT_UI = path.resolve(import.meta.dirname, "../../dist/ui/index.html");

let server: TestServer;
let browser: Browser;
const pages: Page[] = [];

async function open(route: string, width?: number): Promise<Page> {
  const page = await openPage(browser, server.url + route, { width });
  pages.push(page);
  return page;
}

beforeAll(async () => {
  if (!existsSync(BUILT_UI)) throw new Error("dist/ui is not built: run `npx vite build` before the browser tests.");
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.context().close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("landing page", () => {
  it("has Log In and Sign Up, both calls to action, four true features, two testimonials and the footer credit", async () => {
    const page = await open("/");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("practice test");

    const link = (name: string) => page.getByRole("link", { name, exact: true });
    expect(await link("Log In").getAttribute("href")).toBe("/login");
    expect(await link("Sign Up").getAttribute("href")).toBe("/register");
    expect(await link("Get Started").getAttribute("href")).toBe("/register");
    expect(await link("Create Free Account").getAttribute("href")).toBe("/register");

    const features = page.locator(".feature");
    expect(await features.count()).toBe(4);
    const featureText = (await features.allTextContents()).join(" ");
    for (const claim of ["PDF", "OpenAI", "Ollama", "built-in offline generator", "multiple choice", "true/false", "short answer", "difficulty", "explanation"]) {
      expect(featureText).toContain(claim);
    }
    const body = (await page.locator("body").textContent()) ?? "";
    expect(body).not.toMatch(/GPT-4/i);
    expect(body).not.toMatch(/essay/i);

    expect(await page.locator("figure.testimonial").count()).toBe(2);
    const footer = page.locator("footer.site-footer");
    expect(await footer.textContent()).toMatch(/Built by students, for students/);
    expect(await footer.textContent()).toMatch(/StudyForge student team/);
  });

  it("opens real Privacy and Terms pages from the footer", async () => {
    const page = await open("/");
    await page.locator("footer").getByRole("link", { name: "Privacy" }).click();
    await page.waitForURL(`${server.url}/privacy`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Privacy");
    expect(await page.locator("main").textContent()).toMatch(/school's server/);

    await page.locator("footer").getByRole("link", { name: "Terms" }).click();
    await page.waitForURL(`${server.url}/terms`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Terms of use");
  });

  it("does not scroll sideways on a 375 px phone", async () => {
    const page = await open("/", PHONE);
    await page.getByRole("link", { name: "Create Free Account" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
  });
});

describe("navigation bar", () => {
  it("shows brand, Login and Sign Up to a logged-out visitor on /forgot-password", async () => {
    const page = await open("/forgot-password");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.waitFor();
    expect(await nav.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
    expect(await nav.getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/register");
    expect(await page.locator("header.navbar a.brand").getAttribute("href")).toBe("/");
    expect(await nav.getByRole("button", { name: "Logout" }).count()).toBe(0);
  });

  it.each(["/", "/login", "/register"])("is not shown on %s", async (route) => {
    const page = await open(route);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.locator("header.navbar").count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
  });
});

describe("routing", () => {
  it("shows 'Page not found' with a link home for an unknown page", async () => {
    const page = await open("/no-such-page");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    expect(await page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
  });

  it("sends a logged-out visitor from a protected page (/dashboard) to /login", async () => {
    const page = await open("/dashboard");
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole("button", { name: "Log In" }).waitFor();
  });

  it("sends /auth/github/callback (a leftover of the spec) on to /login", async () => {
    const page = await open("/auth/github/callback");
    await page.waitForURL(`${server.url}/login`);
    // Both hops replace history: going back leaves the app instead of bouncing through the redirects.
    expect(await page.evaluate(() => history.length)).toBe(2);
  });
});

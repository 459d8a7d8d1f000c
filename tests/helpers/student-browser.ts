/**
 * Browser helpers for the student pages' tests: a signed-in page for a student
 * made through the API, and a recorder for states that come and go too fast to
 * wait for (upload progress, the generation overlay).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { launchBrowser, openPage, type OpenPageOptions } from "./browser.ts";
import type { Client } from "./http.ts";
import { startTestServer, type TestServer } from "./server.ts";

const BUILT_UI = path.resolve(import.meta.dirname, "../../dist/ui/index.html");

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
  /** Keeps a page to close (with its context) after the test. */
  track(page: Page): Page;
}

/**
 * Registers the hooks of a browser test file: the real server (with `env`) and
 * Chromium before all tests, each test's pages closed after it, both stopped at the end.
 */
export function browserSuite(env: Record<string, string> = {}): BrowserSuite {
  const pages: Page[] = [];
  const suite = {
    track(page: Page) {
      pages.push(page);
      return page;
    },
  } as BrowserSuite;
  beforeAll(async () => {
    if (!existsSync(BUILT_UI)) throw new Error("dist/ui is not built: run `npx vite build` before the browser tests.");
    [suite.server, suite.browser] = await Promise.all([startTestServer(env), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

/** A page in a new context carrying the API client's session cookie, opened at `route`. */
export async function pageAs(browser: Browser, baseUrl: string, c: Client, route: string, options: OpenPageOptions = {}): Promise<Page> {
  const page = await openPage(browser, undefined, options);
  await page.context().addCookies([...c.cookies].map(([name, value]) => ({ name, value, url: baseUrl })));
  await page.goto(baseUrl + route);
  return page;
}

/** Logs in through the login form and waits for the dashboard. */
export async function logInThroughForm(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}

/**
 * Starts recording every distinct text of the element matching `selector`, on
 * every DOM change, until the page reloads. Call the returned function to read
 * what was seen so far. Client-side navigation keeps recording.
 */
export async function recordTexts(page: Page, selector: string): Promise<() => Promise<string[]>> {
  const key = `__seen_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, selector }) => {
      const seen: string[] = [];
      (window as unknown as Record<string, string[]>)[key] = seen;
      const look = () => {
        const text = document.querySelector(selector)?.textContent?.replace(/\s+/g, " ").trim();
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      look();
    },
    { key, selector },
  );
  return () => page.evaluate((key) => [...((window as unknown as Record<string, string[]>)[key] ?? [])], key);
}

/**
 * From the upload page's "Generate Test" after an upload: generates `count` questions on `topic` with the
 * built-in generator and returns each question's "Source: …" line from the preview, answers shown.
 */
export async function generateFromUpload(page: Page, topic: string, count: number): Promise<string[]> {
  await page.getByRole("button", { name: "Generate Test" }).click();
  await page.waitForURL(/\/testgenerator\?file=\d+$/);
  await page.getByLabel("Topic").fill(topic);
  await page.getByLabel("Number of Questions").fill(String(count));
  await page.getByRole("button", { name: "Generate Test" }).click();
  await page.waitForURL(/\/generated-test\?id=\d+$/);
  await page.getByRole("button", { name: "Show answers" }).click();
  const sources = page.locator(".question-card__source");
  await sources.first().waitFor();
  return sources.allTextContents();
}

/**
 * Chromium for the browser tests: the system package (/usr/bin/chromium, Debian
 * `chromium`) driven by playwright-core. CHROMIUM_PATH overrides the path.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Common widths: a laptop and a small phone. */
export const DESKTOP = 1280;
export const PHONE = 375;

export interface OpenPageOptions extends BrowserContextOptions {
  /** Viewport width in CSS pixels (default 1280). */
  width?: number;
  /** Viewport height (default 800, or 740 for widths under 640). */
  height?: number;
}

/**
 * A page in its own context (own cookies) at the given width, opened at `url`
 * when one is given. Close it with `page.context().close()`.
 */
export async function openPage(browser: Browser, url?: string, options: OpenPageOptions = {}): Promise<Page> {
  const { width = DESKTOP, height, ...contextOptions } = options;
  const context: BrowserContext = await browser.newContext({
    viewport: { width, height: height ?? (width < 640 ? 740 : 800) },
    isMobile: width < 640,
    hasTouch: width < 640,
    ...contextOptions,
  });
  const page = await context.newPage();
  if (url) await page.goto(url);
  return page;
}

/** True when the page is wider than its viewport (something scrolls sideways). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

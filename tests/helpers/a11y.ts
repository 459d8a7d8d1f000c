/**
 * axe-core in the real browser: the serious and critical accessibility problems of the page as it is
 * now. The script is evaluated through the DevTools protocol, so the app's CSP (no inline scripts)
 * does not need loosening for it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface A11yProblem {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

export async function seriousA11yProblems(page: Page): Promise<A11yProblem[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // A dialog fades in (opacity): axe measuring contrast mid-animation sees text paler than it will be.
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: any[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n: { target: string[] }) => n.target.join(" ")) }));
  });
}

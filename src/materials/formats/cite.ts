import type { PageUnit } from "./types.ts";

/**
 * How the server cites parts of a document: "page 4", "slide 4", "sections 2, 3" (the UI has the same
 * rule in ui/src/format.ts's formatSources). A document stored without a unit is a PDF.
 */
export function citePages(pages: readonly number[], unit: PageUnit = "page"): string {
  return pages.length === 1 ? `${unit} ${pages[0]}` : `${unit}s ${pages.join(", ")}`;
}

/**
 * Pages of possibly several files in a sentence: "slides 3 and 5", "page 2", or, units mixed,
 * "page 2, slide 3 and slide 5" (the UI's twin is pagesText in ui/src/pages/insights/TopicInsightCard.tsx).
 */
export function listPages(pages: readonly { page: number; page_unit: PageUnit }[]): string {
  const unit = pages[0]?.page_unit ?? "page";
  const same = pages.every((p) => p.page_unit === unit);
  const items = pages.map((p) => (same ? String(p.page) : `${p.page_unit} ${p.page}`));
  const list = items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  return same ? `${pages.length === 1 ? unit : `${unit}s`} ${list}` : `${list}`;
}

import type { PageUnit } from "./types.ts";

/**
 * How the server cites parts of a document: "page 4", "slide 4", "sections 2, 3" (the UI has the same
 * rule in ui/src/format.ts's formatSources). A document stored without a unit is a PDF.
 */
export function citePages(pages: readonly number[], unit: PageUnit = "page"): string {
  return pages.length === 1 ? `${unit} ${pages[0]}` : `${unit}s ${pages.join(", ")}`;
}

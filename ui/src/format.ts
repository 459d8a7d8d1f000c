/** How numbers, dates and the like read in the UI. */
import type { PageUnit } from "../../src/materials/formats/types.ts";

/** "85%", or "—" for no score; at most one decimal. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return `${Math.round(value * 10) / 10}%`;
}

/** A local date and time, e.g. "21 Nov 2026, 23:13"; the ISO text itself when it is no date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** The server's size in kilobytes as "361.45 KB". */
export function formatKb(kb: number): string {
  return `${(Number.isFinite(kb) ? kb : 0).toFixed(2)} KB`;
}

/**
 * "Source: page 12", "Source: slides 3, 4", "Source: section 2" (what the document's pages are: a PDF's
 * pages, a presentation's slides, a text document's sections), or null without pages. The one place the
 * UI cites a document's pages; the server's twin is src/materials/formats/cite.ts.
 */
export function formatSources(pages: readonly number[] | undefined, unit: PageUnit = "page"): string | null {
  if (!pages?.length) return null;
  return pages.length === 1 ? `Source: ${unit} ${pages[0]}` : `Source: ${unit}s ${pages.join(", ")}`;
}

/** "1 question", "5 questions". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const PROVIDERS: Record<string, string> = { builtin: "the built-in generator", openai: "OpenAI", ollama: "Ollama", "study-set": "your study set's flashcards" };

/** "the built-in generator", "OpenAI (gpt-4o-mini)", "Ollama (llama3.2)". */
export function providerName(provider: string, model?: string): string {
  const name = PROVIDERS[provider] ?? provider;
  return provider === "builtin" || !model ? name : `${name} (${model})`;
}

/** The same with a capital first letter, to start a label. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Case and surrounding spaces do not matter when answers are compared (spec §5). */
export function sameAnswer(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase() && (a ?? "").trim() !== "";
}

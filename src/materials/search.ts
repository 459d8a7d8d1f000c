import type { Db } from "../core/db.ts";
import { searchChunksSql, type Passage } from "./search-sql.ts";

export type { Passage };

/** Words worth searching for: the topic's content words, quoted so FTS syntax in them is inert. */
const STOP = new Set("a an and are as at be by for from in into is it of on or the to with about what how why which".split(" "));

export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => (w.length > 1 || /\d/.test(w)) && !STOP.has(w)))].slice(0, 16);
}

/**
 * Full-text search in one document's chunks, best first. `all` needs every term (does the
 * topic occur?), `any` ranks chunks by how well they match (retrieval). SQLite's FTS5 or
 * PostgreSQL's tsvector, one small function each (search-sql.ts).
 */
export async function searchChunks(db: Db, hash: string, query: string, opts: { limit?: number; mode?: "all" | "any" } = {}): Promise<Passage[]> {
  const terms = searchTerms(query);
  if (!terms.length) return [];
  return searchChunksSql(db, { hash, terms, mode: opts.mode ?? "any", limit: opts.limit ?? 20 });
}

/** A short excerpt around the first match, for search results. */
export function excerpt(text: string, query: string, radius = 160): string {
  const terms = searchTerms(query);
  const lower = text.toLowerCase();
  const at = Math.max(0, Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), text.length));
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + radius);
  return (start > 0 ? "…" : "") + text.slice(start, end).trim() + (end < text.length ? "…" : "");
}

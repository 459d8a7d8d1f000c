/**
 * Splits scanned pages into the chunks that full-text search indexes and that generation sends to a
 * model. A chunk never spans two pages, so every chunk (and every question drawn from it) cites one
 * exact page.
 */
import type { ScannedPage } from "./scan/index.ts";

export interface Chunk {
  page: number;
  /** Position of the chunk in the document: 0, 1, 2, … across all pages. */
  seq: number;
  text: string;
}

/** About 1,000 tokens of English. */
export const DEFAULT_CHUNK_CHARS = 4000;

/**
 * Where text may be split, best first: between paragraphs, after a sentence ('.', '!' or '?', maybe a
 * closing quote or bracket, then a space), between words. Parts are joined back with the joiner.
 */
const BOUNDARIES = [
  { split: /\n+/, joiner: "\n" },
  { split: /(?<=[.!?]["'”’)\]]?)\s+/u, joiner: " " },
  { split: /\s+/, joiner: " " },
];

export function chunkPages(pages: readonly ScannedPage[], opts: { maxChars?: number } = {}): Chunk[] {
  const maxChars = Math.max(1, opts.maxChars ?? DEFAULT_CHUNK_CHARS);
  const chunks: Chunk[] = [];
  for (const { page, text } of pages) {
    for (const piece of splitText(text.trim(), maxChars)) chunks.push({ page, seq: chunks.length, text: piece });
  }
  return chunks;
}

/**
 * Parts of `text` no longer than `maxChars`: split at the best boundary that is needed, the pieces packed
 * greedily back together; only a single word longer than a chunk is cut.
 */
function splitText(text: string, maxChars: number, level = 0): string[] {
  if (text.length <= maxChars) return text ? [text] : [];
  const boundary = BOUNDARIES[level];
  if (!boundary) return cut(text, maxChars);
  const parts = text.split(boundary.split).flatMap((part) => splitText(part.trim(), maxChars, level + 1));
  return pack(parts, maxChars, boundary.joiner);
}

function cut(word: string, maxChars: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < word.length; i += maxChars) parts.push(word.slice(i, i + maxChars));
  return parts;
}

/** Greedily joins consecutive parts while the result stays within `maxChars`. */
function pack(parts: string[], maxChars: number, joiner: string): string[] {
  const packed: string[] = [];
  let current = "";
  for (const part of parts) {
    if (!part) continue;
    if (current && current.length + joiner.length + part.length <= maxChars) current += joiner + part;
    else {
      if (current) packed.push(current);
      current = part;
    }
  }
  if (current) packed.push(current);
  return packed;
}

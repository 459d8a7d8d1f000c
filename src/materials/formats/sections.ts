/**
 * A text document's "pages": sections of about a printed page, so that a question can cite "section 4"
 * and the number stays the same every time the same file is read. Paragraphs are never split unless
 * one alone is longer than a section (then at sentence ends); a heading starts a new section once the
 * current one is half full, and never ends one.
 */
import { chunkPages } from "../chunks.ts";

/** A paragraph of a text document; `heading` when the document marks it as one. */
export interface Block {
  text: string;
  heading?: boolean;
}

/** About one printed page of prose. */
export const SECTION_CHARS = 3000;
/** A heading starts a new section when the current one has at least this much. */
const HEADING_BREAK_CHARS = SECTION_CHARS / 2;

export function sections(blocks: readonly Block[]): string[] {
  const done: string[] = [];
  let current: Block[] = [];
  let size = 0;
  const close = (carry: Block[] = []) => {
    if (current.length) done.push(current.map((b) => b.text).join("\n"));
    current = carry;
    size = carry.reduce((sum, b) => sum + b.text.length + 1, 0);
  };
  for (const block of blocks.flatMap(splitLong)) {
    const room = size + block.text.length <= SECTION_CHARS;
    if (block.heading && size >= HEADING_BREAK_CHARS) close();
    else if (!room && current.length) {
      // Headings at the end of a full section go with the text they head.
      let keep = current.length;
      while (keep > 0 && current[keep - 1]?.heading) keep--;
      const carried = keep > 0 ? current.splice(keep) : [];
      close(carried);
    }
    current.push(block);
    size += block.text.length + 1;
  }
  close();
  return done;
}

function splitLong(block: Block): Block[] {
  const text = block.text.trim();
  if (!text) return [];
  if (text.length <= SECTION_CHARS) return [{ ...block, text }];
  return chunkPages([{ page: 1, text }], { maxChars: SECTION_CHARS }).map((chunk) => ({ text: chunk.text }));
}

/**
 * Plain text and Markdown files: told apart from binary files by being valid UTF-8 without NULs or
 * control characters, turned into paragraphs (blank lines part them; lines wrapped by hand are joined)
 * and Markdown's markup reduced to its words.
 */
import type { Block } from "./sections.ts";
import type { DocumentFormat } from "./types.ts";

/** C0 controls other than tab, line feed, form feed and carriage return: binary data, not text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** The file's text if it is UTF-8 text (a BOM dropped), else undefined. */
export function decodeText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return CONTROL.test(text) ? undefined : text.replace(/\r\n?/g, "\n");
}

/**
 * Markdown when it uses Markdown's own syntax: an ATX heading, a fenced code block or a link. The link's
 * target stops at a bracket or parenthesis, so each try ends at the next "](" and a file of nothing but
 * "](" is read in one pass, not one pass per "](".
 */
export const textFormat = (text: string): Extract<DocumentFormat, "txt" | "md"> =>
  /^#{1,6}[ \t]+\S/m.test(text) || /^```/m.test(text) || /\]\([^()\s\]]+\)/.test(text) ? "md" : "txt";

const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const ATX_HEADING = /^#{1,6}[ \t]+/;
/** Lines wrapped by hand are at most about 80 characters. */
const WRAPPED_LINE = 100;
const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/;
/** A table's rule ("| --- | :---: |"). The pipe's own spaces go with it: `\s*\|?\s*` would split a long run of spaces every way. */
const TABLE_RULE = /^\s*(?:\|\s*)?:?-{3,}/;

export function textBlocks(text: string, format: "txt" | "md"): Block[] {
  const md = format === "md";
  const blocks: Block[] = [];
  let lines: string[] = [];
  const flush = (heading = false) => {
    const joined = lines.map((l) => l.trim()).filter(Boolean).join(" ");
    if (joined) blocks.push({ text: md ? inlineMarkdown(joined) : joined, heading });
    lines = [];
  };
  let fence = false;
  for (const line of (md ? withoutFrontMatter(text) : text).split("\n")) {
    if (md && /^\s*(?:```|~~~)/.test(line)) {
      // Code is kept line by line, as a PDF's listing is, so that cleaning can tell it apart.
      flush();
      fence = !fence;
      continue;
    }
    if (fence) {
      if (line.trim()) blocks.push({ text: line.trimEnd() });
      continue;
    }
    if (!line.trim()) flush();
    else if (md && ATX_HEADING.test(line)) {
      flush();
      lines = [line.replace(ATX_HEADING, "").replace(/\s#+\s*$/, "")];
      flush(true);
    } else if (md && SETEXT_UNDERLINE.test(line) && lines.length === 1) flush(true);
    else if (md && TABLE_RULE.test(line) && line.includes("|")) continue;
    else {
      // A list item starts a paragraph; so does any line after one too long to be wrapped by hand
      // (text saved with one line per paragraph).
      if (LIST_ITEM.test(line) || (md && line.trimStart().startsWith("|")) || (lines.at(-1)?.length ?? 0) > WRAPPED_LINE) flush();
      lines.push(md ? line.replace(/^\s*>\s?/, "").replace(/^\s*\|/, "").replace(/\|\s*$/, "").replaceAll("|", " · ") : line);
      if (md && line.trimStart().startsWith("|")) flush();
    }
  }
  flush();
  return blocks;
}

function withoutFrontMatter(text: string): string {
  if (!text.startsWith("---\n")) return text;
  const end = text.indexOf("\n---\n", 4);
  return end < 0 ? text : text.slice(end + 5);
}

/** Markdown's inline markup reduced to its words: links and images to their text, emphasis and code marks dropped. */
function inlineMarkdown(text: string): string {
  return text
    .replace(/!?\[([^\][]*)\]\([^()]*\)/g, "$1")
    .replace(/<[^<>]*>/g, "")
    .replace(/(\*\*|__|~~)(?=\S)([^*_~]*?\S)\1/g, "$2")
    .replace(/(^|[\s(])[*_](?=\S)([^*_]*?\S)[*_](?=$|[\s).,;:!?])/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, "$1");
}

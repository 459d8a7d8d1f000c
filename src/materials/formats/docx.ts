/**
 * Word (.docx), read by mammoth, which knows Word's structure (styles and their names, lists, tables,
 * fields, text boxes, footnotes) far better than a walk over document.xml would. mammoth unzips with
 * JSZip, which inflates without a bound, so it never sees the upload: it gets a zip rebuilt from the
 * XML parts it reads, once they passed zip.ts's and xml.ts's checks, as UTF-8 (mammoth reads parts as
 * UTF-8; Word may write UTF-16). Pictures are left out (they carry no text), and so are parts mammoth
 * never reads (custom XML, document properties, themes): they are not checked either.
 * Its HTML keeps headings, which sections.ts prefers to start sections at.
 */
import { zipSync } from "fflate";
import mammoth from "mammoth";
import type { Block } from "./sections.ts";
import { damaged } from "./types.ts";
import { checkXml, decodeXml } from "./xml.ts";
import type { ZipArchive } from "./zip.ts";

/** Parts mammoth may read: the package's content types and relationships, the main document's, and the parts beside it in word/ (styles, numbering, notes, comments). */
const readByMammoth = (name: string) =>
  name === "[Content_Types].xml" ||
  name === "_rels/.rels" ||
  (name.startsWith("word/_rels/") && name.endsWith(".rels") && name.indexOf("/", 11) < 0) ||
  (name.startsWith("word/") && name.endsWith(".xml") && name.indexOf("/", 5) < 0);

export async function docxBlocks(zip: ZipArchive): Promise<Block[]> {
  const parts: Record<string, Uint8Array> = {};
  const encoder = new TextEncoder();
  for (const name of zip.entries.keys()) {
    if (!readByMammoth(name)) continue;
    const xml = decodeXml(zip.read(name) as Uint8Array, "docx", name);
    checkXml(xml, "docx", name);
    parts[name] = encoder.encode(xml);
  }
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(zipSync(parts, { level: 0 })) },
      { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })), ignoreEmptyParagraphs: true, externalFileAccess: false },
    );
    html = result.value;
  } catch (error) {
    throw damaged("docx", "Word's parts are not where a Word document keeps them", error);
  }
  return htmlBlocks(html);
}

/** Block elements of mammoth's HTML; a tag that opens or closes one ends the block before it. */
const BLOCK = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "table", "tr", "td", "th", "caption", "blockquote", "pre"]);
const HEADING = /^h[1-6]$/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** mammoth's HTML (a small, regular subset: no scripts, no comments) as paragraphs, headings marked. */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let parts: string[] = [];
  let heading = false;
  const flush = () => {
    const text = parts.join("").replace(/\s+/g, " ").trim();
    if (text) blocks.push({ text, heading });
    parts = [];
  };
  // The lookahead ends the tag's name where its attributes start, so a '<' never closed costs one pass.
  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)(?![a-zA-Z0-9])[^>]*>|([^<]+)/g)) {
    const [, closing, tag, text] = match;
    if (text !== undefined) parts.push(decodeEntities(text));
    else if (tag && BLOCK.has(tag.toLowerCase())) {
      flush();
      heading = !closing && HEADING.test(tag.toLowerCase());
    } else if (tag?.toLowerCase() === "br") parts.push(" ");
  }
  flush();
  return blocks;
}

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/g, (whole, code: string) => {
    if (code[0] !== "#") return ENTITIES[code] ?? whole;
    const point = code[1] === "x" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });

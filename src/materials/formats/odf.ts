/**
 * OpenDocument text (.odt) and presentation (.odp), as LibreOffice writes them: content.xml holds the
 * body. A presentation's draw:page elements are its slides (their notes left out); a text document's
 * paragraphs (text:p) and headings (text:h), in lists and tables too, become blocks for sections.ts.
 * Tracked deletions, annotations and footnote bodies are not the document's running text.
 */
import type { Block } from "./sections.ts";
import { damaged, type DocumentFormat } from "./types.ts";
import { attr, childrenOf, parseXml, textOf, walk, xmlPart, type XmlNode } from "./xml.ts";
import type { ZipArchive } from "./zip.ts";

const SKIPPED = new Set(["text:tracked-changes", "office:annotation", "text:note", "presentation:notes", "text:sequence-decls", "office:forms"]);

function content(zip: ZipArchive, format: DocumentFormat): XmlNode[] {
  const xml = xmlPart(zip, "content.xml", format);
  if (xml === undefined) throw damaged(format, "its content.xml is missing");
  return parseXml(xml, format, "content.xml");
}

export function odtBlocks(zip: ZipArchive): Block[] {
  return paragraphs(content(zip, "odt"));
}

export function odpSlides(zip: ZipArchive): string[] {
  const slides: string[] = [];
  walk(content(zip, "odp"), (node, name) => {
    if (name !== "draw:page") return !SKIPPED.has(name);
    slides.push(
      paragraphs(childrenOf(node))
        .map((b) => b.text)
        .join("\n"),
    );
    return false;
  });
  return slides;
}

function paragraphs(nodes: XmlNode[]): Block[] {
  const blocks: Block[] = [];
  walk(nodes, (node, name) => {
    if (SKIPPED.has(name)) return false;
    if (name !== "text:p" && name !== "text:h") return true;
    const text = inlineText(node).replace(/[ \t]+/g, " ").trim();
    if (text) blocks.push({ text, heading: name === "text:h" });
    return false;
  });
  return blocks;
}

/** A paragraph's text: spans and links read through, text:s as its count of spaces, tabs and line breaks as spaces. */
function inlineText(paragraph: XmlNode): string {
  const parts: string[] = [];
  walk(childrenOf(paragraph), (node, name) => {
    if (SKIPPED.has(name)) return false;
    if (name === "text:s") parts.push(" ".repeat(Math.min(100, Number(attr(node, "text:c") ?? 1) || 1)));
    else if (name === "text:tab" || name === "text:line-break") parts.push(" ");
    return true;
  }, (node) => parts.push(textOf(node) ?? ""));
  return parts.join("");
}

/**
 * PowerPoint (.pptx): one page per slide, in the presentation's order (presentation.xml's slide list,
 * through its relationships), each slide's paragraphs in the order its shapes are written. Speaker
 * notes are left out: they are not on the slide the question cites. The slide list is counted against
 * the page limit before any slide is read, and a slide listed twice is refused (PowerPoint lists each
 * slide once; a list naming one slide 100,000 times would have it parsed 100,000 times).
 */
import posix from "node:path/posix";
import type { ZipArchive } from "./zip.ts";
import { attr, childrenOf, parseXml, textOf, walk, xmlPart, type XmlNode } from "./xml.ts";
import { tooManyPages } from "../scan/failures.ts";
import { asFormatFailure, damaged } from "./types.ts";

export function pptxSlides(zip: ZipArchive, maxPages: number): string[] {
  return slideParts(zip, maxPages).map((part) => {
    const xml = xmlPart(zip, part, "pptx");
    if (xml === undefined) throw damaged("pptx", `slide ${part} is missing`);
    return drawingParagraphs(parseXml(xml, "pptx", part)).join("\n");
  });
}

function slideParts(zip: ZipArchive, maxPages: number): string[] {
  const presentation = xmlPart(zip, "ppt/presentation.xml", "pptx");
  const rels = xmlPart(zip, "ppt/_rels/presentation.xml.rels", "pptx");
  if (presentation === undefined || rels === undefined) throw damaged("pptx", "its slide list is missing");
  const targets = new Map<string, string>();
  walk(parseXml(rels, "pptx", "ppt/_rels/presentation.xml.rels"), (node, name) => {
    const id = attr(node, "Id");
    const target = attr(node, "Target");
    if (name === "Relationship" && id && target) targets.set(id, target.startsWith("/") ? target.slice(1) : posix.join("ppt", target));
    return true;
  });
  const parts: string[] = [];
  walk(parseXml(presentation, "pptx", "ppt/presentation.xml"), (node, name) => {
    if (name !== "p:sldId") return true;
    const target = targets.get(attr(node, "r:id") ?? "");
    if (!target) throw damaged("pptx", "its slide list names a slide that is not there");
    parts.push(target);
    return false;
  });
  if (parts.length > maxPages) throw asFormatFailure(tooManyPages(parts.length, maxPages, "pptx"));
  const seen = new Set<string>();
  for (const part of parts) {
    if (seen.has(part)) throw damaged("pptx", `its slide list names ${part} more than once`);
    seen.add(part);
  }
  return parts;
}

/** DrawingML paragraphs (a:p) of a slide, tables' cells included; slide-number and date fields left out. */
function drawingParagraphs(nodes: XmlNode[]): string[] {
  const paragraphs: string[] = [];
  walk(nodes, (node, name) => {
    if (name !== "a:p") return true;
    const parts: string[] = [];
    walk(childrenOf(node), (inner, innerName) => {
      if (innerName === "a:fld" && /^(slidenum|datetime)/.test(attr(inner, "type") ?? "")) return false;
      if (innerName === "a:br") parts.push(" ");
      if (innerName === "a:t") for (const child of childrenOf(inner)) parts.push(textOf(child) ?? "");
      return innerName !== "a:t";
    });
    const text = parts.join("").replace(/\s+/g, " ").trim();
    if (text) paragraphs.push(text);
    return false;
  });
  return paragraphs;
}

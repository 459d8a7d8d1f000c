/**
 * XML parts of Office and OpenDocument files, checked before any parser sees them: at most
 * MAX_XML_PART_BYTES, decoded as UTF-8 or UTF-16 (ECMA-376 part 2 allows both), no DTD (Office and
 * LibreOffice never write one, and a DTD is how entity expansion – "billion laughs" – gets in), nesting
 * no deeper than MAX_XML_DEPTH and no element with more than MAX_XML_ATTRIBUTES (both counted in one
 * pass), and well-formed. Then parsed by fast-xml-parser in document order.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { damaged, FORMATS, FormatFailure, type DocumentFormat } from "./types.ts";
import type { ZipArchive } from "./zip.ts";

/** Elements nested in one another. Real slides and documents stay under 40 (a list in a table in a frame). */
export const MAX_XML_DEPTH = 256;
/**
 * Attributes of one element. Office and LibreOffice write fewer than 50 (a root's namespace
 * declarations); checking and parsing cost grows with the square of one element's count (a million
 * took 15-24 s), so more is a file built to hold a worker.
 */
export const MAX_XML_ATTRIBUTES = 1000;
/**
 * Bytes of one XML part. Parsing takes some ten times a part's size in heap: an 18 MB document.xml of
 * Word paragraphs parses within a scan worker's 256 MB heap, a 32 MB one runs out of it.
 */
export const MAX_XML_PART_BYTES = 16 * 1024 * 1024;

/** A part's text (undefined if there is no such part), bounded and decoded (see decodeXml). */
export function xmlPart(zip: ZipArchive, name: string, format: DocumentFormat): string | undefined {
  const data = zip.read(name);
  return data && decodeXml(data, format, name);
}

/** The part's bytes as text, in the encoding its byte-order mark, or else its first character '<', says (XML 1.0, appendix F). */
export function decodeXml(data: Uint8Array, format: DocumentFormat, part: string): string {
  if (data.length > MAX_XML_PART_BYTES) {
    throw new FormatFailure(422, `This ${FORMATS[format].noun} has a part (${part}) of more than ${MAX_XML_PART_BYTES / 1024 / 1024} MB of XML, the limit for one part.`);
  }
  const [a, b] = data;
  const encoding = (a === 0xff && b === 0xfe) || (a === 0x3c && b === 0) ? "utf-16le" : (a === 0xfe && b === 0xff) || (a === 0 && b === 0x3c) ? "utf-16be" : "utf-8";
  return new TextDecoder(encoding).decode(data); // the mark, if any, is dropped
}

/** An element as fast-xml-parser gives it with preserveOrder: `{ "a:t": [children], ":@": { attributes } }`. */
export type XmlNode = Record<string, unknown>;

export function checkXml(xml: string, format: DocumentFormat, part: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw damaged(format, `its part ${part} declares a DTD, which these files never do`);
  const shape = xmlShape(xml);
  if (shape.depth > MAX_XML_DEPTH) throw damaged(format, `its part ${part} nests elements more than ${MAX_XML_DEPTH} deep`);
  if (shape.attributes > MAX_XML_ATTRIBUTES) throw damaged(format, `its part ${part} has an element with more than ${MAX_XML_ATTRIBUTES.toLocaleString("en-US")} attributes`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw damaged(format, `its part ${part} is not well-formed XML (line ${valid.err.line})`);
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // Text as written: no numbers parsed, no whitespace trimmed (a run " of " keeps its spaces).
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  maxNestedTags: MAX_XML_DEPTH + 1,
});

export function parseXml(xml: string, format: DocumentFormat, part: string): XmlNode[] {
  checkXml(xml, format, part);
  try {
    return parser.parse(xml) as XmlNode[];
  } catch (error) {
    throw damaged(format, `its part ${part} cannot be parsed`, error);
  }
}

/** The element's name (the one key that is not ":@" or "#text"), or undefined for a text node. */
export function nameOf(node: XmlNode): string | undefined {
  for (const key in node) if (key !== ":@" && key !== "#text") return key;
  return undefined;
}

export const childrenOf = (node: XmlNode): XmlNode[] => {
  const name = nameOf(node);
  const children = name ? node[name] : undefined;
  return Array.isArray(children) ? (children as XmlNode[]) : [];
};

export const attr = (node: XmlNode, name: string): string | undefined => {
  const attrs = node[":@"] as Record<string, unknown> | undefined;
  const value = attrs?.[name];
  return typeof value === "string" ? value : undefined;
};

export const textOf = (node: XmlNode): string | undefined => (typeof node["#text"] === "string" ? node["#text"] : undefined);

/**
 * How deep elements nest, and the most attributes one element has, read in one pass without building
 * anything: an opening tag goes one down, a closing tag one up, and each '=' outside quotes in a tag is
 * an attribute; comments, processing instructions and CDATA are skipped, quoted attribute values (which
 * may hold '>' and '=') too.
 */
export function xmlShape(xml: string): { depth: number; attributes: number } {
  let depth = 0;
  let max = 0;
  let attributes = 0;
  let i = xml.indexOf("<");
  while (i >= 0 && i < xml.length) {
    const next = xml[i + 1];
    if (next === "/") {
      depth--;
      i = xml.indexOf("<", i + 2);
      continue;
    }
    if (next === "!" || next === "?") {
      const close = xml.startsWith("<!--", i) ? "-->" : xml.startsWith("<![CDATA[", i) ? "]]>" : ">";
      const end = xml.indexOf(close, i + 2);
      if (end < 0) break;
      i = xml.indexOf("<", end + close.length);
      continue;
    }
    let j = i + 1;
    let quote = "";
    let equals = 0;
    for (; j < xml.length; j++) {
      const c = xml[j];
      if (quote) {
        if (c === quote) quote = "";
      } else if (c === '"' || c === "'") quote = c;
      else if (c === "=") equals++;
      else if (c === ">") break;
    }
    attributes = Math.max(attributes, equals);
    if (xml[j - 1] !== "/") max = Math.max(max, ++depth);
    i = xml.indexOf("<", j + 1);
  }
  return { depth: max, attributes };
}

/**
 * Visits elements depth first, in document order, without recursion (checkXml bounds nesting, but a
 * loop needs no stack either way). `visit` returns whether to go into the element's children; `onText` sees text nodes.
 */
export function walk(nodes: XmlNode[], visit: (node: XmlNode, name: string) => boolean, onText?: (node: XmlNode) => void): void {
  const stack: XmlNode[][] = [nodes];
  const positions: number[] = [0];
  while (stack.length) {
    const level = stack.length - 1;
    const list = stack[level] as XmlNode[];
    const index = positions[level] as number;
    if (index >= list.length) {
      stack.pop();
      positions.pop();
      continue;
    }
    positions[level] = index + 1;
    const node = list[index] as XmlNode;
    const name = nameOf(node);
    if (!name) onText?.(node);
    else if (visit(node, name)) {
      stack.push(childrenOf(node));
      positions.push(0);
    }
  }
}

/**
 * XML parts of Office and OpenDocument files, checked before any parser sees them: no DTD (Office and
 * LibreOffice never write one, and a DTD is how entity expansion – "billion laughs" – gets in), nesting
 * no deeper than MAX_XML_DEPTH, and well-formed. Then parsed by fast-xml-parser in document order.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { damaged, type DocumentFormat } from "./types.ts";

/** Elements nested in one another. Real slides and documents stay under 40 (a list in a table in a frame). */
export const MAX_XML_DEPTH = 256;

/** An element as fast-xml-parser gives it with preserveOrder: `{ "a:t": [children], ":@": { attributes } }`. */
export type XmlNode = Record<string, unknown>;

export function checkXml(xml: string, format: DocumentFormat, part: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw damaged(format, `its part ${part} declares a DTD, which these files never do`);
  if (xmlDepth(xml) > MAX_XML_DEPTH) throw damaged(format, `its part ${part} nests elements more than ${MAX_XML_DEPTH} deep`);
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
 * How deep elements nest, read in one pass without building anything: an opening tag goes one down,
 * a closing tag one up; comments, processing instructions and CDATA are skipped, quoted attribute
 * values (which may hold '>') too.
 */
export function xmlDepth(xml: string): number {
  let depth = 0;
  let max = 0;
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
    for (; j < xml.length; j++) {
      const c = xml[j];
      if (quote) {
        if (c === quote) quote = "";
      } else if (c === '"' || c === "'") quote = c;
      else if (c === ">") break;
    }
    if (xml[j - 1] !== "/") max = Math.max(max, ++depth);
    i = xml.indexOf("<", j + 1);
  }
  return max;
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

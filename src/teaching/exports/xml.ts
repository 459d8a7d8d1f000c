/** The one XML writer of the exports (Moodle XML, QTI): fast-xml-parser's builder, which escapes text and attributes. */
import { XMLBuilder } from "fast-xml-parser";

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  indentBy: "  ",
  // The builder's default writes an attribute whose value is "true" bare (visible), which is not XML.
  suppressBooleanAttributes: false,
});

/** A document with its declaration; keys starting "@_" are attributes, "#text" is an element's text. */
export const buildXml = (root: Record<string, unknown>): string => builder.build({ "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" }, ...root });

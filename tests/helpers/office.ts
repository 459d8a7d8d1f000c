/**
 * Office and OpenDocument files for tests, built in memory with the parts and XML that Word, PowerPoint
 * and LibreOffice write (trimmed of styling the readers ignore):
 *
 * - docx(blocks): paragraphs; `{ heading: "…" }` is a Heading 1 paragraph (styled as Word's template does)
 * - pptx(slides): one slide per entry, each a title and bullet paragraphs (BIOLOGY_SLIDES: three of them)
 * - odt(blocks), odp(slides): the same in OpenDocument
 * - zipOf(parts, { stored }): any container; rawZip(parts): one written by hand, sizes as claimed (hostile
 *   variants), with honestParts(parts) and deflatedZeros(mib) for its parts
 */
import { once } from "node:events";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import { zipSync, type Zippable } from "fflate";

export type DocBlock = string | { heading: string };
export interface Slide {
  title: string;
  bullets?: string[];
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Entries' modification time, fixed so the same parts always make the same bytes (a test that uploads and
 * downloads compares them; fflate's default, the current time, differed when the second ticked over). */
const MTIME = new Date("2026-01-01T00:00:00Z");

/** A zip of `parts` (text or bytes); ODF's `mimetype` must come first and stored, as it does here. */
export function zipOf(parts: Record<string, string | Uint8Array>, { stored = false }: { stored?: boolean } = {}): Uint8Array {
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(parts)) {
    const bytes = typeof data === "string" ? utf8(data) : data;
    zippable[name] = name === "mimetype" || stored ? [bytes, { level: 0 }] : bytes;
  }
  return zipSync(zippable, { level: 6, mtime: MTIME });
}

const RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const rels = (items: [id: string, type: string, target: string][]) =>
  `${XML}<Relationships xmlns="${RELS_NS}">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${OFFICE_REL}/${type}" Target="${target}"/>`).join("")}</Relationships>`;

const W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

export function docxParts(blocks: readonly DocBlock[]): Record<string, string> {
  const body = blocks
    .map((block) =>
      typeof block === "string"
        ? `<w:p><w:r><w:t xml:space="preserve">${esc(block)}</w:t></w:r></w:p>`
        : `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${esc(block.heading)}</w:t></w:r></w:p>`,
    )
    .join("");
  return {
    "[Content_Types].xml": `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    "_rels/.rels": rels([
      ["rId1", "officeDocument", "word/document.xml"],
      ["rId2", "metadata/core-properties", "docProps/core.xml"],
    ]),
    "word/document.xml": `${XML}<w:document ${W_NS}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`,
    "word/_rels/document.xml.rels": rels([["rId1", "styles", "styles.xml"]]),
    "word/styles.xml": `${XML}<w:styles ${W_NS}><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style></w:styles>`,
    "docProps/core.xml": `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Study notes</dc:title></cp:coreProperties>`,
  };
}

export const docx = (blocks: readonly DocBlock[]) => zipOf(docxParts(blocks));

const P_NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const shape = (id: number, placeholder: string, paragraphs: string[]) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${placeholder} ${id}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="${placeholder}"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>${paragraphs
    .map((text) => `<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>${esc(text)}</a:t></a:r></a:p>`)
    .join("")}</p:txBody></p:sp>`;

export function pptxParts(slides: readonly Slide[]): Record<string, string> {
  const parts: Record<string, string> = {
    "[Content_Types].xml": `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${slides
      .map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`)
      .join("")}<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/><Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/></Types>`,
    "_rels/.rels": rels([["rId1", "officeDocument", "ppt/presentation.xml"]]),
    "ppt/presentation.xml": `${XML}<p:presentation ${P_NS} saveSubsetFonts="1"><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`)
      .join("")}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": rels([
      ["rId1", "slideMaster", "slideMasters/slideMaster1.xml"],
      ...slides.map((_, i): [string, string, string] => [`rId${i + 2}`, "slide", `slides/slide${i + 1}.xml`]),
    ]),
    "ppt/slideMasters/slideMaster1.xml": `${XML}<p:sldMaster ${P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, "title", ["Click to edit Master title style"])}</p:spTree></p:cSld><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`,
    "ppt/slideMasters/_rels/slideMaster1.xml.rels": rels([["rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"]]),
    "ppt/slideLayouts/slideLayout1.xml": `${XML}<p:sldLayout ${P_NS} type="obj"><p:cSld name="Title and Content"><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/></p:spTree></p:cSld></p:sldLayout>`,
    "ppt/slideLayouts/_rels/slideLayout1.xml.rels": rels([["rId1", "slideMaster", "../slideMasters/slideMaster1.xml"]]),
  };
  slides.forEach((slide, i) => {
    parts[`ppt/slides/slide${i + 1}.xml`] =
      `${XML}<p:sld ${P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, "title", [slide.title])}${slide.bullets ? shape(3, "body", slide.bullets) : ""}<p:sp><p:nvSpPr><p:cNvPr id="4" name="Slide Number"/><p:cNvSpPr/><p:nvPr><p:ph type="sldNum" sz="quarter" idx="12"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:p><a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum"><a:t>${i + 1}</a:t></a:fld></a:p></p:txBody></p:sp></p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
    parts[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = rels([["rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"]]);
  });
  return parts;
}

export const pptx = (slides: readonly Slide[]) => zipOf(pptxParts(slides));

/** Three slides of biology the built-in generator can write questions from (on 'carbon dioxide', say). */
export const BIOLOGY_SLIDES: Slide[] = [
  {
    title: "Photosynthesis",
    bullets: [
      "Photosynthesis is the process by which green plants turn light energy into chemical energy.",
      "Chlorophyll is the green pigment that absorbs red and blue light inside the chloroplasts.",
      // (Two more sentences on carbon dioxide, whose blanks have rivals on the deck: its multiple-choice questions.)
      "Sunlight supplies the energy that plants need to turn carbon dioxide into glucose.",
    ],
  },
  {
    title: "The Calvin cycle",
    bullets: [
      "The Calvin cycle fixes carbon dioxide into sugar in the stroma of the chloroplast.",
      "The enzyme rubisco binds carbon dioxide at the start of the Calvin cycle.",
    ],
  },
  {
    title: "Cellular respiration",
    bullets: [
      "Mitochondria release the energy stored in glucose during cellular respiration.",
      "Cellular respiration produces carbon dioxide and water as waste products.",
      "Animals breathe out the carbon dioxide that plants take up during photosynthesis.",
    ],
  },
];


const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3"';

function odfParts(kind: "text" | "presentation", body: string): Record<string, string> {
  const mime = `application/vnd.oasis.opendocument.${kind}`;
  return {
    mimetype: mime,
    "META-INF/manifest.xml": `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${mime}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    "content.xml": `${XML}<office:document-content ${ODF_NS}><office:automatic-styles/><office:body><office:${kind}>${body}</office:${kind}></office:body></office:document-content>`,
    "styles.xml": `${XML}<office:document-styles ${ODF_NS}><office:styles/></office:document-styles>`,
    "meta.xml": `${XML}<office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" office:version="1.3"><office:meta><meta:generator>LibreOffice/24.2</meta:generator></office:meta></office:document-meta>`,
  };
}

/** LibreOffice writes runs of spaces as text:s; a paragraph with two spaces shows it. */
const odfText = (text: string) => esc(text).replace(/ {2,}/g, (spaces) => ` <text:s text:c="${spaces.length - 1}"/>`);

export function odtParts(blocks: readonly DocBlock[]): Record<string, string> {
  const body = blocks
    .map((block) =>
      typeof block === "string"
        ? `<text:p text:style-name="P1">${odfText(block)}</text:p>`
        : `<text:h text:style-name="Heading_20_1" text:outline-level="1">${odfText(block.heading)}</text:h>`,
    )
    .join("");
  return odfParts("text", `<text:sequence-decls><text:sequence-decl text:display-outline-level="0" text:name="Illustration"/></text:sequence-decls>${body}`);
}

export const odt = (blocks: readonly DocBlock[]) => zipOf(odtParts(blocks));

export function odpParts(slides: readonly Slide[]): Record<string, string> {
  const body = slides
    .map(
      (slide, i) =>
        `<draw:page draw:name="page${i + 1}" draw:master-page-name="Default" presentation:presentation-page-layout-name="AL1T0"><draw:frame presentation:style-name="pr1" presentation:class="title" svg:width="25cm" svg:height="3cm" svg:x="1cm" svg:y="1cm"><draw:text-box><text:p>${odfText(slide.title)}</text:p></draw:text-box></draw:frame>${
          slide.bullets
            ? `<draw:frame presentation:style-name="pr2" presentation:class="outline" svg:width="25cm" svg:height="12cm" svg:x="1cm" svg:y="5cm"><draw:text-box><text:list text:style-name="L1">${slide.bullets.map((b) => `<text:list-item><text:p>${odfText(b)}</text:p></text:list-item>`).join("")}</text:list></draw:text-box></draw:frame>`
            : ""
        }<presentation:notes draw:style-name="dp2"><draw:frame presentation:class="notes"><draw:text-box><text:p>Speaker notes for slide ${i + 1}.</text:p></draw:text-box></draw:frame></presentation:notes></draw:page>`,
    )
    .join("");
  return odfParts("presentation", body);
}

export const odp = (slides: readonly Slide[]) => zipOf(odpParts(slides));

/** One part of rawZip: `data` as stored in the archive, compressed or not, with whatever sizes it claims. */
export interface RawPart {
  name: string;
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  /** The uncompressed size the headers claim (a zip bomb claims a small one). */
  size: number;
}

/** A zip written by hand, for archives no honest tool would write. */
export function rawZip(parts: readonly RawPart[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = utf8(part.name);
    chunks.push(header(false, part, name.length, offset), name, part.data);
    central.push(header(true, part, name.length, offset), name);
    offset += 30 + name.length + part.data.length;
  }
  const centralSize = central.reduce((sum, c) => sum + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, Math.min(parts.length, 0xffff), true);
  end.setUint16(10, Math.min(parts.length, 0xffff), true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  return concat([...chunks, ...central, new Uint8Array(end.buffer)]);
}

/**
 * A part's local header (30 bytes) or its central directory entry (46): the entry starts with one more
 * field ("version made by"), so the fields both have sit two bytes later in it.
 */
function header(central: boolean, part: RawPart, nameLength: number, offset: number): Uint8Array {
  const view = new DataView(new ArrayBuffer(central ? 46 : 30));
  const shift = central ? 2 : 0;
  view.setUint32(0, central ? 0x02014b50 : 0x04034b50, true);
  if (central) view.setUint16(4, 20, true);
  view.setUint16(4 + shift, 20, true);
  view.setUint16(8 + shift, part.method, true);
  view.setUint32(14 + shift, part.crc, true);
  view.setUint32(18 + shift, part.data.length, true);
  view.setUint32(22 + shift, part.size, true);
  view.setUint16(26 + shift, nameLength, true);
  if (central) view.setUint32(42, offset, true);
  return new Uint8Array(view.buffer);
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Parts as rawZip takes them, deflated honestly. */
export function honestParts(parts: Record<string, string>): RawPart[] {
  return Object.entries(parts).map(([name, text]) => {
    const bytes = utf8(text);
    return { name, data: deflateRawSync(bytes), method: 8, crc: crc32(bytes), size: bytes.length };
  });
}

/** `mib` MiB of zeros, deflated as a stream (about 1 KB per MiB), never held whole in memory. */
export async function deflatedZeros(mib: number): Promise<Uint8Array> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mib; i++) if (!deflate.write(zeros)) await once(deflate, "drain");
  deflate.end();
  await once(deflate, "end");
  return Buffer.concat(out);
}

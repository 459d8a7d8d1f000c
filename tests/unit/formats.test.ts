/**
 * Telling study material apart by content, and reading it under bounds (src/materials/formats): the
 * pieces the upload tests (tests/api/formats.test.ts) exercise end to end, checked here on their edges.
 */
import { describe, expect, it } from "vitest";
import { detect } from "../../src/materials/formats/detect.ts";
import { extractPages } from "../../src/materials/formats/extract.ts";
import { readOtherFormat } from "../../src/materials/formats/read.ts";
import { textBlocks } from "../../src/materials/formats/plain-text.ts";
import { SECTION_CHARS, sections } from "../../src/materials/formats/sections.ts";
import { FormatFailure } from "../../src/materials/formats/types.ts";
import { MAX_XML_PART_BYTES, xmlShape } from "../../src/materials/formats/xml.ts";
import { MAX_UNPACKED_BYTES, openZip } from "../../src/materials/formats/zip.ts";
import { writeTemp } from "../helpers/pdfs.ts";
import { BIOLOGY_SLIDES, deflatedZeros, docx, docxParts, odp, odt, odtParts, pptx, pptxParts, rawZip, zipOf } from "../helpers/office.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);

function refusal(run: () => unknown): FormatFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof FormatFailure) return error;
    throw error;
  }
  throw new Error("no refusal");
}

describe("detection by content", () => {
  it("tells each kind by what it holds, whatever it is called", () => {
    expect(detect(utf8("%PDF-1.7\n%…")).format).toBe("pdf");
    expect(detect(docx(["Notes."])).format).toBe("docx");
    expect(detect(pptx(BIOLOGY_SLIDES)).format).toBe("pptx");
    expect(detect(odt(["Notes."])).format).toBe("odt");
    expect(detect(odp(BIOLOGY_SLIDES)).format).toBe("odp");
    expect(detect(utf8("Plain notes about cells.\n")).format).toBe("txt");
    expect(detect(utf8("# Cells\n\nNotes.\n")).format).toBe("md");
    expect(detect(utf8("\ufeffCafé notes, with a BOM.\r\n")).format).toBe("txt");
  });

  it("takes '%PDF-' after text for a PDF only when binary data follows: a note quoting the header is text", async () => {
    const note = "# PDF internals\n\nEvery PDF starts with a header line such as %PDF-1.7, then a comment of binary bytes.\n";
    expect(detect(utf8(note)).format).toBe("md");
    expect(await readOtherFormat(await writeTemp(utf8(note), "pdf-notes.md"), 2000)).toMatchObject({ format: "md", pages: [expect.stringMatching(/^PDF internals\nEvery PDF/)] });
    const binary = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "latin1");
    expect(detect(Buffer.concat([Buffer.from("junk a mail program wrote\r\n"), binary])).format).toBe("pdf");
    expect(detect(Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x01]), binary])).format).toBe("pdf");
  });

  it("refuses binary data, text that is not UTF-8, and zips of other kinds with 415", () => {
    for (const bytes of [
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      utf8("text with a NUL\0 inside"),
      Uint8Array.from(Buffer.from("na\xefve", "latin1")),
      zipOf({ "mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<x/>" }),
      zipOf({ "hello.txt": "a zip of text" }),
    ]) {
      expect(refusal(() => detect(bytes)).status).toBe(415);
    }
  });
});

describe("zip bounds", () => {
  it("stops inflating a part at the budget, whatever size the archive claims", async () => {
    const bomb = rawZip([{ name: "word/document.xml", data: await deflatedZeros(MAX_UNPACKED_BYTES / 1024 / 1024 + 1), method: 8, crc: 0, size: 10 }]);
    const zip = openZip(bomb);
    expect(refusal(() => zip.read("word/document.xml")).message).toBe("This file unpacks to more than 64 MB of text and markup, the limit for one file.");
  });

  it("counts the budget across parts: many parts under it each still stop at it together", () => {
    const part = "x".repeat(1024);
    const zip = openZip(zipOf({ a: part, b: part, c: part }), 2500);
    zip.read("a");
    zip.read("b");
    expect(refusal(() => zip.read("c")).status).toBe(422);
  });

  it("names a cut-off archive as damaged, and an encrypted part as password-protected", () => {
    expect(refusal(() => openZip(docx(["x"]).subarray(0, 300))).message).toMatch(/^This file is damaged and cannot be read: its zip archive is incomplete/);
    const zip = zipOf({ "word/document.xml": "<w/>" });
    const flagged = Uint8Array.from(zip);
    // The central directory entry's general-purpose flags: bit 0 says "encrypted".
    const central = Buffer.from(flagged).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    flagged[central + 8] = (flagged[central + 8] as number) | 1;
    expect(refusal(() => openZip(flagged).read("word/document.xml")).message).toBe("This file is password-protected. Remove the password and upload it again.");
  });
});

describe("XML checks", () => {
  it("measures nesting and attributes in one pass, not fooled by '>' or '=' in attributes, comments or CDATA", () => {
    expect(xmlShape('<?xml version="1.0"?><a><b x="1>2" y=\'a=b\'><c/></b><!-- <d e=1 f=2 g=3> --><![CDATA[<f h=1 i=2 j=3>]]></a>')).toEqual({ depth: 2, attributes: 2 });
    expect(xmlShape("<a>".repeat(100_000)).depth).toBe(100_000);
  });

  /** What reading `bytes` (not a PDF) was refused with, or its pages. */
  async function extracted(bytes: Uint8Array) {
    const detected = detect(bytes);
    if (detected.format === "pdf") throw new Error("a PDF");
    return extractPages(detected, 2000);
  }
  const withDeclaration = (xml: string, encoding: string) => xml.replace(/^<\?xml[^>]*\?>/, `<?xml version="1.0" encoding="${encoding}" standalone="yes"?>`);
  const utf16le = (xml: string, mark = true) => Buffer.concat([Buffer.from(mark ? [0xff, 0xfe] : []), Buffer.from(withDeclaration(xml, "UTF-16"), "utf16le")]);
  const utf16be = (xml: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(withDeclaration(xml, "UTF-16"), "utf16le").swap16()]);

  it("reads parts written in UTF-16 (little- or big-endian, with a byte-order mark or without), as ECMA-376 allows", async () => {
    const word = docxParts(["Café notes: the mitochondrion releases energy."]);
    const fromWord = await extracted(zipOf({ ...word, "word/document.xml": utf16le(word["word/document.xml"]!), "word/styles.xml": utf16be(word["word/styles.xml"]!) }));
    expect(fromWord.pages).toEqual(["Café notes: the mitochondrion releases energy."]);
    const deck = pptxParts(BIOLOGY_SLIDES);
    const fromDeck = await extracted(zipOf({ ...deck, "ppt/presentation.xml": utf16be(deck["ppt/presentation.xml"]!), "ppt/slides/slide2.xml": utf16le(deck["ppt/slides/slide2.xml"]!, false) }));
    expect(fromDeck.pages[1]).toMatch(/^The Calvin cycle\nThe Calvin cycle fixes carbon dioxide/);
    const text = odtParts(["Ribosomes build proteins."]);
    expect((await extracted(zipOf({ ...text, "content.xml": utf16le(text["content.xml"]!) }))).pages).toEqual(["Ribosomes build proteins."]);
  });

  it("checks the parts Word's reader reads, in any encoding, and only those", async () => {
    const word = docxParts(["Notes."]);
    // Custom XML (a form's data store) is not read, so its content does not matter.
    expect((await extracted(zipOf({ ...word, "customXml/item1.xml": utf16le("<?xml?><data><unclosed>") }))).pages).toEqual(["Notes."]);
    const dtd = `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "ha">]><w:document xmlns:w="w"><w:body><w:p><w:r><w:t>&a;</w:t></w:r></w:p></w:body></w:document>`;
    await expect(extracted(zipOf({ ...word, "word/document.xml": utf16le(dtd) }))).rejects.toThrow(
      "This Word document is damaged and cannot be read: its part word/document.xml declares a DTD, which these files never do.",
    );
  });

  it("refuses an element with more than 1,000 attributes, and a part of more than 16 MB, before parsing either", async () => {
    const deck = pptxParts(BIOLOGY_SLIDES);
    const attributes = Array.from({ length: 1001 }, (_, i) => `a${i}="x"`).join(" ");
    await expect(extracted(zipOf({ ...deck, "ppt/slides/slide1.xml": deck["ppt/slides/slide1.xml"]!.replace("<p:cSld>", `<p:cSld ${attributes}>`) }))).rejects.toThrow(
      "This PowerPoint presentation is damaged and cannot be read: its part ppt/slides/slide1.xml has an element with more than 1,000 attributes.",
    );
    const big = `<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>${"a".repeat(MAX_XML_PART_BYTES)}</w:t></w:r></w:p></w:body></w:document>`;
    await expect(extracted(zipOf({ ...docxParts(["x"]), "word/document.xml": big }))).rejects.toThrow(
      "This Word document has a part (word/document.xml) of more than 16 MB of XML, the limit for one part.",
    );
  });
});

describe("sections of about a page", () => {
  const para = (n: number) => `Paragraph ${n} ${"is a sentence of study notes. ".repeat(20)}`.trim();

  it("packs paragraphs up to a page, starts a half-full section at a heading, never ends one with a heading", () => {
    const blocks = [
      { text: "Intro", heading: true },
      ...Array.from({ length: 8 }, (_, i) => ({ text: para(i) })),
      { text: "Part two", heading: true },
      { text: para(99) },
    ];
    const pages = sections(blocks);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(SECTION_CHARS);
    for (const page of pages) expect(page.split("\n").at(-1)).not.toMatch(/^(Intro|Part two)$/);
    expect(pages.some((page) => page.startsWith("Part two\n"))).toBe(true);
    expect(sections(blocks)).toEqual(pages);
  });

  it("cuts a paragraph longer than a page at sentence ends", () => {
    const pages = sections([{ text: "Cells divide by mitosis. ".repeat(400) }]);
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(SECTION_CHARS);
      expect(page).toMatch(/mitosis\.$/);
    }
  });
});

describe("text and Markdown", () => {
  it("joins lines wrapped by hand, keeps list items apart, and reduces Markdown to its words", () => {
    const text = "# Cells\n\nA *cell* is the\nsmallest unit of **life**; see [the atlas](https://example.org).\n\n1. Nucleus\n2. Mitochondrion\n\n```\nx <- c(1, 2)\n```\n";
    expect(textBlocks(text, "md")).toEqual([
      { text: "Cells", heading: true },
      { text: "A cell is the smallest unit of life; see the atlas.", heading: false },
      { text: "1. Nucleus", heading: false },
      { text: "2. Mitochondrion", heading: false },
      { text: "x <- c(1, 2)" },
    ]);
    expect(textBlocks("A *cell* is\nwrapped.", "txt")).toEqual([{ text: "A *cell* is wrapped.", heading: false }]);
  });

  it("reads unclosed Markdown links (200,000 of them) as text", async () => {
    const hostile = utf8(`# T\n\n${"[".repeat(200_000)}](`);
    const detected = detect(hostile);
    if (detected.format === "pdf") throw new Error("not text");
    const { pages } = await extractPages(detected, 2000);
    expect(pages.join("").length).toBeGreaterThan(200_000);
  });
});

describe("limits said before the pages leave the worker", () => {
  it("refuses a text file of more characters than one file may have, naming its kind", async () => {
    const huge = utf8("Cells divide. ".repeat(800_000)); // 11.2 million characters
    const detected = detect(huge);
    if (detected.format === "pdf") throw new Error("not text");
    await expect(extractPages(detected, 2000)).rejects.toMatchObject({ status: 422, message: "This text file has more than 10,000,000 characters of text, the limit for one file." });
  });

  /** What reading `bytes` (not a PDF) with a limit of `maxPages` slides or sections was refused with. */
  async function extractRefusal(bytes: Uint8Array, maxPages: number): Promise<FormatFailure> {
    const detected = detect(bytes);
    if (detected.format === "pdf") throw new Error("a PDF");
    const error = await extractPages(detected, maxPages).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (error instanceof FormatFailure) return error;
    throw new Error(`not refused: ${String(error)}`);
  }

  it("counts a deck's slide list against the page limit before reading any slide", async () => {
    const parts = pptxParts(Array.from({ length: 5 }, (_, i) => ({ title: `Slide ${i + 1}` })));
    parts["ppt/slides/slide1.xml"] = "<p:sld><unclosed>";
    expect((await extractRefusal(zipOf(parts), 3)).message).toBe("This PowerPoint presentation has 5 slides; the limit is 3.");
  });

  it("refuses a slide list that names one slide twice (PowerPoint lists each once)", async () => {
    const parts = pptxParts(BIOLOGY_SLIDES);
    // The second slide's entry names the first one's relationship.
    const twice = parts["ppt/presentation.xml"]!.replace('<p:sldId id="257" r:id="rId3"/>', '<p:sldId id="257" r:id="rId2"/>');
    expect((await extractRefusal(zipOf({ ...parts, "ppt/presentation.xml": twice }), 2000)).message).toBe(
      "This PowerPoint presentation is damaged and cannot be read: its slide list names ppt/slides/slide1.xml more than once.",
    );
  });

  it("says how much text a text document may hold when it makes more sections than the page limit", async () => {
    const notes = Array.from({ length: 40 }, (_, i) => `Paragraph ${i}: ${"Cells divide by mitosis. ".repeat(20)}`).join("\n\n");
    expect((await extractRefusal(utf8(notes), 3)).message).toMatch(
      /^This text file is too long: it makes \d+ sections of about a page \(up to 3,000 characters each\); the limit is 3 sections\.$/,
    );
  });
});

/**
 * A test on paper, made with pdfkit. Two files rather than one with two sections: the student copy is printed
 * thirty times and the key once, and a key stapled into every copy would give the answers away. The student
 * copy has a name/date/class line, numbered questions with lettered options and ruled lines for short answers;
 * the key (`key=1`) has a quick grid of the answers for marking, then each question with its answer, the
 * accepted alternatives, the explanation and the source pages. Text is real text in an embedded font
 * (Liberation Sans, shipped with pdf.js, which covers Latin, Greek and Cyrillic), so it can be selected, read
 * aloud and searched; a question moves whole to the next page rather than being split, unless it is longer
 * than a page; every page is numbered "Page n of N".
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import PDFDocument from "pdfkit";
import { citePages } from "../../materials/formats/cite.ts";
import { keyText, letter, type ExportItem, type ExportTest, type Renderer, type RenderOptions } from "./model.ts";

type Doc = PDFKit.PDFDocument;

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts");

/** The fonts, read once; pdfkit's built-in Helvetica (Latin only) if pdf.js's copies are ever missing. */
let fonts: { regular: Buffer | string; bold: Buffer | string } | undefined;
function loadFonts() {
  if (fonts) return fonts;
  try {
    fonts = { regular: readFileSync(join(FONT_DIR, "LiberationSans-Regular.ttf")), bold: readFileSync(join(FONT_DIR, "LiberationSans-Bold.ttf")) };
  } catch {
    fonts = { regular: "Helvetica", bold: "Helvetica-Bold" };
  }
  return fonts;
}

const SIZE = { title: 20, meta: 10, body: 12, small: 10.5, footer: 9 };
const GAP = { line: 2, question: 16, option: 3 };
/** Question text and options start this far right of the number. */
const INDENT = 24;
const OPTION_INDENT = 20;
/** Ruled lines for a written answer, and their spacing. */
const ANSWER_LINES = 2;
const RULE_SPACING = 26;
const INK = "#111111";
const RULE = "#8a8a8a";

interface Frame {
  left: number;
  width: number;
  bottom: number;
}

const frame = (doc: Doc): Frame => ({
  left: doc.page.margins.left,
  width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
  bottom: doc.page.height - doc.page.margins.bottom,
});

/** One piece of a question: drawn at the current y, its height known beforehand (to keep a question whole). */
interface Piece {
  height: (doc: Doc) => number;
  draw: (doc: Doc) => void;
}

function text(content: string, opts: { font?: "body" | "bold"; size?: number; indent?: number; gapAfter?: number } = {}): Piece {
  const { font = "body", size = SIZE.body, indent = 0, gapAfter = 0 } = opts;
  const options = (doc: Doc) => ({ width: frame(doc).width - indent, lineGap: GAP.line });
  return {
    height: (doc) => doc.font(font).fontSize(size).heightOfString(content, options(doc)) + gapAfter,
    draw: (doc) => {
      doc.font(font).fontSize(size).fillColor(INK).text(content, frame(doc).left + indent, doc.y, options(doc));
      doc.y += gapAfter;
    },
  };
}

/** "2." in bold beside the question's text. */
function numbered(number: number, content: string, size: number): Piece {
  const body = text(content, { size, indent: INDENT, gapAfter: GAP.option + 2 });
  return {
    height: body.height,
    draw: (doc) => {
      const y = doc.y;
      doc.font("bold").fontSize(size).fillColor(INK).text(`${number}.`, frame(doc).left, y, { width: INDENT, lineBreak: false });
      doc.y = y;
      body.draw(doc);
    },
  };
}

function ruledLines(count: number): Piece {
  return {
    height: () => count * RULE_SPACING,
    draw: (doc) => {
      const { left, width } = frame(doc);
      for (let i = 0; i < count; i++) {
        const y = doc.y + (i + 1) * RULE_SPACING - 4;
        doc.moveTo(left + INDENT, y).lineTo(left + width, y).lineWidth(0.6).strokeColor(RULE).stroke();
      }
      doc.y += count * RULE_SPACING;
    },
  };
}

const gap = (points: number): Piece => ({ height: () => points, draw: (doc) => void (doc.y += points) });

/** Draws the pieces together: on the next page if they do not fit here but would fit on an empty page. */
function block(doc: Doc, pieces: Piece[]) {
  const height = pieces.reduce((sum, p) => sum + p.height(doc), 0);
  const { bottom } = frame(doc);
  const pageRoom = bottom - doc.page.margins.top;
  if (doc.y + height > bottom && height <= pageRoom) doc.addPage();
  for (const piece of pieces) piece.draw(doc);
}

const choices = (item: ExportItem): string[] => (item.kind === "choice" ? item.options : item.kind === "truefalse" ? ["True", "False"] : []);

function studentQuestion(item: ExportItem): Piece[] {
  const options = choices(item).map((o, i) => text(`${letter(i)}.  ${o}`, { indent: INDENT + OPTION_INDENT / 2, gapAfter: GAP.option }));
  return [numbered(item.number, item.text, SIZE.body), ...options, ...(item.kind === "short" ? [ruledLines(ANSWER_LINES)] : []), gap(GAP.question)];
}

function keyQuestion(item: ExportItem): Piece[] {
  const pages = item.pages.length ? `Source: ${citePages(item.pages, item.unit)}` : "";
  return [
    numbered(item.number, item.text, SIZE.small),
    text(`Answer: ${keyText(item)}`, { font: "bold", size: SIZE.small, indent: INDENT, gapAfter: GAP.option }),
    ...(item.explanation ? [text(item.explanation, { size: SIZE.small, indent: INDENT, gapAfter: GAP.option })] : []),
    ...(pages ? [text(pages, { size: SIZE.small, indent: INDENT })] : []),
    gap(GAP.question - 4),
  ];
}

/** Label and a line to write on, side by side: "Name ____________  Date ______  Class ______". */
function writeInLine(doc: Doc, fields: [label: string, share: number][]) {
  const { left, width } = frame(doc);
  const y = doc.y;
  let x = left;
  doc.font("body").fontSize(SIZE.body).fillColor(INK);
  for (const [label, share] of fields) {
    const room = width * share;
    const labelWidth = doc.widthOfString(`${label}:`) + 6;
    doc.text(`${label}:`, x, y, { lineBreak: false });
    const lineY = y + doc.currentLineHeight() + 1;
    doc.moveTo(x + labelWidth, lineY).lineTo(x + room - 14, lineY).lineWidth(0.8).strokeColor(INK).stroke();
    x += room;
  }
  doc.x = left;
  doc.y = y + doc.currentLineHeight() + 18;
}

function heading(doc: Doc, test: ExportTest, subtitle: string) {
  const { left, width } = frame(doc);
  doc.font("bold").fontSize(SIZE.title).fillColor(INK).text(test.title, left, doc.y, { width });
  const meta = [subtitle, test.topic && `Topic: ${test.topic}`, test.difficulty, `${test.items.length} question${test.items.length === 1 ? "" : "s"}`];
  doc.moveDown(0.2).font("body").fontSize(SIZE.meta).text(meta.filter(Boolean).join("  ·  "), { width });
  doc.moveDown(1);
}

/** The key's first lines: every answer in a grid, for marking at a glance. */
function quickKey(doc: Doc, items: ExportItem[]) {
  const { left, width } = frame(doc);
  const columns = 5;
  const cell = width / columns;
  const lineHeight = doc.font("body").fontSize(SIZE.small).currentLineHeight() + 6;
  for (let row = 0; row * columns < items.length; row++) {
    if (doc.y + lineHeight > frame(doc).bottom) doc.addPage();
    const y = doc.y;
    items.slice(row * columns, row * columns + columns).forEach((item, i) => {
      const answer = item.kind === "choice" ? letter(item.correct) : item.kind === "truefalse" ? (item.answer ? "True" : "False") : "written";
      doc.font("bold").text(`${item.number}.`, left + i * cell, y, { lineBreak: false, continued: false });
      doc.font("body").text(answer, left + i * cell + 26, y, { width: cell - 30, lineBreak: false, ellipsis: true });
    });
    doc.x = left;
    doc.y = y + lineHeight;
  }
  doc.moveDown(1);
}

function pageNumbers(doc: Doc, title: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { left, width } = frame(doc);
    // Writing inside the bottom margin would make pdfkit start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const label = `${title}  ·  Page ${i - range.start + 1} of ${range.count}`;
    doc.font("body").fontSize(SIZE.footer).fillColor("#444444").text(label, left, doc.page.height - bottomMargin / 2 - 4, { width, align: "center", lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}

export function pdf(test: ExportTest, options: RenderOptions): Promise<Uint8Array> {
  const { regular, bold } = loadFonts();
  const subject = options.key ? "Answer key" : "Student copy";
  const doc = new PDFDocument({
    size: options.paper === "letter" ? "LETTER" : "A4",
    margins: { top: 56, bottom: 64, left: 60, right: 60 },
    bufferPages: true,
    lang: "en",
    displayTitle: true,
    info: { Title: options.key ? `${test.title} - Answer key` : test.title, Subject: subject, Creator: "StudyForge" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  doc.registerFont("body", regular);
  doc.registerFont("bold", bold);

  heading(doc, test, subject);
  if (options.key) {
    quickKey(doc, test.items);
    for (const item of test.items) block(doc, keyQuestion(item));
  } else {
    writeInLine(doc, [["Name", 0.5], ["Date", 0.25], ["Class", 0.25]]);
    text("Answer every question. For multiple choice and true/false, circle the letter of the best answer; write short answers on the lines.", { size: SIZE.small, gapAfter: 14 }).draw(doc);
    for (const item of test.items) block(doc, studentQuestion(item));
  }
  pageNumbers(doc, options.key ? `${test.title} - Answer key` : test.title);
  doc.end();
  return done;
}

export const renderPdf: Renderer = async (test, options) => ({
  body: await pdf(test, options),
  contentType: "application/pdf",
  suffix: options.key ? "answer key" : "",
  extension: "pdf",
});

/**
 * Scans for OCR tests, made from real PDFs: pages rendered by pdf.js on @napi-rs/canvas into PNGs, the
 * PNGs made pages of a new PDF with pdf-lib, as a scanner's software would. Also the original pages' text
 * as pdf.js reads it, to measure what OCR found against.
 *
 * - scannedPdf(source, pages, opts): image-only pages (no text layer at all)
 * - garbageLayerPdf(source, pages): the same pictures over a text layer of garbage glyphs (a broken font
 *   mapping, or a bad OCR layer): the text layer is there, and useless
 * - pageWords(source, pages): the words of those pages of the original
 */
import { readFile } from "node:fs/promises";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

export interface ScanOptions {
  /** Resolution of the pictures (150: an office scanner's usual setting). */
  dpi?: number;
}

async function open(source: string): Promise<PDFDocumentProxy & { close(): Promise<void> }> {
  const task = getDocument({ data: new Uint8Array(await readFile(source)), verbosity: 0 });
  return Object.assign(await task.promise, { close: () => task.destroy() });
}

async function renderPng(doc: PDFDocumentProxy, number: number, dpi: number): Promise<{ png: Uint8Array; width: number; height: number }> {
  const page = await doc.getPage(number);
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.floor(viewport.width), Math.floor(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  const [, , width = 0, height = 0] = page.view;
  return { png: canvas.toBuffer("image/png"), width, height };
}

async function picturePages(source: string, pages: readonly number[], dpi: number, under?: (page: PDFPage, font: PDFFont) => void) {
  const doc = await open(source);
  const out = await PDFDocument.create();
  const font = await out.embedFont(StandardFonts.Courier);
  try {
    for (const number of pages) {
      const { png, width, height } = await renderPng(doc, number, dpi);
      const page = out.addPage([width, height]);
      under?.(page, font);
      page.drawImage(await out.embedPng(png), { x: 0, y: 0, width, height });
    }
  } finally {
    await doc.close();
  }
  return out.save();
}

export function scannedPdf(source: string, pages: readonly number[], { dpi = 150 }: ScanOptions = {}): Promise<Uint8Array> {
  return picturePages(source, pages, dpi);
}

/** Lines of symbols and digits, as a font without a Unicode mapping extracts: no word in them. */
const GARBAGE = Array.from({ length: 40 }, (_, i) => `#${i}%& *@+= ~^|<> ${"$%&/".repeat(3)} ${i * 7919} {[;]} ==`);

export function garbageLayerPdf(source: string, pages: readonly number[], { dpi = 150 }: ScanOptions = {}): Promise<Uint8Array> {
  return picturePages(source, pages, dpi, (page, font) => {
    GARBAGE.forEach((line, i) => page.drawText(line, { x: 40, y: page.getHeight() - 40 - i * 14, size: 10, font }));
  });
}

/** The words (letters only, lower-cased) of `pages` of the PDF at `source`, as pdf.js reads its text layer. */
export async function pageWords(source: string, pages: readonly number[]): Promise<string[]> {
  const doc = await open(source);
  try {
    const words: string[] = [];
    for (const number of pages) {
      const content = await (await doc.getPage(number)).getTextContent();
      const text = content.items.map((item) => ("str" in item ? `${item.str}${item.hasEOL ? "\n" : " "}` : "")).join("");
      words.push(...lettersWords(text));
    }
    return words;
  } finally {
    await doc.close();
  }
}

/** Words of 4+ letters, lower-cased: short words and numbers say little about whether OCR read a page. */
export const lettersWords = (text: string): string[] => (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);

/** Share of `expected` words (with repeats) that `found` has. */
export function wordRecall(expected: readonly string[], found: readonly string[]): number {
  const left = new Map<string, number>();
  for (const word of found) left.set(word, (left.get(word) ?? 0) + 1);
  let hits = 0;
  for (const word of expected) {
    const n = left.get(word) ?? 0;
    if (n > 0) {
      hits++;
      left.set(word, n - 1);
    }
  }
  return expected.length ? hits / expected.length : 0;
}

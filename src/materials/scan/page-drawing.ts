/**
 * What a page draws, counted from pdf.js's operator list: the share of the page its images cover and the
 * glyphs its text operators show (text-layer.ts decides from these whether OCR should read the page).
 * Runs in a scan worker, only for pages whose text layer is not usable: the operator list costs about
 * what rendering does.
 */
import { OPS, type PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PageDrawing } from "./text-layer.ts";

type Matrix = [number, number, number, number, number, number];

const IMAGES = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintSolidColorImageMask,
]);
const SHOW_TEXT = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
/** Graphics states kept on the stack: a page nesting deeper is hostile, and its images count at the limit's matrix. */
const MAX_DEPTH = 1000;

const multiply = (m: Matrix, n: Matrix): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];

export async function pageDrawing(page: PDFPageProxy): Promise<PageDrawing> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
  const area = Math.abs((x1 - x0) * (y1 - y0)) || 1;
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let covered = 0;
  let glyphs = 0;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i] as number;
    const args = argsArray[i] as unknown[] | null;
    if (fn === OPS.save || fn === OPS.paintFormXObjectBegin) {
      if (stack.length < MAX_DEPTH) stack.push(ctm);
      // A form XObject's matrix applies inside it.
      if (fn === OPS.paintFormXObjectBegin && Array.isArray(args?.[0])) ctm = multiply(ctm, args[0] as Matrix);
    } else if (fn === OPS.restore || fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform && args) ctm = multiply(ctm, args as Matrix);
    else if (IMAGES.has(fn)) covered += Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]); // an image fills the unit square
    else if (SHOW_TEXT.has(fn) && Array.isArray(args?.[0])) {
      for (const glyph of args[0] as unknown[]) if (typeof glyph === "object" && glyph !== null) glyphs++;
    }
  }
  return { imageCover: Math.min(1, covered / area), glyphs };
}

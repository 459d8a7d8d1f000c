/**
 * Renders a PDF page to a grey image for OCR, with pdf.js drawing on @napi-rs/canvas (Skia, prebuilt for
 * this platform: no compiler or system libraries needed). The image is a PGM (8-bit grey), which
 * tesseract's image reader takes as it is: no PNG to encode and decode again.
 */
import { createCanvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Resolution OCR reads at. Tesseract reads best when a lowercase letter is 20-30 pixels high; at 200 dpi
 * 11-point text is about that. A scan of lower resolution gains nothing from more.
 */
export const OCR_DPI = 200;
/**
 * Pixels of one rendered page, whatever the page's declared size: A4 and US Letter at 200 dpi have 3.9
 * million; an A3 page is read at 160 dpi. A page declared a mile wide is rendered smaller instead of
 * filling the worker's memory: 4 bytes a pixel while drawing, 1 in the grey copy, and tesseract's own
 * copies (an OCR'd A4 page took a worker from 716 to 835 MB of its 1,024 MB address space).
 */
export const MAX_RENDER_PIXELS = 5_000_000;

export interface RenderedPage {
  width: number;
  height: number;
  /** Its resolution: OCR_DPI, or less for a page too large for MAX_RENDER_PIXELS at that. */
  dpi: number;
  /** The image as a binary PGM file. */
  pgm: Uint8Array;
}

export async function renderPage(page: PDFPageProxy): Promise<RenderedPage> {
  const natural = page.getViewport({ scale: OCR_DPI / 72 });
  const shrink = Math.min(1, Math.sqrt(MAX_RENDER_PIXELS / Math.max(1, natural.width * natural.height)));
  const viewport = page.getViewport({ scale: (OCR_DPI / 72) * shrink });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff"; // a transparent page is white paper, not black
  context.fillRect(0, 0, width, height);
  // pdf.js's types expect a DOM canvas; @napi-rs/canvas implements what it calls.
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  const rgba = context.getImageData(0, 0, width, height).data;
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  for (let i = 0, o = header.length; i < rgba.length; i += 4, o++) {
    // Luma (ITU-R BT.601), in integers
    pgm[o] = ((rgba[i] as number) * 299 + (rgba[i + 1] as number) * 587 + (rgba[i + 2] as number) * 114) / 1000;
  }
  return { width, height, dpi: Math.round(OCR_DPI * shrink), pgm };
}

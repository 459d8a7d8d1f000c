/**
 * PDFs for tests, built in memory (each function returns the bytes):
 *
 * - textPdf(pages): one page per string; "\n" breaks a line, a blank line starts a paragraph
 * - manyPagesPdf(count, text?): `count` pages of text
 * - imagePdf(pages?): pictures only, no text (a scan without OCR)
 * - encryptedPdf(opts?): needs a password to open (RC4, standard security handler)
 * - truncatedPdf(), notPdf(): an interrupted download; a PNG, for a file renamed .pdf
 * - endlessPdf(), memoryBombPdf(): a page that never finishes; one that exhausts a reader's heap
 * - inflationBombPdf(gib?): 2 MB on disk, gigabytes once its content stream is inflated
 * - amplifiedTextPdf(pages?, operators?): many pages drawing one short stream of many text operators
 * - slowPdf(mib?): one page of graphics operators and no text: small, bounded in memory, slow to read
 *
 * writeTemp(bytes, name?) puts any of them in a temporary file (removed after the test file) for an upload
 * or a scan:
 *
 *   const path = await writeTemp(await textPdf(["Page one.", "Page two."]));
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { constants as zlib, crc32, createDeflate, deflateRawSync, deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { afterAll } from "vitest";

const PAGE = { width: 595, height: 842, margin: 56 }; // A4, in points
const LEADING = 1.3;

export interface TextPdfOptions {
  fontSize?: number;
}

/**
 * One page per string. "\n" ends a line (so "photo-\nsynthesis" breaks a word across lines), a blank
 * line starts a new paragraph, and lines too long for the page wrap at spaces. Text is drawn in
 * Helvetica, so it must be WinAnsi (Latin-1 and a few more); a page's text must fit on that page.
 */
export async function textPdf(pages: readonly string[], opts: TextPdfOptions = {}): Promise<Uint8Array> {
  const fontSize = opts.fontSize ?? 11;
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pages.forEach((text, i) => drawText(pdf.addPage([PAGE.width, PAGE.height]), text, font, fontSize, i + 1));
  return pdf.save();
}

/** `count` pages; by default page n says "This is page n of the generated document." and a little more. */
export function manyPagesPdf(count: number, text: (page: number) => string = defaultPageText): Promise<Uint8Array> {
  return textPdf(Array.from({ length: count }, (_, i) => text(i + 1)));
}

const defaultPageText = (page: number) =>
  `This is page ${page} of the generated document.\nEach page carries a short paragraph so that it has text to find.`;

function drawText(page: PDFPage, text: string, font: PDFFont, fontSize: number, pageNumber: number): void {
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin - fontSize;
  for (const line of text.split("\n").flatMap((l) => wrap(l, font, fontSize, width))) {
    if (y < PAGE.margin) throw new Error(`textPdf: the text of page ${pageNumber} does not fit on one page.`);
    if (line) page.drawText(line, { x: PAGE.margin, y, size: fontSize, font });
    y -= fontSize * LEADING;
  }
}

/** Splits a line at spaces into lines no wider than `width`; an empty line stays (a paragraph gap). */
function wrap(line: string, font: PDFFont, fontSize: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, fontSize) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  lines.push(current);
  return lines;
}

/** Pages that each show a picture and carry no text at all: what a scanner without OCR produces. */
export async function imagePdf(pages = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(gradientPng(64, 64));
  for (let i = 0; i < pages; i++) {
    pdf.addPage([PAGE.width, PAGE.height]).drawImage(image, { x: 100, y: 300, width: 400, height: 400 });
  }
  return pdf.save();
}

/** A small RGB PNG (a colour gradient), encoded by hand so the helper needs no image library. */
function gradientPng(width: number, height: number): Uint8Array {
  const rows = Buffer.alloc((width * 3 + 1) * height); // each row: filter byte 0, then RGB triples
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([x * 4, y * 4, 128], y * (width * 3 + 1) + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter, no interlace
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A PDF encrypted with the standard security handler (RC4, 40-bit, revision 2) and a user password,
 * so no reader opens it without the password. pdf-lib cannot encrypt, so the file is written by hand;
 * `pdftotext -upw <password>` reads its text back, which shows the encryption is real.
 */
export async function encryptedPdf(
  opts: { userPassword?: string; ownerPassword?: string; text?: string } = {},
): Promise<Uint8Array> {
  const { userPassword = "secret", ownerPassword = "owner-secret", text = "This text is locked." } = opts;
  const permissions = -44; // bits 3-6: printing and copying allowed, changes and notes not
  const fileId = createHash("md5").update("studyforge test pdf").digest();
  const owner = rc4(md5(pad(ownerPassword)).subarray(0, 5), pad(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(pad(userPassword), owner, p, fileId).subarray(0, 5);
  const user = rc4(key, PASSWORD_PAD);
  // Each object's strings and streams are encrypted with a key derived from its number (here: 5).
  const objectKey = md5(key, Buffer.from([5, 0, 0, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey, Buffer.from(`BT /F1 14 Tf 72 720 Td (${escapePdfString(text)}) Tj ET`, "latin1"));
  const hex = (bytes: Uint8Array) => `<${Buffer.from(bytes).toString("hex")}>`;
  return onePagePdf({
    content: streamObject("", content),
    more: [`<< /Filter /Standard /V 1 /R 2 /O ${hex(owner)} /U ${hex(user)} /P ${permissions} >>`],
    trailer: `/Encrypt 6 0 R /ID [${hex(fileId)} ${hex(fileId)}]`,
  });
}

/** The padding string of the standard security handler (PDF 32000-1, 7.6.3.3). */
const PASSWORD_PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");

const pad = (password: string) => Buffer.concat([Buffer.from(password, "latin1"), PASSWORD_PAD]).subarray(0, 32);

function md5(...parts: Uint8Array[]): Buffer {
  const hash = createHash("md5");
  for (const part of parts) hash.update(part);
  return hash.digest();
}

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const escapePdfString = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** An object's body: a dictionary, or the parts of a stream object. */
type PdfObject = string | (string | Uint8Array)[];

const streamObject = (dict: string, data: string | Uint8Array): PdfObject => [
  `<< ${dict} /Length ${data.length} >>\nstream\n`,
  data,
  "\nendstream",
];

/**
 * A one-page PDF written by hand: objects 1-4 are the catalog, the page tree, the page and its font /F1
 * (Helvetica), object 5 is `content`, the page's content stream, and `more` are objects 6, 7, ….
 */
function onePagePdf(opts: { content: PdfObject; resources?: string; more?: PdfObject[]; trailer?: string }): Uint8Array {
  return writeObjects(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${FONT_RESOURCE} ${opts.resources ?? ""} >> /Contents 5 0 R >>`,
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
      opts.content,
      ...(opts.more ?? []),
    ],
    `/Root 1 0 R ${opts.trailer ?? ""}`,
  );
}

const FONT_RESOURCE = "/Font << /F1 4 0 R >>";

/** A classic PDF file from object bodies (object n is bodies[n - 1]) with a cross-reference table. */
function writeObjects(bodies: PdfObject[], trailer: string): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part);
    parts.push(bytes);
    length += bytes.length;
  };
  const offsets = bodies.map((body, i) => {
    const offset = length;
    push(`${i + 1} 0 obj\n`);
    for (const part of Array.isArray(body) ? body : [body]) push(part);
    push("\nendobj\n");
    return offset;
  });
  const xref = length;
  push(`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${bodies.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/**
 * A one-page PDF whose text is drawn by nested forms, each drawing the next twice: 2^depth drawings,
 * so reading it never ends (a "billion laughs" for PDF readers). For time-out tests.
 */
export function endlessPdf(depth = 40): Promise<Uint8Array> {
  // Form i is object 6 + i and draws form i + 1, the next object, twice.
  const forms = Array.from({ length: depth }, (_, i) => {
    const last = i === depth - 1;
    return streamObject(
      `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${FONT_RESOURCE} ${last ? "" : `/XObject << /X ${7 + i} 0 R >>`} >>`,
      `BT /F1 12 Tf 72 700 Td (Again and again.) Tj ET${last ? "" : " /X Do /X Do"}`,
    );
  });
  return Promise.resolve(onePagePdf({ content: streamObject("", "/X Do"), resources: "/XObject << /X 6 0 R >>", more: forms }));
}

/**
 * A one-page PDF whose content stream is one array of `count` numbers: about 80 KB on disk, but more
 * memory than a scan worker may use once a reader parses it. For crash tests.
 */
export async function memoryBombPdf(count = 40_000_000): Promise<Uint8Array> {
  // Deflate the same block of "0 "s over and over, so the 80 MB of content never exists in this process.
  const block = Buffer.from("0 ".repeat(1_000_000), "latin1");
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  const done = once(deflate, "end");
  deflate.write("BT /F1 12 Tf [");
  for (let left = count; left > 0; left -= block.length / 2) {
    const part = left >= block.length / 2 ? block : block.subarray(0, left * 2);
    if (!deflate.write(part)) await once(deflate, "drain");
  }
  deflate.end("] TJ ET");
  await done;
  return onePagePdf({ content: streamObject("/Filter /FlateDecode", Buffer.concat(compressed)) });
}

/**
 * A one-page PDF with a line of text whose content stream then goes on with `gib` GiB of spaces: about
 * 1 MB on disk per GiB (deflate packs a run of spaces a thousandfold), and a reader that inflates the
 * stream holds gigabytes. The finding it reproduces: a 2 MB upload that grew the server by 2.3 GB.
 */
export function inflationBombPdf(gib = 2): Promise<Uint8Array> {
  const content = deflateRepeated("BT /F1 12 Tf 72 700 Td (This page unpacks to gigabytes.) Tj ET\n", " ", gib * 1024);
  return Promise.resolve(onePagePdf({ content: streamObject("/Filter /FlateDecode", content) }));
}

/**
 * A one-page PDF without text whose content stream is `mib` MiB of "q Q" (save and restore the graphics
 * state): tiny on disk, bounded in memory (a reader holds the stream once), and seconds of work per MiB,
 * about a minute for the default. A stand-in for a big legitimate file that keeps a worker busy.
 */
export function slowPdf(mib = 128): Promise<Uint8Array> {
  return Promise.resolve(onePagePdf({ content: streamObject("/Filter /FlateDecode", deflateRepeated("", "q Q\n", mib)) }));
}

/**
 * `pages` pages that all draw one content stream of `operators` text operators: about 24 KB on disk
 * for the defaults, and 1.6 MB of text on every page, 160 MB in all, for a reader without limits. The
 * finding it reproduces: 140 MB of page text and 700 MB more database from a 24 KB upload.
 */
export function amplifiedTextPdf(pages = 100, operators = 100_000): Promise<Uint8Array> {
  // "0 0 Td" after each string starts the next at the same place: the page draws over itself, inside
  // its bounds (pdf.js drops text drawn outside the page).
  const text = `BT /F1 12 Tf 72 700 Td ${"(Amplified text.) Tj 0 0 Td ".repeat(operators)}ET`;
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i); // objects 1-4 come first, see below
  return Promise.resolve(
    writeObjects(
      [
        "<< /Type /Catalog /Pages 2 0 R >>",
        `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`,
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        streamObject("/Filter /FlateDecode", deflateSync(Buffer.from(text, "latin1"), { level: 9 })),
        ...pageIds.map(() => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>`),
      ],
      "/Root 1 0 R",
    ),
  );
}

/**
 * A zlib stream of `head` followed by `unit` repeated over `mib` MiB, made from one compressed MiB: after
 * a full flush deflate starts afresh, so that MiB's compressed bytes can simply be written again and
 * again, and nothing the size of the whole ever exists here. The checksum (Adler-32) is combined per
 * copy as zlib's adler32_combine does.
 */
function deflateRepeated(head: string, unit: string, mib: number): Buffer {
  const block = Buffer.from(unit.repeat(Math.floor((1024 * 1024) / unit.length)), "latin1");
  const headBytes = Buffer.from(head, "latin1");
  const packedBlock = deflateRawSync(block, { level: 9, finishFlush: zlib.Z_FULL_FLUSH });
  let checksum = adler32(headBytes);
  const blockChecksum = adler32(block);
  for (let i = 0; i < mib; i++) checksum = adler32Combine(checksum, blockChecksum, block.length);
  const trailer = Buffer.alloc(6);
  trailer.set([0x03, 0x00]); // an empty final block (fixed Huffman codes)
  trailer.writeUInt32BE(checksum, 2);
  const header = Buffer.from([0x78, 0xda]); // deflate, 32 KB window, best compression
  return Buffer.concat([header, deflateRawSync(headBytes, { finishFlush: zlib.Z_FULL_FLUSH }), ...Array<Buffer>(mib).fill(packedBlock), trailer]);
}

const ADLER_BASE = 65521;

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % ADLER_BASE;
    b = (b + a) % ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of two byte runs from theirs and the second's length (zlib's adler32_combine). */
function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE;
  const a1 = first & 0xffff;
  const a = (a1 + (second & 0xffff) + ADLER_BASE - 1) % ADLER_BASE;
  const b = ((rem * a1) % ADLER_BASE + (first >>> 16) + (second >>> 16) + ADLER_BASE - rem) % ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}

/** A text PDF cut off partway, as an interrupted download leaves it: its pages and xref are gone. */
export async function truncatedPdf(): Promise<Uint8Array> {
  const whole = await textPdf(["This document was cut off.", "Its second page is lost."]);
  return whole.subarray(0, Math.floor(whole.length * 0.4));
}

/** Bytes that are not a PDF (a PNG image), for a file named .pdf that is something else. */
export function notPdf(): Uint8Array {
  return gradientPng(8, 8);
}

let tempRoot: string | undefined;

/** This test file's temporary directory, removed after its tests (vitest ends its workers without "exit"). */
function tempDir(): string {
  tempRoot ??= mkdtempSync(join(tmpdir(), "studyforge-pdf-"));
  return tempRoot;
}

afterAll(() => {
  if (tempRoot) rmSync(tempRoot, { recursive: true, force: true });
  tempRoot = undefined;
});

/** Writes `bytes` to a file of its own in a temporary directory (removed after the test file); returns its path. */
export async function writeTemp(bytes: Uint8Array, name = "document.pdf"): Promise<string> {
  const path = join(await mkdtemp(join(tempDir(), "file-")), name);
  await writeFile(path, bytes);
  return path;
}

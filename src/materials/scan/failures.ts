import { AppError } from "../../core/errors.ts";
import { FORMATS, NOT_ACCEPTED, type DocumentFormat } from "../formats/types.ts";
import type { FromWorker, WorkerFailure } from "./messages.ts";

const WORKER_FAILURES: Record<Exclude<WorkerFailure, "memory" | "page-text" | "refused" | "ocr">, { status: number; detail: string }> = {
  // The caller stored the file itself, so a file that cannot be opened is our fault, not the user's.
  unreadable: { status: 500, detail: "The uploaded file could not be read." },
  empty: { status: 422, detail: "The file is empty." },
  "not-pdf": { status: 415, detail: NOT_ACCEPTED },
  damaged: { status: 422, detail: "This PDF is damaged and cannot be read." },
  password: { status: 422, detail: "This PDF is password-protected. Remove the password and upload it again." },
};

/** The limits a failure's message names. */
export interface FailureLimits {
  memoryMb: number;
  maxPageChars: number;
}

export function workerFailure(message: Extract<FromWorker, { type: "failed" }>, limits: FailureLimits): AppError {
  const { failure, page = 0 } = message;
  if (failure === "ocr") return ocrFailed(page, false, limits.memoryMb);
  if (failure === "memory") return outOfMemory(limits.memoryMb);
  if (failure === "page-text") return tooMuchPageText(page, limits.maxPageChars);
  if (failure === "refused") return new AppError(message.status ?? 422, message.detail ?? WORKER_FAILURES.damaged.detail);
  const { status, detail } = WORKER_FAILURES[failure];
  return new AppError(status, detail);
}

/**
 * A worker that died mid-scan was reading a file it could not handle: V8 ran out of memory (it says so
 * on stderr: `outOfMemory`), or, far rarer, something in pdf.js crashed it.
 */
export function workerCrashed(cause: Error, stderr: string, outOfMemory: boolean, limits: FailureLimits, format: DocumentFormat | undefined): AppError {
  const details = new Error(`${cause.message}\n${stderr}`);
  if (outOfMemory) return needsMemory(limits.memoryMb, fileNoun(format), details);
  return new AppError(422, `This ${fileNoun(format)} is damaged and cannot be read.`, { cause: details });
}

/**
 * OCR failed on page `page`: it ran out of the memory a worker may use while reading by OCR
 * (`memoryMb`), or tesseract failed some other way. Either way the PDF opened and its text layer was
 * read, so it is not called damaged: OCR is what could not go on.
 */
export const ocrFailed = (page: number, outOfMemory: boolean, memoryMb: number, cause?: unknown) =>
  new AppError(
    422,
    outOfMemory
      ? `Reading page ${page} of this PDF by OCR needed more memory than a scan may use (${memoryMb} MB).`
      : `OCR could not read page ${page} of this PDF.`,
    { cause },
  );

/** How a message names a file: by its kind once the worker has said what it is, else just "file". */
const fileNoun = (format: DocumentFormat | undefined) => (format ? FORMATS[format].noun : "file");

const count = (n: number) => n.toLocaleString("en-US");

export const outOfMemory = (memoryMb: number, cause?: unknown, format: DocumentFormat = "pdf") => needsMemory(memoryMb, FORMATS[format].noun, cause);

const needsMemory = (memoryMb: number, noun: string, cause?: unknown) =>
  new AppError(422, `This ${noun} needs more memory to read than a scan may use (${memoryMb} MB).`, { cause });

export const tooMuchPageText = (page: number, limit: number, format: DocumentFormat = "pdf") =>
  new AppError(422, `${capital(FORMATS[format].unit)} ${page} of this ${FORMATS[format].noun} has more than ${count(limit)} characters of text, the limit for one ${FORMATS[format].unit}.`);

const capital = (word: string) => word[0]?.toUpperCase() + word.slice(1);

export const tooMuchText = (limit: number, format: DocumentFormat = "pdf") =>
  new AppError(422, `This ${FORMATS[format].noun} has more than ${count(limit)} characters of text, the limit for one file.`);

export const tooManyPages = (pages: number, limit: number, format: DocumentFormat = "pdf") =>
  new AppError(422, `This ${FORMATS[format].noun} has ${pages} ${FORMATS[format].unit}s; the limit is ${limit}.`);

/** No page has text: with OCR on, OCR found none either (a blank or picture-only file). */
export const noSelectableText = (ocr: boolean) =>
  new AppError(
    422,
    ocr
      ? "No text was found in this PDF: it has no selectable text, and OCR read no words on its pages."
      : "This PDF has no selectable text (it looks like a scan).",
  );

export const tooManyOcrPages = (limit: number) =>
  new AppError(422, `This PDF has more than ${limit} pages without selectable text; OCR reads at most ${limit} pages of one file.`);

export const scanTimedOut = (timeoutMs: number, format: DocumentFormat | undefined) =>
  new AppError(422, `Scanning this ${fileNoun(format)} took longer than ${seconds(timeoutMs)} seconds.`);

/** A scan with pages to read by OCR ran out of its time limit, which grew with those pages (pool.ts). */
export const ocrTimedOut = (limitMs: number, ocrPages: number) =>
  new AppError(422, `Reading this scan by OCR took longer than ${seconds(limitMs)} seconds, the limit for a PDF with ${ocrPages} ${ocrPages === 1 ? "page" : "pages"} to read by OCR.`);

const seconds = (ms: number) => ms / 1000;

/** The client went away (the upload request was aborted); nobody will read this answer. */
export const scanAbandoned = () => new AppError(400, "The upload was cancelled before its scan finished.");

export const poolClosed = () => new AppError(503, "The scanner of study material has been shut down.");

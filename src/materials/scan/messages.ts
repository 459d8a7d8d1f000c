/**
 * The protocol between the pool (the server's process) and its worker processes. Only plain data
 * crosses it, so the server never parses a PDF: it hands out page ranges and collects strings.
 */
import type { DocumentFormat } from "../formats/types.ts";

/** Why a worker could not read a file; failures.ts turns each into the user-facing AppError. */
export type WorkerFailure =
  | "unreadable"
  | "empty"
  | "not-pdf"
  | "damaged"
  | "password"
  /** An allocation failed against the worker's memory limit. */
  | "memory"
  /** A page has more text than `maxPageChars`; `page` says which. */
  | "page-text"
  /** Reading page `page` by OCR failed, and not for memory (a failure of tesseract's). */
  | "ocr"
  /** A file of another kind than PDF was refused (../formats); `status` and `detail` say how to answer. */
  | "refused";

export type ToWorker =
  /**
   * Check and parse the file, keep it open, answer with its page count. A file that is not a PDF is
   * read whole now, and refused at once if it has more than `maxPages` slides or sections.
   */
  | { type: "open"; scanId: number; filePath: string; maxPages: number }
  /**
   * Extract pages `from`..`to` (1-based, inclusive), opening the file first if this worker has not;
   * a page with more than `maxPageChars` characters fails the task before its text is sent. With `ocr`,
   * pages without a usable text layer are looked at to say which OCR should read.
   */
  | { type: "pages"; scanId: number; filePath: string; from: number; to: number; maxPageChars: number; ocr: boolean }
  /** Read page `page` by OCR (ocr.ts), in `languages` (tesseract codes). */
  | { type: "ocr"; scanId: number; filePath: string; page: number; languages: string[] }
  /** The scan is over (done or failed): drop the open document. */
  | { type: "release"; scanId: number };

export type FromWorker =
  | { type: "ready" }
  /**
   * A file of another kind than PDF (../formats) is read whole when opened: `format` says which, `texts`
   * holds its pages (slides or sections), and no page ranges follow.
   */
  | { type: "opened"; scanId: number; pageCount: number; format?: DocumentFormat; texts?: string[] }
  /** `ocr`: the pages of the range whose text layer is not usable and that OCR should read (text-layer.ts), when asked. */
  | { type: "pages"; scanId: number; from: number; texts: string[]; ocr?: number[] }
  | { type: "ocr"; scanId: number; page: number; text: string }
  | { type: "failed"; scanId: number; failure: WorkerFailure; page?: number; status?: number; detail?: string }
  /** Sent during an "open" task once the file's kind is known (before a file that is not a PDF is read whole): what it is, for the messages of a crash or time-out. */
  | { type: "detected"; scanId: number; format: DocumentFormat };

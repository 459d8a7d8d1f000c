import { AppError } from "../../core/errors.ts";
import type { WorkerFailure } from "./messages.ts";

const WORKER_FAILURES: Record<WorkerFailure, { status: number; detail: string }> = {
  // The caller stored the file itself, so a file that cannot be opened is our fault, not the user's.
  unreadable: { status: 500, detail: "The uploaded file could not be read." },
  empty: { status: 422, detail: "The file is empty." },
  "not-pdf": { status: 415, detail: "Only PDF files are accepted." },
  damaged: { status: 422, detail: "This PDF is damaged and cannot be read." },
  password: { status: 422, detail: "This PDF is password-protected. Remove the password and upload it again." },
};

export function workerFailure(failure: WorkerFailure): AppError {
  const { status, detail } = WORKER_FAILURES[failure];
  return new AppError(status, detail);
}

/** A worker that died mid-scan (out of memory, a crash in pdf.js) was reading a file it could not handle. */
export const workerCrashed = (cause: unknown) =>
  new AppError(422, WORKER_FAILURES.damaged.detail, { cause });

export const tooManyPages = (pages: number, limit: number) =>
  new AppError(422, `This PDF has ${pages} pages; the limit is ${limit}.`);

export const noSelectableText = () =>
  new AppError(422, "This PDF has no selectable text (it looks like a scan).");

export const scanTimedOut = (timeoutMs: number) =>
  new AppError(422, `Scanning this PDF took longer than ${timeoutMs / 1000} seconds.`);

export const poolClosed = () => new AppError(503, "The PDF scanner has been shut down.");

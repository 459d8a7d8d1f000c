/**
 * The protocol between the pool (main thread) and its workers. Only plain data crosses it, so the
 * main thread never parses a PDF: it hands out page ranges and collects strings.
 */

/** Why a worker could not read a file; failures.ts turns each into the user-facing AppError. */
export type WorkerFailure = "unreadable" | "empty" | "not-pdf" | "damaged" | "password";

export type ToWorker =
  /** Check and parse the file, keep it open, answer with its page count. */
  | { type: "open"; scanId: number; filePath: string }
  /** Extract pages `from`..`to` (1-based, inclusive), opening the file first if this worker has not. */
  | { type: "pages"; scanId: number; filePath: string; from: number; to: number }
  /** The scan is over (done or failed): drop the open document. */
  | { type: "release"; scanId: number };

export type FromWorker =
  | { type: "ready" }
  | { type: "opened"; scanId: number; pageCount: number }
  | { type: "pages"; scanId: number; from: number; texts: string[] }
  | { type: "failed"; scanId: number; failure: WorkerFailure };

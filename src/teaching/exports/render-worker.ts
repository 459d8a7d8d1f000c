/**
 * A worker thread that renders export files (render-pool.ts starts it): a PDF of a long test takes up to a
 * second or more of pure computation, which on the server's thread would stop every other request — health
 * checks included — for that long. One job at a time; the file's bytes go back transferred, not copied.
 */
import { parentPort } from "node:worker_threads";
import { AppError } from "../../core/errors.ts";
import type { ExportFile, ExportTest, RenderOptions } from "./model.ts";
import { RENDERERS } from "./renderers.ts";
import type { ExportFormat } from "./schema.ts";

export interface RenderJob {
  format: ExportFormat;
  test: ExportTest;
  options: RenderOptions;
}

/** A refusal a renderer means for the user (an AppError: status, message) crosses over whole; anything else is a failure. */
export type RenderReply =
  | { ok: true; file: ExportFile }
  | { ok: false; refusal?: { status: number; detail: AppError["detail"]; extra: AppError["extra"]; headers: AppError["headers"] }; message: string };

parentPort?.on("message", async (job: RenderJob) => {
  let reply: RenderReply;
  try {
    reply = { ok: true, file: await RENDERERS[job.format](job.test, job.options) };
  } catch (err) {
    const refusal = err instanceof AppError ? { status: err.status, detail: err.detail, extra: err.extra, headers: err.headers } : undefined;
    reply = { ok: false, refusal, message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  // Bytes that fill their own buffer move to the main thread without a copy; a view into a shared one is copied.
  const body = reply.ok && typeof reply.file.body !== "string" ? reply.file.body : undefined;
  const whole = body && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
  parentPort!.postMessage(reply, whole ? [body.buffer as ArrayBuffer] : []);
});

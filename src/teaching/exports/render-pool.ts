/**
 * Export files are made on worker threads (render-worker.ts), so /api/health and every other request keep
 * being answered while a long test's PDF or QTI zip is built. Workers are long-lived: one costs about 100 ms
 * and some 30 MB to start with pdfkit loaded, more than most renders take; at most MAX_WORKERS (the exports'
 * concurrency limit in index.ts keeps no more jobs than that in flight), each stopped after IDLE_MS unused.
 * A render that takes longer than RENDER_TIMEOUT_MS is abandoned and its worker stopped: a 503, and the next
 * job gets a fresh worker.
 */
import { Worker } from "node:worker_threads";
import { AppError } from "../../core/errors.ts";
import type { ExportFile, ExportTest, RenderOptions } from "./model.ts";
import type { RenderJob, RenderReply } from "./render-worker.ts";
import type { ExportFormat } from "./schema.ts";

export const MAX_WORKERS = 2;
const IDLE_MS = 60_000;
/** A 200-question PDF takes about 3 s on a slow machine; ten times that is a render gone wrong. */
const RENDER_TIMEOUT_MS = 30_000;

interface Slot {
  worker: Worker;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
}

const slots: Slot[] = [];

function startWorker(): Slot {
  const worker = new Worker(new URL("./render-worker.ts", import.meta.url));
  // An idle worker must not keep the process (or a test run) alive.
  worker.unref();
  const slot: Slot = { worker, busy: false };
  worker.once("exit", () => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
  });
  slots.push(slot);
  return slot;
}

function takeSlot(): Slot {
  const slot = slots.find((s) => !s.busy) ?? (slots.length < MAX_WORKERS ? startWorker() : undefined);
  // The caller's concurrency limit allows MAX_WORKERS jobs at once; more is a programming error.
  if (!slot) throw new Error(`More than ${MAX_WORKERS} renders at once.`);
  clearTimeout(slot.idleTimer);
  slot.busy = true;
  return slot;
}

function release(slot: Slot) {
  slot.busy = false;
  slot.idleTimer = setTimeout(() => void slot.worker.terminate(), IDLE_MS).unref();
}

const failed = (cause: unknown) => new AppError(500, "The file could not be made. Please try again.", { cause });

/** Renders one export on a worker thread. */
export function renderOffThread(format: ExportFormat, test: ExportTest, options: RenderOptions): Promise<ExportFile> {
  const slot = takeSlot();
  const { worker } = slot;
  return new Promise<ExportFile>((resolve, reject) => {
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      fn();
    };
    const onMessage = (reply: RenderReply) =>
      settle(() => {
        release(slot);
        if (reply.ok) resolve(reply.file);
        else if (reply.refusal) reject(new AppError(reply.refusal.status, reply.refusal.detail, { extra: reply.refusal.extra, headers: reply.refusal.headers }));
        else reject(failed(new Error(reply.message)));
      });
    const onError = (err: Error) => settle(() => reject(failed(err)));
    const onExit = (code: number) => settle(() => reject(failed(new Error(`render worker exited with code ${code}`))));
    const timer = setTimeout(
      () =>
        settle(() => {
          void worker.terminate();
          reject(new AppError(503, "Making this file took too long. Try again in a moment.", { headers: { "Retry-After": "30" } }));
        }),
      RENDER_TIMEOUT_MS,
    );
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    worker.postMessage({ format, test, options } satisfies RenderJob);
  });
}

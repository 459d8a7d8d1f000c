/**
 * Long work on the server (test generation) as jobs: read, cancel, and follow a
 * job to its end through Server-Sent Events, polling once a second when the
 * event stream cannot be used.
 */
import { api, type CallOptions } from "./client.ts";
import type { Job } from "./types.ts";

export const POLL_INTERVAL_MS = 1000;

const FINAL_STATES: ReadonlySet<Job["state"]> = new Set(["done", "failed", "cancelled"]);

export function isFinished(job: Job): boolean {
  return FINAL_STATES.has(job.state);
}

export function getJob(id: number, options?: CallOptions): Promise<Job> {
  return api.get<Job>(`/api/jobs/${id}`, options);
}

export function cancelJob(id: number, options?: CallOptions): Promise<Job> {
  return api.post<Job>(`/api/jobs/${id}/cancel`, undefined, options);
}

function abortError(): DOMException {
  return new DOMException("Stopped following the job.", "AbortError");
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(abortError());
      },
      { once: true },
    );
  });
}

async function pollJob(id: number, onUpdate: (job: Job) => void, signal?: AbortSignal): Promise<Job> {
  for (;;) {
    const job = await getJob(id, { signal });
    onUpdate(job);
    if (isFinished(job)) return job;
    await wait(POLL_INTERVAL_MS, signal);
  }
}

/** Job events: `progress` while it runs, then one of `done`, `failed`, `cancelled`; each carries the job. */
const EVENT_NAMES = ["progress", "done", "failed", "cancelled"] as const;

/**
 * Follows a job until it is done, failed or cancelled, calling `onUpdate` with
 * every new state, and resolves to the final job. Aborting `signal` stops it
 * (rejecting with an AbortError) without cancelling the job itself.
 */
export function followJob(id: number, onUpdate: (job: Job) => void, signal?: AbortSignal): Promise<Job> {
  if (typeof EventSource === "undefined") return pollJob(id, onUpdate, signal);
  return new Promise<Job>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const source = new EventSource(`/api/jobs/${id}/events`, { withCredentials: true });
    let settled = false;
    const stop = () => {
      settled = true;
      source.close();
    };
    const onMessage = (event: MessageEvent<string>) => {
      if (settled) return;
      let job: Job;
      try {
        job = JSON.parse(event.data) as Job;
      } catch {
        return;
      }
      onUpdate(job);
      if (isFinished(job)) {
        stop();
        resolve(job);
      }
    };
    for (const name of EVENT_NAMES) source.addEventListener(name, onMessage);
    // The stream failed (a proxy that buffers, a dropped connection, an ended session): poll instead.
    source.onerror = () => {
      if (settled) return;
      stop();
      pollJob(id, onUpdate, signal).then(resolve, reject);
    };
    signal?.addEventListener(
      "abort",
      () => {
        if (settled) return;
        stop();
        reject(abortError());
      },
      { once: true },
    );
  });
}

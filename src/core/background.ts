import type { AppContext } from "./context.ts";
import { shared } from "./shared.ts";

/** How long shutdown waits for background work before closing the database anyway. */
const SHUTDOWN_WAIT_MS = 5000;

/**
 * Runs work after the request is answered (a mail that must not make the answer slower, or its
 * timing tell anything). Its failure is logged, never thrown at anyone; shutdown waits for what is
 * still running (up to 5 s) before the database closes. A crash loses it: what runs here must be
 * something a user can simply ask for again.
 */
export function runInBackground(app: AppContext, what: string, task: () => Promise<unknown>): void {
  const running = shared(
    app,
    "background",
    () => new Set<Promise<unknown>>(),
    async (tasks) => {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)));
      await Promise.race([Promise.allSettled(tasks), waited]);
      clearTimeout(timer);
    },
  );
  // Started on a later turn of the event loop, so none of it runs ahead of sending the answer.
  const done: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
    .then(task)
    .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
    .finally(() => running.delete(done));
  running.add(done);
}

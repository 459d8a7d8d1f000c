import type { Ctx } from "./state.ts";

/**
 * A signal that aborts when the client goes away before its answer was sent (the request was aborted,
 * the tab closed), so long work done for it (a PDF scan) can stop instead of running for nobody.
 */
export function clientGone(ctx: Ctx): AbortSignal {
  const controller = new AbortController();
  const closed = () => {
    if (!ctx.res.writableFinished) controller.abort();
  };
  if (ctx.res.closed) closed();
  else ctx.res.once("close", closed);
  return controller.signal;
}

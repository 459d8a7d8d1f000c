import { PassThrough } from "node:stream";
import type { Ctx } from "./state.ts";

/**
 * Opens a Server-Sent Events stream. Compression skips text/event-stream (app.ts), and the
 * X-Accel-Buffering header keeps proxies like nginx from holding events back.
 */
export function openEventStream(ctx: Ctx, onClose: () => void) {
  const stream = new PassThrough();
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.set({ "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no", Connection: "keep-alive" });
  ctx.status = 200;
  ctx.body = stream;
  const keepAlive = setInterval(() => stream.write(": keep-alive\n\n"), 15_000);
  const close = () => {
    clearInterval(keepAlive);
    onClose();
  };
  ctx.req.on("close", close);
  return {
    send(event: string, data: unknown) {
      stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      close();
      stream.end();
    },
  };
}

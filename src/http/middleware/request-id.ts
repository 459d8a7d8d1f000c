import { randomUUID } from "node:crypto";
import type { Middleware } from "koa";
import type { AppContext } from "../../core/context.ts";
import type { AppState } from "../state.ts";

const SAFE_ID = /^[\w.:-]{1,64}$/;

/** Every request gets an id (the caller's X-Request-Id when it is sane), a child logger, and one log line. */
export function requestContext(app: AppContext): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get("X-Request-Id");
    const requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.app = app;
    ctx.state.log = app.log.child({ req_id: requestId });
    ctx.set("X-Request-Id", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) };
      if (ctx.path.startsWith("/api/")) ctx.state.log.info(line, "request");
      else ctx.state.log.debug(line, "request");
    }
  };
}

import type { Middleware } from "koa";
import { forbidden } from "../../core/errors.ts";
import type { AppState } from "../state.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request must come from our own pages: a cookie rides along with any
 * cross-site form or fetch, so Origin (or Sec-Fetch-Site) must say same-origin. Clients that
 * send neither (scripts, the CLI's peers) are not browsers and cannot be tricked into it.
 */
export function sameOrigin(): Middleware<AppState> {
  return async (ctx, next) => {
    if (!SAFE.has(ctx.method)) {
      const origin = ctx.get("Origin");
      const site = ctx.get("Sec-Fetch-Site");
      const publicOrigin = new URL(ctx.state.app.config.publicUrl).origin;
      if (origin && origin !== "null") {
        const host = URL.parse(origin)?.host;
        if (origin !== publicOrigin && host !== ctx.host) throw forbidden("Cross-site request refused.");
      } else if (origin === "null" || (site && site !== "same-origin" && site !== "none")) {
        throw forbidden("Cross-site request refused.");
      }
    }
    await next();
  };
}

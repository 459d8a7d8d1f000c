import { existsSync } from "node:fs";
import path from "node:path";
import type { Middleware } from "koa";
import send from "koa-send";

/**
 * Serves the built UI: hashed assets cached for a year, everything else revalidated,
 * and index.html for every page route so the client router takes over.
 */
export function spa(uiDir: string): Middleware {
  const index = path.join(uiDir, "index.html");
  return async (ctx, next) => {
    if ((ctx.method !== "GET" && ctx.method !== "HEAD") || ctx.path.startsWith("/api/") || ctx.path === "/api") return next();
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = "text/plain";
      ctx.body = "The StudyForge UI is not built. Run `npm run build` (install.sh does it for you).";
      return;
    }
    const immutable = ctx.path.startsWith("/assets/");
    try {
      const served = await send(ctx, ctx.path, {
        root: uiDir,
        index: "index.html",
        maxage: immutable ? 365 * 24 * 3600 * 1000 : 0,
        immutable,
        setHeaders: (res) => {
          if (!immutable) res.setHeader("Cache-Control", "no-cache");
        },
      });
      if (served) return;
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status !== 404 && status !== 400 && status !== 403) throw err;
      if (immutable) {
        ctx.status = 404; // a missing hashed asset must not turn into the HTML page
        ctx.body = "Not found";
        return;
      }
    }
    await send(ctx, "index.html", { root: uiDir, setHeaders: (res) => res.setHeader("Cache-Control", "no-cache") });
  };
}

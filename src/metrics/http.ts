import type { Middleware } from "koa";
import type { AppContext } from "../core/context.ts";
import { metricsOf } from "../core/metrics.ts";
import type { AppState } from "../http/state.ts";
import { checkMetricsAccess } from "./access.ts";

export const METRICS_PATH = "/metrics";
const isMetricsPath = (path: string) => path === METRICS_PATH || path === `${METRICS_PATH}/`;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The route label: the router's pattern (`/api/tests/:id`), never the URL, so each route is one series
 * whatever ids it is called with. Requests no route answered get one of three fixed labels.
 */
function routeLabel(ctx: { path: string; method: string; _matchedRoute?: unknown }): string {
  if (typeof ctx._matchedRoute === "string") return ctx._matchedRoute;
  if (isMetricsPath(ctx.path)) return METRICS_PATH;
  // Pages and assets of the UI (and its index.html for every client-side route).
  if (!ctx.path.startsWith("/api") && (ctx.method === "GET" || ctx.method === "HEAD")) return "(ui)";
  return "(unmatched)";
}

/** Times every request into studyforge_http_request_duration_seconds: one observation each. */
export function requestMetrics(app: AppContext): Middleware<AppState> {
  const { httpRequest } = metricsOf(app);
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = METHODS.has(ctx.method) ? ctx.method : "other";
      httpRequest.observe({ method, route: routeLabel(ctx), status: String(ctx.status) }, (performance.now() - started) / 1000);
    }
  };
}

/**
 * GET /metrics in Prometheus's text format. Outside /api and outside the router: it is not a user route
 * (see access.ts), and answering here keeps the UI's fallback from serving index.html in its place.
 */
export function metricsEndpoint(app: AppContext): Middleware<AppState> {
  const { registry } = metricsOf(app);
  return async (ctx, next) => {
    if (!isMetricsPath(ctx.path)) return next();
    if (ctx.method !== "GET" && ctx.method !== "HEAD") {
      ctx.set("Allow", "GET, HEAD");
      ctx.status = 405;
      return;
    }
    checkMetricsAccess(ctx, app.config);
    ctx.set("Cache-Control", "no-store");
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  };
}

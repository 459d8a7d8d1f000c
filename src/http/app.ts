import path from "node:path";
import { constants as zlib } from "node:zlib";
import Router from "@koa/router";
import Koa from "koa";
import compress from "koa-compress";
import compose from "koa-compose";
import type { AppContext } from "../core/context.ts";
import { apiAliases } from "./middleware/aliases.ts";
import { jsonBody } from "./middleware/body.ts";
import { errorHandler } from "./middleware/errors.ts";
import { requestContext } from "./middleware/request-id.ts";
import { securityHeaders } from "./middleware/security.ts";
import { spa } from "./spa.ts";
import type { AppRouter, AppState } from "./state.ts";
import { systemRoutes } from "./system-routes.ts";
import { accountRoutes } from "../accounts/routes.ts";
import { oidcRoutes } from "../accounts/oidc/routes.ts";
import { materialRoutes } from "../materials/routes.ts";
import { generationRoutes } from "../generation/routes.ts";
import { testEditRoutes } from "../generation/edit-routes.ts";
import { practiceRoutes } from "../practice/routes.ts";
import { adminRoutes } from "../admin/routes.ts";
import { classRoutes } from "../study/classes/routes.ts";
import { templateRoutes } from "../study/templates/routes.ts";
import { studySetRoutes } from "../study/sets/routes.ts";
import { insightRoutes } from "../study/insights/routes.ts";
import { goalRoutes } from "../study/goals/routes.ts";
import { notificationRoutes } from "../study/notifications/routes.ts";
import { dashboardRoutes } from "../study/dashboard.ts";
import { teachingRoutes } from "../teaching/routes.ts";
import { dashboardAssignments } from "../teaching/assignments/dashboard.ts";
import { exportRoutes } from "../teaching/exports/routes.ts";
import { itemAnalysisRoutes } from "../teaching/analysis/routes.ts";
import { classResultRoutes } from "../teaching/results/routes.ts";
import { session } from "./middleware/session.ts";
import { sameOrigin } from "./middleware/origin.ts";
import { metricsEndpoint, requestMetrics } from "../metrics/http.ts";

export const UI_DIR = path.resolve(import.meta.dirname, "../../dist/ui");

/** Each feature adds its routes here; the order matters only where paths overlap. */
const features: ((router: AppRouter) => void)[] = [systemRoutes, accountRoutes, oidcRoutes, adminRoutes, materialRoutes, practiceRoutes, generationRoutes, testEditRoutes, classRoutes, templateRoutes, studySetRoutes, insightRoutes, goalRoutes, notificationRoutes, dashboardRoutes(dashboardAssignments), teachingRoutes, exportRoutes, itemAnalysisRoutes, classResultRoutes];

/** Every API route of every feature; the authorization test walks this same router. */
export function createRouter(): AppRouter {
  const router: AppRouter = new Router<AppState>({ strict: false });
  for (const add of features) add(router);
  return router;
}

/** Assembles the Koa application: one process serves the JSON API and the built UI. */
export function createApp(app: AppContext, opts: { uiDir?: string } = {}): Koa<AppState> {
  // Trusting X-Forwarded-For from anyone would let a client pick its own address and slip past
  // the per-address rate limits, so only TRUST_PROXY turns it on (the last hop only).
  const koa = new Koa<AppState>({ proxy: app.config.trustProxy, maxIpsCount: 1 });
  // Errors are answered by errorHandler; this keeps Koa from printing them a second time.
  koa.silent = true;

  const router = createRouter();

  koa.use(requestContext(app));
  koa.use(requestMetrics(app));
  koa.use(securityHeaders(app.config));
  koa.use(
    compress({
      threshold: 1024,
      // Server-Sent Events must reach the browser as they are written, never buffered.
      filter: (type) => !/event-stream/i.test(type) && /text|json|javascript|svg|xml/i.test(type),
      br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    }),
  );
  koa.use(errorHandler());
  // Before the routes and the UI's fallback, which would answer /metrics with index.html.
  koa.use(metricsEndpoint(app));
  koa.use(apiAliases());
  const api = compose([sameOrigin(), jsonBody(), session()]);
  koa.use(async (ctx, next) => (ctx.path.startsWith("/api/") ? api(ctx, next) : next()));
  koa.use(router.routes());
  koa.use(router.allowedMethods());
  koa.use(spa(opts.uiDir ?? UI_DIR));
  return koa;
}

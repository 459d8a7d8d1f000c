import type { Middleware } from "koa";

/**
 * The spec's paths outside /api (`/users/profile`, `/gpt/generate`, `/tests/…`, …) are aliases of
 * the /api handlers. A browser navigation (GET preferring HTML) to such a path is a page
 * (`/classes`, `/templates`, `/admin/analytics`) and goes to the UI instead.
 */
export const ALIASED = /^\/(users|gpt|tests|classes|templates|study_sets|auth|admin\/analytics)(\/|$)/;

export function apiAliases(): Middleware {
  return async (ctx, next) => {
    if (ALIASED.test(ctx.path)) {
      // Sign-in with a provider is navigated to (the button, the provider's redirect back) yet is no page.
      const navigation = (ctx.method === "GET" || ctx.method === "HEAD") && ctx.accepts("json", "html") === "html" && !ctx.path.startsWith("/auth/oidc/");
      if (!navigation) ctx.path = "/api" + ctx.path;
    }
    await next();
  };
}

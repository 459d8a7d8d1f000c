import type { Middleware } from "koa";
import type { Config } from "../../core/config.ts";

/**
 * Security headers on every response. The UI is built without inline scripts or styles,
 * so the policy allows only this origin (plus the configured dashboard background image).
 */
export function securityHeaders(config: Config): Middleware {
  const imgSrc = ["'self'", "data:"];
  if (config.dashboardBackgroundUrl) imgSrc.push(new URL(config.dashboardBackgroundUrl).origin);
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${imgSrc.join(" ")}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return async (ctx, next) => {
    ctx.set("Content-Security-Policy", csp);
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("X-Frame-Options", "DENY");
    ctx.set("Referrer-Policy", "strict-origin-when-cross-origin");
    ctx.set("Cross-Origin-Opener-Policy", "same-origin");
    await next();
  };
}

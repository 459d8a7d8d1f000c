import type { Scope } from "../core/context.ts";
import { AppError, forbidden, unauthorized } from "../core/errors.ts";
import { SESSION_COOKIE, SESSION_LIFETIME_S } from "../accounts/sessions.ts";
import type { Ctx } from "./state.ts";

export function setSessionCookie(ctx: Ctx, token: string) {
  const secure = ctx.state.app.config.publicUrl.startsWith("https:");
  // Behind a TLS-terminating proxy the connection itself is plain HTTP; PUBLIC_URL says what users see.
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", secure, maxAge: SESSION_LIFETIME_S * 1000, path: "/" });
}

export function clearSessionCookie(ctx: Ctx) {
  ctx.cookies.set(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", maxAge: 0, path: "/" });
}

/**
 * The signed-in user as a service scope. While e-mail verification is required, an unverified
 * user may use only the calls that help them verify (`allowUnverified`).
 */
export function requireUser(ctx: Ctx, opts: { allowUnverified?: boolean } = {}): Scope {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  if (!opts.allowUnverified && !user.is_verified && ctx.state.app.config.requireEmailVerification) {
    throw new AppError(403, "Please verify your email address first.");
  }
  return { ...ctx.state.app, user };
}

export function requireAdmin(ctx: Ctx): Scope {
  const scope = requireUser(ctx);
  if (!scope.user.is_admin) throw forbidden("Administrators only.");
  return scope;
}

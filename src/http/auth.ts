import type { Scope } from "../core/context.ts";
import { AppError, forbidden, unauthorized } from "../core/errors.ts";
import { DEVICE_COOKIE, DEVICE_LIFETIME_S } from "../accounts/limits.ts";
import { SESSION_COOKIE, SESSION_LIFETIME_S, type Client, type SessionScope } from "../accounts/sessions.ts";
import type { Ctx } from "./state.ts";

/** httpOnly, SameSite=Lax, and Secure when users reach us over https. */
function setCookie(ctx: Ctx, name: string, value: string, maxAgeS: number) {
  const secure = ctx.state.app.config.publicUrl.startsWith("https:");
  // Behind a TLS-terminating proxy the connection itself is plain HTTP; PUBLIC_URL says what users see.
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(name, value, { httpOnly: true, sameSite: "lax", secure, maxAge: maxAgeS * 1000, path: "/" });
}

export function setSessionCookie(ctx: Ctx, token: string) {
  setCookie(ctx, SESSION_COOKIE, token, SESSION_LIFETIME_S);
}

export function clearSessionCookie(ctx: Ctx) {
  ctx.cookies.set(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", maxAge: 0, path: "/" });
}

/** The browser's mark that it signed in to an account before (src/accounts/limits.ts). */
export function setDeviceCookie(ctx: Ctx, token: string) {
  setCookie(ctx, DEVICE_COOKIE, token, DEVICE_LIFETIME_S);
}

export const deviceCookie = (ctx: Ctx) => ctx.cookies.get(DEVICE_COOKIE);

/** Where the request comes from, for the sessions list and the per-address limits. */
export const clientOf = (ctx: Ctx): Client => ({ ip: ctx.ip, userAgent: ctx.get("User-Agent") });

/**
 * The signed-in user as a service scope, with the session the request came with. While e-mail
 * verification is required, an unverified user may use only the calls that help them verify
 * (`allowUnverified`).
 */
export function requireUser(ctx: Ctx, opts: { allowUnverified?: boolean } = {}): SessionScope {
  const { user, sessionId } = ctx.state;
  if (!user || sessionId === undefined) throw unauthorized();
  if (!opts.allowUnverified && !user.is_verified && ctx.state.app.config.requireEmailVerification) {
    throw new AppError(403, "Please verify your email address first.");
  }
  return { ...ctx.state.app, user, sessionId };
}

export function requireAdmin(ctx: Ctx): Scope {
  const scope = requireUser(ctx);
  if (!scope.user.is_admin) throw forbidden("Administrators only.");
  return scope;
}

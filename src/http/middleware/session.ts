import type { Middleware } from "koa";
import { RENEW_AFTER_S, SESSION_COOKIE, readSession, signSession } from "../../accounts/sessions.ts";
import { setSessionCookie } from "../auth.ts";
import type { AppState } from "../state.ts";

/**
 * Reads the session from the cookie (the UI) or an `Authorization: Bearer` token (scripts, the
 * token sign-up returns). A cookie session in use is renewed, so the 7 days count from last use.
 */
export function session(): Middleware<AppState> {
  return async (ctx, next) => {
    const app = ctx.state.app;
    const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get("Authorization"))?.[1];
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    const token = bearer ?? cookie;
    if (token) {
      const found = await readSession(app, token);
      if (found) {
        ctx.state.user = found.user;
        const age = app.clock.now().getTime() / 1000 - found.issuedAt;
        if (!bearer && age > RENEW_AFTER_S) {
          const row = await app.db("users").where({ id: found.user.id }).first("id", "session_version");
          setSessionCookie(ctx, await signSession(app, row));
        }
      }
    }
    await next();
  };
}

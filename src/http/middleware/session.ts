import type { Middleware } from "koa";
import { noteActivity } from "../../accounts/directory.ts";
import { RENEW_AFTER_S, SESSION_COOKIE, readSession, renewSession } from "../../accounts/sessions.ts";
import { clientOf, setSessionCookie } from "../auth.ts";
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
      const found = await readSession(app, token, clientOf(ctx));
      if (found) {
        ctx.state.user = found.user;
        ctx.state.sessionId = found.id;
        noteActivity(app, found.user.id);
        const age = app.clock.now().getTime() / 1000 - found.issuedAt;
        if (!bearer && age > RENEW_AFTER_S) {
          setSessionCookie(ctx, await renewSession(app, { userId: found.user.id, id: found.id, version: found.version }));
        }
      }
    }
    await next();
  };
}

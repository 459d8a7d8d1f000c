import { SignJWT, jwtVerify } from "jose";
import type { AppContext, SessionUser } from "../core/context.ts";
import { toSessionUser, type UserRow } from "./users.ts";

export const SESSION_COOKIE = "sf_session";
export const SESSION_LIFETIME_S = 7 * 24 * 3600;
/** A cookie session older than this is reissued on use, so an active user stays signed in. */
export const RENEW_AFTER_S = 3600;

export async function signSession(app: AppContext, user: { id: number; session_version: number }): Promise<string> {
  const now = Math.floor(app.clock.now().getTime() / 1000);
  return new SignJWT({ sv: user.session_version })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + SESSION_LIFETIME_S)
    .sign(app.secret);
}

/**
 * The user a token stands for, or null. A token whose session version is older than the
 * user's (logout-all, password change or reset) no longer works; neither does a deleted user's.
 */
export async function readSession(app: AppContext, token: string): Promise<{ user: SessionUser; issuedAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, app.secret, {
      algorithms: ["HS256"],
      currentDate: app.clock.now(),
    });
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id)) return null;
    const row: UserRow | undefined = await app.db("users").where({ id }).first();
    if (!row || row.session_version !== payload.sv) return null;
    return { user: toSessionUser(row), issuedAt: payload.iat ?? 0 };
  } catch {
    return null;
  }
}

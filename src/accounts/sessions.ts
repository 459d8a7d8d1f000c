import { SignJWT, jwtVerify } from "jose";
import type { AppContext, Scope, SessionUser } from "../core/context.ts";
import type { SessionOut } from "./schema.ts";
import { describeDevice } from "./user-agent.ts";
import { toSessionUser, type UserRow } from "./users.ts";

export const SESSION_COOKIE = "sf_session";
export const SESSION_LIFETIME_S = 7 * 24 * 3600;
/** A cookie session older than this is reissued on use, so an active user stays signed in. */
export const RENEW_AFTER_S = 3600;
/** last_seen_at is written at most this often per session: "a minute ago" is precise enough, and a write per request is not worth it. */
const SEEN_EVERY_MS = 60_000;

/** Where a request comes from: kept with the session, so its owner can recognise it. */
export interface Client {
  ip: string;
  userAgent: string;
}

/** A signed-in request's scope with the session it came with (to end it, or keep it when others end). */
export type SessionScope = Scope & { sessionId: number };

export interface LiveSession {
  user: SessionUser;
  id: number;
  /** The user's session version the token carries (see `signToken`). */
  version: number;
  issuedAt: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The token names the session row (`sid`) and carries the user's session version (`sv`):
 * logout-everywhere, a password change or reset and account deletion bump the version, so
 * every older token stops working even before its row is gone.
 */
async function signToken(app: AppContext, session: { userId: number; id: number; version: number }, nowMs: number): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({ sv: session.version, sid: session.id })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(session.userId))
    .setIssuedAt(now)
    .setExpirationTime(now + SESSION_LIFETIME_S)
    .sign(app.secret);
}

/**
 * Sessions one account keeps: a student has a phone, a laptop and a school computer or two. Past this,
 * a new sign-in ends the least recently seen one, so a script signing in again and again cannot grow
 * the table (or the settings page's list) without end.
 */
export const MAX_SESSIONS_PER_USER = 20;

/** Starts a session (sign-up, login): a row, and a token naming it. */
export async function startSession(app: AppContext, user: { id: number; session_version: number }, client: Client): Promise<string> {
  const now = app.clock.now().getTime();
  const [row] = await app.db("sessions")
    .insert({
      user_id: user.id,
      created_at: iso(now),
      last_seen_at: iso(now),
      expires_at: iso(now + SESSION_LIFETIME_S * 1000),
      ip_address: client.ip.slice(0, 64),
      user_agent: client.userAgent.slice(0, 512),
    })
    .returning("id");
  const id: number = typeof row === "object" ? row.id : row;
  const stale = await app.db("sessions")
    .where({ user_id: user.id })
    .orderBy([{ column: "last_seen_at", order: "desc" }, { column: "id", order: "desc" }])
    .offset(MAX_SESSIONS_PER_USER)
    .limit(1000)
    .pluck("id");
  if (stale.length) await app.db("sessions").whereIn("id", stale).delete();
  return signToken(app, { userId: user.id, id, version: user.session_version }, now);
}

/** A fresh token for a session that goes on (cookie renewal, a password change); the row lives as long as the new token. */
export async function renewSession(app: AppContext, session: { userId: number; id: number; version: number }): Promise<string> {
  const now = app.clock.now().getTime();
  await app.db("sessions").where({ id: session.id }).update({ expires_at: iso(now + SESSION_LIFETIME_S * 1000) });
  return signToken(app, session, now);
}

/**
 * The session a token stands for, or null: the signature and expiry, then the session row and
 * its user in one query. A token whose row was removed (logout, a session ended from the list) or
 * whose version is older than the user's no longer works; neither does a deleted user's.
 */
export async function readSession(app: AppContext, token: string, client: Client): Promise<LiveSession | null> {
  let sub: number, sid: number, sv: unknown, issuedAt: number;
  try {
    const { payload } = await jwtVerify(token, app.secret, { algorithms: ["HS256"], currentDate: app.clock.now() });
    [sub, sid, sv, issuedAt] = [Number(payload.sub), Number(payload.sid), payload.sv, payload.iat ?? 0];
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(sub) || !Number.isSafeInteger(sid)) return null;
  const now = app.clock.now().getTime();
  const row: (UserRow & { seen_at: string }) | undefined = await app.db("sessions as s")
    .join("users as u", "u.id", "s.user_id")
    .where({ "s.id": sid, "s.user_id": sub })
    .where("s.expires_at", ">", iso(now))
    .first("u.*", "s.last_seen_at as seen_at");
  if (!row || row.session_version !== sv || row.disabled) return null;
  if (now - Date.parse(row.seen_at) >= SEEN_EVERY_MS) {
    await app.db("sessions")
      .where({ id: sid })
      .update({ last_seen_at: iso(now), ip_address: client.ip.slice(0, 64) })
      .catch((err: unknown) => app.log.warn({ err, session_id: sid }, "session last-seen time not updated"));
  }
  return { user: toSessionUser(row), id: sid, version: row.session_version, issuedAt };
}

/** The user's live sessions, this one first, then the most recently seen. */
export async function listSessions(scope: SessionScope): Promise<SessionOut[]> {
  const rows = await scope.db("sessions")
    .where({ user_id: scope.user.id })
    .where("expires_at", ">", iso(scope.clock.now().getTime()))
    .orderBy([{ column: "last_seen_at", order: "desc" }, { column: "id", order: "desc" }]);
  const sessions: SessionOut[] = rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.user_agent),
    ip_address: r.ip_address,
    created_at: r.created_at,
    last_seen_at: r.last_seen_at,
    current: r.id === scope.sessionId,
  }));
  return sessions.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one session of the user; false when they have no such session. */
export async function endSession(app: AppContext, userId: number, id: number): Promise<boolean> {
  return (await app.db("sessions").where({ id, user_id: userId }).delete()) > 0;
}

/** Ends all of the user's sessions, or all but one (the one that changed the password). */
export async function endSessions(app: AppContext, userId: number, except?: number): Promise<void> {
  await app.db("sessions")
    .where({ user_id: userId })
    .modify((q) => {
      if (except !== undefined) q.whereNot({ id: except });
    })
    .delete();
}

/** Hourly maintenance: sessions whose last token has expired. */
export async function removeExpiredSessions(app: AppContext): Promise<number> {
  return app.db("sessions").where("expires_at", "<=", iso(app.clock.now().getTime())).delete();
}

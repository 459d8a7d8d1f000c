/**
 * How often a password may be tried and a mail asked for, counted so that brute force stays
 * expensive while a stranger cannot use the counts to lock the owner out (README, "Security").
 */
import { randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { AppContext } from "../core/context.ts";
import { RATE_RULES, type RateLimiter, type RateRule } from "../core/rate-limit.ts";

type Buckets = readonly (readonly [key: string, rule: RateRule])[];

export const DEVICE_COOKIE = "sf_device";
export const DEVICE_LIFETIME_S = 365 * 24 * 3600;

/**
 * OWASP's device cookie: a signed "this browser signed in to account N before". It grants no
 * access, only a count of login attempts of its own, so the owner's browser is never locked out
 * by strangers guessing elsewhere. Each sign-in issues a new one (a new id, a fresh count). It carries
 * the account's session version, so a password change or reset (or logging out everywhere) also
 * ends the trust: someone who kept device cookies from before cannot use them to guess the new one.
 */
export async function issueDeviceToken(app: AppContext, user: { id: number; session_version: number }): Promise<string> {
  const now = Math.floor(app.clock.now().getTime() / 1000);
  return new SignJWT({ typ: "device", sv: user.session_version })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setJti(randomBytes(16).toString("base64url"))
    .setIssuedAt(now)
    .setExpirationTime(now + DEVICE_LIFETIME_S)
    .sign(app.secret);
}

/** The device's id when `token` is a valid device token for this user as they are now. */
async function trustedDevice(app: AppContext, token: string | undefined, user: { id: number; session_version: number } | undefined): Promise<string | undefined> {
  if (!token || !user) return undefined;
  try {
    const { payload } = await jwtVerify(token, app.secret, { algorithms: ["HS256"], currentDate: app.clock.now() });
    const ok = payload.typ === "device" && payload.sub === String(user.id) && payload.sv === user.session_version && typeof payload.jti === "string";
    return ok ? payload.jti : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What one login attempt counts against. From a browser that signed in to this account before:
 * that device's own count. From anywhere else: the account and network address (the strict
 * limit: brute force from one place stops), and a higher ceiling per account across every
 * address (brute force from many places stops too, at the cost that the owner then needs their
 * own device or has to wait).
 */
export async function loginBuckets(
  app: AppContext,
  attempt: { email: string; ip: string; device?: string; user?: { id: number; session_version: number } },
): Promise<Buckets> {
  const device = await trustedDevice(app, attempt.device, attempt.user);
  if (device) return [[`login-device:${device}`, RATE_RULES.failedLoginPerDevice]];
  return [
    [`login-failed:${attempt.email}|${attempt.ip}`, RATE_RULES.failedLoginPerAccountAddress],
    [`login-failed:${attempt.email}`, RATE_RULES.failedLoginPerAccount],
  ];
}

/** What asking for the current password again counts against: only a signed-in session can ask. */
export const passwordCheckBuckets = (userId: number, sessionId: number): Buckets => [
  [`password-check:session:${sessionId}`, RATE_RULES.passwordCheckPerSession],
  [`password-check:user:${userId}`, RATE_RULES.passwordCheckPerAccount],
];

/**
 * Runs a password check counted against `buckets` (429 once one is full). Counted before the slow
 * check, so a burst of parallel guesses cannot all slip in before the first failure is recorded;
 * taken back when it succeeds, so only failures stay counted.
 */
export async function countedCheck(limits: RateLimiter, buckets: Buckets, check: () => Promise<boolean>): Promise<boolean> {
  await limits.hitAll(buckets);
  const ok = await check();
  if (ok) for (const [key] of buckets) await limits.forgive(key);
  return ok;
}

/**
 * Account mails (reset, verification) per mailbox and requesting network address, so a stranger's
 * requests do not use up the owner's. Per mailbox and hour, repeat requests from addresses that
 * already asked (10) and first requests from new addresses (5) are counted apart: one stranger,
 * however busy, fills only the first, so the owner asking from their own network still gets a mail,
 * and an inbox gets at most about 15 an hour. Keyed by the address typed, known or not, so the
 * answer says nothing about accounts.
 */
export async function limitMail(limits: RateLimiter, mailbox: string, ip: string): Promise<void> {
  const sender = `mail-sender:${mailbox}|${ip}`;
  const seen = (await limits.count(sender, RATE_RULES.mailPerEmail.windowMs)) > 0;
  await limits.hitAll([
    [`mail:${mailbox}|${ip}`, RATE_RULES.mailPerEmailAndAddress],
    seen ? [`mail:${mailbox}`, RATE_RULES.mailPerEmail] : [`mail-new:${mailbox}`, RATE_RULES.mailNewAddressesPerEmail],
    [sender, { ...RATE_RULES.mailPerEmail, limit: Number.MAX_SAFE_INTEGER }],
  ]);
}

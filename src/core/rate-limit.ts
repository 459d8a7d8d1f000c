import { AppError } from "./errors.ts";
import type { Clock } from "./clock.ts";

export interface RateRule {
  /** Requests allowed in the window, before RATE_LIMIT_FACTOR scales it. */
  limit: number;
  windowMs: number;
  /** What the user reads when they hit it. */
  message: string;
}

/**
 * Sliding-window limits kept in memory (one server process). `factor` scales every limit;
 * 0 turns them off (load tests only).
 */
export function createRateLimiter(clock: Clock, factor: number) {
  const hits = new Map<string, number[]>();
  let sinceSweep = 0;

  const recent = (key: string, windowMs: number, now: number) => {
    const list = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
    hits.set(key, list);
    return list;
  };

  const sweep = (now: number) => {
    // Forget keys idle for an hour so memory stays bounded however many addresses come by.
    for (const [key, list] of hits) if (!list.length || list[list.length - 1]! < now - 3600_000) hits.delete(key);
  };

  const tooMany = (rule: RateRule, list: number[], now: number) => {
    const retryAfter = Math.max(1, Math.ceil((list[0]! + rule.windowMs - now) / 1000));
    return new AppError(429, rule.message.replace("{minutes}", String(Math.ceil(retryAfter / 60))), {
      headers: { "Retry-After": String(retryAfter) },
    });
  };

  return {
    /** Throws 429 if the key is already at its limit. */
    check(key: string, rule: RateRule) {
      if (factor === 0) return;
      const now = clock.now().getTime();
      const list = recent(key, rule.windowMs, now);
      if (list.length >= Math.max(1, Math.round(rule.limit * factor))) throw tooMany(rule, list, now);
    },
    /** Counts one event against the key (after check, or on its own for failures). */
    record(key: string, rule: RateRule) {
      if (factor === 0) return;
      const now = clock.now().getTime();
      recent(key, rule.windowMs, now).push(now);
      if (++sinceSweep >= 1000) {
        sinceSweep = 0;
        sweep(now);
      }
    },
    /** check, then record: for limits on every attempt. */
    hit(key: string, rule: RateRule) {
      this.check(key, rule);
      this.record(key, rule);
    },
    /** hit for several keys at once: nothing is counted unless every key is under its limit. */
    hitAll(entries: readonly (readonly [string, RateRule])[]) {
      for (const [key, rule] of entries) this.check(key, rule);
      for (const [key, rule] of entries) this.record(key, rule);
    },
    /** Events of the key within the last `windowMs`. */
    count(key: string, windowMs: number): number {
      return factor === 0 ? 0 : recent(key, windowMs, clock.now().getTime()).length;
    },
    /** Takes back the newest event of the key: an attempt counted up front that turned out fine. */
    forgive(key: string) {
      hits.get(key)?.pop();
    },
    reset(key: string) {
      hits.delete(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const MIN = 60_000;
const HOUR = 60 * MIN;
const FAILED_LOGINS = "Too many failed login attempts. Try again in {minutes} minutes.";
const TOO_MANY_MAILS = "Too many emails requested for this address. Try again in {minutes} minutes.";
/**
 * Sized for schools, where a whole class shares one public address: strict per account,
 * generous per address (30 sign-ups and 300 logins from one address in a minute pass).
 * Per-account limits are split so a stranger cannot use them to lock the owner out (README,
 * "Security"): failed logins count per account and network address, with a higher ceiling per
 * account across all addresses; a browser that signed in to the account before counts apart.
 */
export const RATE_RULES = {
  failedLoginPerAccountAddress: { limit: 10, windowMs: 15 * MIN, message: FAILED_LOGINS },
  failedLoginPerAccount: { limit: 50, windowMs: HOUR, message: FAILED_LOGINS },
  failedLoginPerDevice: { limit: 10, windowMs: 15 * MIN, message: FAILED_LOGINS },
  loginPerAddress: { limit: 600, windowMs: MIN, message: "Too many login attempts from your network. Try again in a minute." },
  registerPerAddress: { limit: 100, windowMs: 10 * MIN, message: "Too many sign-ups from your network. Try again in {minutes} minutes." },
  // The current password asked again (account deletion, a new password or e-mail): only a
  // signed-in session can try, so the limits are per session and per account.
  passwordCheckPerSession: { limit: 5, windowMs: 15 * MIN, message: "Too many wrong passwords. Try again in {minutes} minutes." },
  passwordCheckPerAccount: { limit: 10, windowMs: 15 * MIN, message: "Too many wrong passwords. Try again in {minutes} minutes." },
  mailPerEmailAndAddress: { limit: 3, windowMs: 15 * MIN, message: TOO_MANY_MAILS },
  // Per mailbox and hour: requests from network addresses that already asked for it this hour, and
  // addresses asking for the first time, counted apart (limitMail in accounts/limits.ts).
  mailPerEmail: { limit: 10, windowMs: HOUR, message: TOO_MANY_MAILS },
  mailNewAddressesPerEmail: { limit: 5, windowMs: HOUR, message: TOO_MANY_MAILS },
  mailPerAddress: { limit: 60, windowMs: MIN, message: "Too many requests from your network. Try again in a minute." },
  // Generating without material goes straight to the AI provider (and its bill).
  freeGenerationPerAccount: { limit: 20, windowMs: 10 * MIN, message: "Too many questions requested. Try again in {minutes} minutes." },
} satisfies Record<string, RateRule>;

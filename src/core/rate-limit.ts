import knex, { type Knex } from "knex";
import { beginImmediate } from "./db.ts";
import { AppError } from "./errors.ts";
import type { Clock } from "./clock.ts";

export interface RateRule {
  /** Requests allowed in the window, before RATE_LIMIT_FACTOR scales it. */
  limit: number;
  windowMs: number;
  /** What the user reads when they hit it. */
  message: string;
}

/** Each window is counted in this many slots: a count is exact to a sixtieth of the window. */
const SLOTS = 60;
const slotMs = (windowMs: number) => Math.max(1, Math.floor(windowMs / SLOTS));

/**
 * On SQLite the counters get a connection of their own that commits without waiting for the disk
 * (synchronous=NORMAL; in WAL mode a power cut can lose the last commits, never corrupt the file): a
 * counter lost that way costs nothing, while a synced commit took ~1 ms, up to 25 ms on a busy disk, for
 * every hit (bench/rate-limits.ts). Everything else keeps the main connection's FULL sync.
 */
function countersConnection(db: Knex): Knex {
  const filename = (db.client.config.connection as { filename?: string } | undefined)?.filename;
  if (db.client.config.client !== "sqlite3" || !filename || filename === ":memory:") return db;
  return beginImmediate(
    knex({
      client: "sqlite3",
      connection: { filename },
      useNullAsDefault: true,
      pool: {
        min: 0,
        max: 1,
        afterCreate(conn: { exec(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) {
          conn.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;", (err) => done(err, conn));
        },
      },
    }),
  );
}

/**
 * Sliding-window limits counted in the database (table rate_limits), so they hold across every instance
 * on it: a failed login on one instance counts on the next. Each (key, window) has a counter per slot of
 * a sixtieth of the window; an event adds one to its slot (one upsert) and the count is the sum of the
 * slots that began within the window, so an event stops counting between 59/60 and one whole window after
 * it happened. Checking and counting run in one transaction: on SQLite it holds the write lock (BEGIN
 * IMMEDIATE), on PostgreSQL the upsert locks the slot's row until commit, so two instances counting the
 * same key at once see each other and a limit is never passed, exactly (16 wrong join codes at once: 10
 * answered, 6 refused). A refused attempt is rolled back, not counted. `factor` scales every limit; 0 turns them off (load tests only).
 *
 * Not from inside a transaction on SQLite: the counters' writes would wait for that transaction's lock.
 */
export function createRateLimiter(mainDb: Knex, clock: Clock, factor: number) {
  const db = countersConnection(mainDb);
  const limitOf = (rule: RateRule) => Math.max(1, Math.round(rule.limit * factor));

  /** The events of `key` in the window, and when the oldest counted slot began. */
  const tally = async (q: Knex, key: string, windowMs: number, now: number) => {
    const row: { n: number | string | null; oldest: number | string | null } | undefined = await q("rate_limits")
      .where({ key, window_ms: windowMs })
      .andWhere("slot_start", ">", now - windowMs)
      .andWhere("hits", ">", 0)
      .first(q.raw("sum(hits) as n"), q.raw("min(slot_start) as oldest"));
    return { n: Number(row?.n ?? 0), oldest: Number(row?.oldest ?? now) };
  };

  const add = (q: Knex, key: string, windowMs: number, now: number) => {
    const slot = slotMs(windowMs);
    const slotStart = Math.floor(now / slot) * slot;
    return q("rate_limits")
      .insert({ key, window_ms: windowMs, slot_start: slotStart, hits: 1, expires_at: slotStart + slot + windowMs })
      .onConflict(["key", "window_ms", "slot_start"])
      .merge({ hits: q.raw("rate_limits.hits + 1") });
  };

  const tooMany = (rule: RateRule, oldest: number, now: number) => {
    const retryAfter = Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000));
    return new AppError(429, rule.message.replace("{minutes}", String(Math.ceil(retryAfter / 60))), {
      headers: { "Retry-After": String(retryAfter) },
    });
  };

  /** Counts one event against each key, unless one of them would pass its limit (then 429, nothing counted). */
  const hitAll = async (entries: readonly (readonly [string, RateRule])[]) => {
    if (factor === 0 || !entries.length) return;
    const now = clock.now().getTime();
    await db.transaction(async (trx) => {
      for (const [key, rule] of entries) await add(trx, key, rule.windowMs, now);
      for (const [key, rule] of entries) {
        const { n, oldest } = await tally(trx, key, rule.windowMs, now);
        if (n > limitOf(rule)) throw tooMany(rule, oldest, now);
      }
    });
  };

  return {
    /** Throws 429 if the key is already at its limit. */
    async check(key: string, rule: RateRule) {
      if (factor === 0) return;
      const now = clock.now().getTime();
      const { n, oldest } = await tally(db, key, rule.windowMs, now);
      if (n >= limitOf(rule)) throw tooMany(rule, oldest, now);
    },
    /** Counts one event against the key (after check, or on its own for failures). */
    async record(key: string, rule: RateRule) {
      if (factor === 0) return;
      await add(db, key, rule.windowMs, clock.now().getTime());
    },
    /** check and count in one step: for limits on every attempt. */
    hit: (key: string, rule: RateRule) => hitAll([[key, rule]]),
    /** hit for several keys at once: nothing is counted unless every key is under its limit. */
    hitAll,
    /** Events of the key within the last `windowMs`. */
    async count(key: string, windowMs: number): Promise<number> {
      return factor === 0 ? 0 : (await tally(db, key, windowMs, clock.now().getTime())).n;
    },
    /** Takes back the newest event of the key: an attempt counted up front that turned out fine. */
    async forgive(key: string) {
      const newest: { window_ms: number; slot_start: number | string } | undefined = await db("rate_limits")
        .where({ key })
        .andWhere("hits", ">", 0)
        .orderBy("slot_start", "desc")
        .first("window_ms", "slot_start");
      if (!newest) return;
      await db("rate_limits")
        .where({ key, window_ms: newest.window_ms, slot_start: newest.slot_start })
        .andWhere("hits", ">", 0)
        .decrement("hits", 1);
    },
    async reset(key: string) {
      await db("rate_limits").where({ key }).delete();
    },
    /** Closes the counters' own connection (SQLite), if it has one. */
    async close() {
      if (db !== mainDb) await db.destroy();
    },
  };
}

/** Counters whose slots left every window: the hourly housekeeping's part for the limits. */
export async function removeExpiredRateLimits(app: { db: Knex; clock: Clock }): Promise<number> {
  return app.db("rate_limits").where("expires_at", "<", app.clock.now().getTime()).delete();
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
  // Sign-in with a provider (start and callback), like logins: a class behind one address signs in at once.
  oidcPerAddress: { limit: 600, windowMs: MIN, message: "Too many sign-in attempts from your network. Try again in a minute." },
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

/**
 * Work that one instance does for all of them (the hourly housekeeping, the morning reminders), when
 * several instances share one database. A named lease row (table leases): an instance takes it when it
 * is free or past its expiry, in one conditional statement, so of two instances asking at once exactly
 * one gets it, on SQLite and PostgreSQL alike. The winner keeps it until it expires instead of giving it
 * back when done: the other instances' timers fire for the same run a moment later (their clocks and
 * start-up differ by seconds) and must find it taken, not free, or the run would happen again. An
 * instance that dies holding a lease blocks no one past its expiry.
 *
 * Why not pg_advisory_lock: it is PostgreSQL only, and it says only "not at the same time"; a second
 * instance taking the lock right after the first released it would run the same hour's work again.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Knex } from "knex";
import type { Clock } from "./clock.ts";

/** This process among the instances: host, process id and a random part (a reused pid is another one). */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/**
 * Takes the lease `name` for `ttlMs` if it is free, expired, or already this instance's; true when this
 * instance holds it now.
 */
export function takeLease(app: { db: Knex; clock: Clock }, name: string, ttlMs: number): Promise<boolean> {
  return claim(app, name, INSTANCE_ID, ttlMs);
}

async function claim(app: { db: Knex; clock: Clock }, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = app.clock.now().getTime();
  const until = now + ttlMs;
  // The row exists once; afterwards only the conditional update below decides.
  await app.db("leases").insert({ name, holder: "", expires_at: 0 }).onConflict("name").ignore();
  const taken = await app.db("leases")
    .where({ name })
    .andWhere((q) => q.where("expires_at", "<=", now).orWhere({ holder }))
    .update({ holder, expires_at: until });
  return taken === 1;
}

export interface HoldOptions {
  /** How long the lease outlives a holder that stops renewing it (a dead instance). */
  ttlMs: number;
  /** How long to wait for a lease someone else holds; 0: refuse at once. */
  waitMs: number;
  /** The error for a lease still held after waitMs. */
  busy: () => Error;
}

/**
 * Takes the lease `name` exclusively: across instances, and across calls in this one (each call is its
 * own holder). Waits for a held lease, checking again at growing intervals, up to `waitMs`, then throws
 * `busy()`. The lease is renewed until the returned release is called, so the work may outlast `ttlMs`;
 * an instance that dies holding it blocks the others for `ttlMs` at most. Release deletes the row, so
 * names made from data (a content hash, a user) leave nothing behind.
 *
 * Why a lease and not pg_advisory_lock: an advisory lock lives on one connection, which would then be
 * kept from the pool for the whole work (a scan of many seconds, an AI call of minutes); and it does
 * not exist on SQLite, where the CLI and the server are two processes on one file.
 */
export async function holdLease(app: { db: Knex; clock: Clock }, name: string, opts: HoldOptions): Promise<() => Promise<void>> {
  const holder = `${INSTANCE_ID}:${randomBytes(4).toString("hex")}`;
  const deadline = Date.now() + opts.waitMs;
  for (let pause = 10; !(await claim(app, name, holder, opts.ttlMs)); pause = Math.min(pause * 2, 500)) {
    if (Date.now() + pause > deadline) throw opts.busy();
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  const renewal = setInterval(() => void claim(app, name, holder, opts.ttlMs).catch(() => undefined), opts.ttlMs / 3);
  return async () => {
    clearInterval(renewal);
    await app.db("leases").where({ name, holder }).delete();
  };
}

/** Runs `task` while holding the lease `name` (holdLease). */
export async function whileHoldingLease<T>(app: { db: Knex; clock: Clock }, name: string, opts: HoldOptions, task: () => Promise<T>): Promise<T> {
  const release = await holdLease(app, name, opts);
  try {
    return await task();
  } finally {
    await release();
  }
}

/**
 * The leases table at a glance, for `studyforge doctor`: how many are held now, and (at most 5) those
 * that end later than any lease is ever taken for (`longestMs` from now): a wrong clock on an instance.
 */
export async function leaseSummary(db: Knex, nowMs: number, longestMs: number): Promise<{ held: number; tooLong: { name: string; holder: string; expires_at: number }[] }> {
  const [row] = await db("leases").where("expires_at", ">", nowMs).count({ n: "*" });
  const tooLong: { name: string; holder: string; expires_at: number | string }[] = await db("leases")
    .where("expires_at", ">", nowMs + longestMs)
    .select("name", "holder", "expires_at")
    .orderBy("expires_at", "desc")
    .limit(5);
  return { held: Number(row?.n ?? 0), tooLong: tooLong.map((r) => ({ ...r, expires_at: Number(r.expires_at) })) };
}

/** Gives the lease back early (this instance's only), e.g. when it stops. */
export async function releaseLease(app: { db: Knex }, name: string): Promise<void> {
  await app.db("leases").where({ name, holder: INSTANCE_ID }).update({ expires_at: 0 });
}

/**
 * Runs `task` on this instance only if it takes the lease `name` for `ttlMs` (longer than the task may
 * run, shorter than the time to its next run); otherwise another instance has it and this one skips.
 * Returns the task's result, or undefined when skipped.
 */
export async function onOneInstance<T>(app: { db: Knex; clock: Clock }, name: string, ttlMs: number, task: () => Promise<T>): Promise<T | undefined> {
  if (!(await takeLease(app, name, ttlMs))) return undefined;
  return task();
}

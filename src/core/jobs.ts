import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { EventEmitter } from "node:events";
import os from "node:os";
import type { AppContext, Scope } from "./context.ts";
import { AppError } from "./errors.ts";
import { findOwned } from "./policy.ts";
import { lockKey, type Db } from "./db.ts";
import { isSqlite } from "./dialect.ts";
import { shared } from "./shared.ts";

export type JobState = "queued" | "running" | "done" | "failed" | "cancelled";

/** The job as the API and its Server-Sent Events present it. */
export interface JobView {
  job_id: number;
  state: JobState;
  progress: { done: number; total: number };
  test_id?: number;
  error?: { status: number; detail: unknown; suggestions?: string[] };
}

interface JobRow {
  id: number;
  user_id: number;
  kind: string;
  state: JobState;
  params: string;
  progress_done: number;
  progress_total: number;
  test_id: number | null;
  error: string | null;
  attempts: number;
  cancel_requested: number | boolean;
  claimed_by: string | null;
  lease_until: string | null;
}

export interface JobControl {
  signal: AbortSignal;
  progress(done: number, total: number): Promise<void>;
}

/** A kind of job: takes its params and the owner's scope, returns the test it made. */
export type JobHandler = (scope: Scope, params: unknown, control: JobControl) => Promise<{ test_id: number }>;

const handlers = new Map<string, JobHandler>();
export function registerJobHandler(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

/**
 * How a job ended, for a feature that reacts to it (a notification): its owner, its kind, and whether
 * anyone was following it at that moment (a Server-Sent Events stream, a request waiting for its test).
 */
export interface JobOutcome {
  job: JobView;
  userId: number;
  kind: string;
  watched: boolean;
}
/**
 * Called inside the transaction that records the job's end (`scope.db`), so what it writes is there
 * as soon as anyone can see the job ended: a student who finds the test ready finds its notification.
 */
export type JobOutcomeListener = (scope: AppContext, outcome: JobOutcome) => Promise<void>;

const FINAL: JobState[] = ["done", "failed", "cancelled"];
/** How often a job interrupted by a restart is tried again before it fails. */
const MAX_ATTEMPTS = 3;
/**
 * A running job's lease: its holder renews it every LEASE_RENEW_MS; one not renewed for LEASE_MS (the
 * holder died or hangs) is taken over by any instance. Real time, not the app's clock: a lease is about
 * processes being alive, and a test that moves one server's clock must not make it steal jobs.
 */
export const LEASE_MS = 30_000;
const LEASE_RENEW_MS = 10_000;
/** How often a follower of a job run elsewhere (another instance, the CLI) reads its row. */
const FOLLOW_POLL_MS = 1_000;
const leaseUntil = () => new Date(Date.now() + LEASE_MS).toISOString();
/**
 * Whether a lease holder (`host:pid:runner`) may still be alive: false only for a process of this
 * machine that no longer exists. A reused process id counts as alive, and the lease then runs out.
 */
function holderAlive(claimedBy: string): boolean {
  const [host, pid] = claimedBy.split(":");
  if (host !== os.hostname() || !/^\d+$/.test(pid ?? "")) return true;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Narrows a query on jobs to those whose lease ran out (or that never had one: running before leases). */
const leaseExpired = <Q extends Knex.QueryBuilder>(q: Q): Q => q.where((l) => l.whereNull("lease_until").orWhere("lease_until", "<", new Date().toISOString())) as Q;

export function toJobView(row: JobRow): JobView {
  const view: JobView = { job_id: row.id, state: row.state, progress: { done: row.progress_done, total: row.progress_total } };
  if (row.test_id) view.test_id = row.test_id;
  if (row.error) view.error = JSON.parse(row.error);
  return view;
}

/**
 * Runs queued jobs in this process, `concurrency` at a time, beside other instances on the same
 * database. A job is claimed with its lease (see LEASE_MS): on PostgreSQL the candidate row is locked
 * with FOR UPDATE SKIP LOCKED, so instances claiming at once take different jobs without waiting on
 * each other; on SQLite the claim is a conditional update (one writer at a time anyway). Events go to
 * listeners (Server-Sent Events, a request waiting for its test); a job run by another instance is
 * followed by reading its row (see follow).
 */
function createRunner(app: AppContext, concurrency: number) {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const outcomeListeners = new Set<JobOutcomeListener>();
  const running = new Map<number, AbortController>();
  const settled = new Set<Promise<void>>();
  /** This runner's name in `claimed_by`: unique per process and per context (tests run two in one process). */
  const holder = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let pumping = false;
  const timer = setInterval(() => void pump(), 1000);
  timer.unref();
  const leaseTimer = setInterval(() => void renewLeases(), LEASE_RENEW_MS);
  leaseTimer.unref();
  const followed = new Map<number, string>();
  const followTimer = setInterval(() => void follow(), FOLLOW_POLL_MS);
  followTimer.unref();

  const now = () => app.clock.now().toISOString();

  async function publish(id: number) {
    const row: JobRow | undefined = await app.db("jobs").where({ id }).first();
    if (row) events.emit(`job:${id}`, toJobView(row));
  }

  /** The job's row while this runner holds it; an update through it after a takeover changes nothing. */
  const held = (id: number, db: Db = app.db) => db("jobs").where({ id, claimed_by: holder, state: "running" });

  async function finish(job: JobRow, changes: Partial<JobRow>) {
    // Read before publishing: a follower stops listening once it hears the end.
    const watched = events.listenerCount(`job:${job.id}`) > 0;
    const recorded = await app.db.transaction(async (trx) => {
      // Another instance took the job over while this one stalled past its lease: its outcome counts.
      if (!(await held(job.id, trx).update({ ...changes, claimed_by: null, lease_until: null, updated_at: now() }))) return false;
      if (changes.state === "done" || changes.state === "failed") await tellOutcome({ ...app, db: trx }, job, watched);
      return true;
    });
    if (recorded) await publish(job.id);
  }

  /** The outcome listeners, in the transaction that ends the job; each in a savepoint, so one failing undoes only its own writes. */
  async function tellOutcome(scope: AppContext, job: JobRow, watched: boolean) {
    const row: JobRow = await scope.db("jobs").where({ id: job.id }).first();
    const outcome = { job: toJobView(row), userId: job.user_id, kind: job.kind, watched };
    for (const listener of outcomeListeners) {
      await scope.db
        .transaction((savepoint) => listener({ ...scope, db: savepoint }, outcome))
        .catch((err: unknown) => app.log.error({ err, job_id: job.id }, "a job outcome listener failed"));
    }
  }

  /**
   * Takes the oldest queued job, or a running one whose holder let its lease run out (it died): that one
   * resumes here, unless it already had its tries, in which case it fails with a reason instead.
   */
  async function claim(): Promise<JobRow | undefined> {
    // Only kinds this process can run: a CLI that never loaded the study features must leave their jobs
    // for the server, not fail them for want of a handler.
    const candidate = (db: Db) =>
      db("jobs")
        .whereIn("kind", [...handlers.keys()])
        .where((q) => q.where({ state: "queued" }).orWhere((r) => leaseExpired(r.where({ state: "running" })).where("attempts", "<", MAX_ATTEMPTS)))
        .orderBy("id")
        .first();
    for (;;) {
      // A plain read first: the queue is empty most of the time, and then no transaction (on SQLite a
      // write lock) is taken every second.
      if (!(await candidate(app.db))) return undefined;
      const outcome = await app.db.transaction(async (trx) => {
        const next: JobRow | undefined = await (isSqlite(trx) ? candidate(trx) : candidate(trx).forUpdate().skipLocked());
        if (!next) return "none" as const;
        // Conditional on what was read: on SQLite another process may have claimed it in between.
        const same = trx("jobs").where({ id: next.id, state: next.state, attempts: next.attempts });
        const taken = { state: "running" as const, attempts: next.attempts + 1, claimed_by: holder, lease_until: leaseUntil(), updated_at: now() };
        const won = await same.update(taken);
        if (next.state === "running" && won) app.log.warn({ job_id: next.id, from: next.claimed_by }, "took over a job whose instance stopped renewing its lease");
        return won ? { claimed: { ...next, ...taken } } : "lost";
      });
      if (outcome === "none") return undefined;
      if (outcome !== "lost") return outcome.claimed;
    }
  }

  /**
   * Ends at once the leases of holders on this machine whose process is gone (a crash, kill -9), so a
   * server restarted after a crash, or its neighbour, resumes their jobs now instead of after LEASE_MS.
   * Holders elsewhere cannot be checked from here: their leases run out.
   */
  async function releaseDeadHolders() {
    const held: { id: number; claimed_by: string }[] = await app.db("jobs").where({ state: "running" }).whereNot({ claimed_by: holder }).where("lease_until", ">=", new Date().toISOString()).select("id", "claimed_by");
    for (const job of held) {
      if (holderAlive(job.claimed_by)) continue;
      await app.db("jobs").where({ id: job.id, state: "running", claimed_by: job.claimed_by }).update({ lease_until: null });
    }
  }

  /** Fails the jobs whose holder died after they had their tries (claim resumes the others). */
  async function failExhausted() {
    await releaseDeadHolders();
    const exhausted: { id: number }[] = await leaseExpired(app.db("jobs").where({ state: "running" })).where("attempts", ">=", MAX_ATTEMPTS).select("id");
    const error = { status: 500, detail: "The server restarted several times while this test was being generated. Please try again." };
    for (const { id } of exhausted) {
      const failed = await leaseExpired(app.db("jobs").where({ id, state: "running" })).update({ state: "failed", error: JSON.stringify(error), claimed_by: null, lease_until: null, updated_at: now() });
      if (failed) await publish(id);
    }
  }

  /** Renews the leases of the jobs running here. */
  async function renewLeases() {
    const ids = [...running.keys()];
    if (!ids.length || stopped) return;
    try {
      await app.db("jobs").whereIn("id", ids).where({ claimed_by: holder, state: "running" }).update({ lease_until: leaseUntil() });
    } catch (err) {
      app.log.error({ err }, "could not renew the leases of running jobs");
    }
  }

  /**
   * Stops a job running here that was cancelled through another instance (cancel_requested) or taken
   * over by one (this process stalled past its lease).
   */
  async function checkRunning() {
    const ids = [...running.keys()];
    if (!ids.length || stopped) return;
    const rows: Pick<JobRow, "id" | "claimed_by" | "state" | "cancel_requested">[] = await app.db("jobs").whereIn("id", ids).select("id", "claimed_by", "state", "cancel_requested");
    for (const row of rows) {
      if (row.cancel_requested || row.claimed_by !== holder || row.state !== "running") running.get(row.id)?.abort();
    }
  }

  /**
   * Jobs someone here follows but another instance (or the CLI) runs: their rows are read once a
   * FOLLOW_POLL_MS for all of them together, and a change is published like a local one. Polling the
   * table works on both databases and holds no connection of its own (LISTEN/NOTIFY would need one per
   * instance, and SQLite has nothing like it); progress arrives within a second.
   */
  async function follow() {
    const ids = [...followed.keys()].filter((id) => !running.has(id));
    try {
      await checkRunning();
      if (!ids.length || stopped) return;
      for (let i = 0; i < ids.length; i += 500) {
        const rows: JobRow[] = await app.db("jobs").whereIn("id", ids.slice(i, i + 500));
        for (const row of rows) {
          const view = toJobView(row);
          const seen = JSON.stringify(view);
          if (followed.get(row.id) === seen || !followed.has(row.id)) continue;
          followed.set(row.id, seen);
          events.emit(`job:${row.id}`, view);
        }
      }
    } catch (err) {
      app.log.error({ err }, "could not read the jobs being followed");
    }
  }

  async function run(job: JobRow) {
    const controller = new AbortController();
    running.set(job.id, controller);
    try {
      await publish(job.id);
      const handler = handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const owner = await app.db("users").where({ id: job.user_id }).first();
      if (!owner) throw new AppError(410, "The account that asked for this job no longer exists.");
      const role = owner.role ?? (owner.is_admin ? "admin" : "student");
      const user = { id: owner.id, username: owner.username, email: owner.email, role, is_admin: role === "admin", is_verified: Boolean(owner.is_verified) };
      const scope: Scope = { ...app, user };
      const control: JobControl = {
        signal: controller.signal,
        progress: async (done, total) => {
          await held(job.id).update({ progress_done: done, progress_total: total, updated_at: now() });
          await publish(job.id);
        },
      };
      const result = await handler(scope, JSON.parse(job.params), control);
      await finish(job, { state: "done", test_id: result.test_id });
    } catch (err) {
      if (stopped) {
        // Shutting down: stop() put the job back in the queue to resume at the next start.
      } else if (controller.signal.aborted) {
        await finish(job, { state: "cancelled", error: null });
      } else if (err instanceof AppError) {
        const suggestions = err.extra.suggestions as string[] | undefined;
        await finish(job, { state: "failed", error: JSON.stringify({ status: err.status, detail: err.detail, ...(suggestions ? { suggestions } : {}) }) });
      } else {
        app.log.error({ err, job_id: job.id }, "job failed unexpectedly");
        await finish(job, { state: "failed", error: JSON.stringify({ status: 500, detail: "Something went wrong while generating the test. Please try again." }) });
      }
    } finally {
      running.delete(job.id);
      if (!stopped) void pump();
    }
  }

  async function pump() {
    if (pumping || stopped) return;
    pumping = true;
    try {
      await failExhausted();
      while (!stopped && running.size < concurrency) {
        const job = await claim();
        if (!job) break;
        // A database failure while recording the outcome must not become an unhandled rejection.
        const done = run(job).catch((err: unknown) => app.log.error({ err, job_id: job.id }, "could not record the job's outcome"));
        settled.add(done);
        void done.finally(() => settled.delete(done));
      }
    } catch (err) {
      app.log.error({ err }, "job queue check failed");
    } finally {
      pumping = false;
    }
  }

  return {
    events,
    outcomeListeners,
    pump,
    failExhausted,
    holder,
    abort(id: number) {
      running.get(id)?.abort();
    },
    /** Starts or stops reading a job's row for followers here; a job running here needs none. */
    follow(id: number, on: boolean) {
      if (on) followed.set(id, followed.get(id) ?? "");
      else if (!events.listenerCount(`job:${id}`)) followed.delete(id);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(leaseTimer);
      clearInterval(followTimer);
      // Jobs cut short by a shutdown go back to the queue, for another instance now or this one at its next start.
      for (const [id, controller] of running) {
        await held(id).update({ state: "queued", claimed_by: null, lease_until: null, updated_at: now() });
        controller.abort();
      }
      // Let the handlers unwind before the database closes under them.
      await Promise.allSettled([...settled]);
    },
  };
}

export function jobRunner(app: AppContext) {
  return shared(app, "job-runner", () => createRunner(app, 2), (runner) => runner.stop());
}

/**
 * At start: jobs resume. A job left running by an instance that died is taken over once its lease runs
 * out (claim), unless it already had its tries, in which case it fails with a reason instead of hanging.
 * Jobs of instances still alive are left to them.
 */
export async function recoverJobs(app: AppContext): Promise<void> {
  const runner = jobRunner(app);
  await runner.failExhausted();
  void runner.pump();
}

/**
 * Queues a job for the scope's user (`provider`: the AI provider a generation uses, for analytics).
 * With `limit`, the count of the user's waiting and running
 * jobs and the insert are one atomic step, so a burst of parallel requests cannot slip past the limit.
 */
export async function enqueueJob(
  scope: Scope,
  kind: string,
  params: unknown,
  total: number,
  options: { limit?: { maxActive: number; tooMany: () => AppError }; provider?: string } = {},
): Promise<JobView> {
  const { limit } = options;
  const at = scope.clock.now().toISOString();
  const id = await scope.db.transaction(async (trx) => {
    if (limit) {
      await lockKey(trx, `jobs:${scope.user.id}`);
      const active = await trx("jobs").where({ user_id: scope.user.id }).whereIn("state", ["queued", "running"]).count({ n: "*" }).first();
      if (Number(active?.n ?? 0) >= limit.maxActive) throw limit.tooMany();
    }
    const [row] = await trx("jobs")
      .insert({ user_id: scope.user.id, kind, state: "queued", params: JSON.stringify(params), progress_total: total, provider: options.provider ?? null, created_at: at, updated_at: at })
      .returning("id");
    return (typeof row === "object" ? row.id : row) as number;
  });
  void jobRunner(scope).pump();
  return getJob(scope, id);
}

const findJob = (scope: Scope, id: number) => findOwned<JobRow>(scope, "jobs", id, "Job");

export async function getJob(scope: Scope, id: number): Promise<JobView> {
  return toJobView(await findJob(scope, id));
}

export async function cancelJob(scope: Scope, id: number): Promise<JobView> {
  const row = await findJob(scope, id);
  if (row.state === "queued") {
    await scope.db("jobs").where({ id, state: "queued" }).update({ state: "cancelled", updated_at: scope.clock.now().toISOString() });
  } else if (row.state === "running") {
    await scope.db("jobs").where({ id }).update({ cancel_requested: true });
    jobRunner(scope).abort(id);
    await waitForJob(scope, id, 10_000).catch(() => undefined);
  }
  const view = await getJob(scope, id);
  jobRunner(scope).events.emit(`job:${id}`, view);
  return view;
}

/**
 * Calls `listener` when a job of this context's runner is done or failed (not cancelled: the student
 * did that). Registered where the server is wired together; returns the unsubscribe.
 */
export function onJobOutcome(app: AppContext, listener: JobOutcomeListener): () => void {
  const { outcomeListeners } = jobRunner(app);
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

/**
 * Calls `listener` with each new state of the job until it ends, wherever it runs (this instance,
 * another one, the CLI); returns the unsubscribe.
 */
export function watchJob(app: AppContext, id: number, listener: (view: JobView) => void): () => void {
  const runner = jobRunner(app);
  runner.events.on(`job:${id}`, listener);
  runner.follow(id, true);
  return () => {
    runner.events.off(`job:${id}`, listener);
    runner.follow(id, false);
  };
}

export const isFinal = (view: JobView) => FINAL.includes(view.state);

/** Resolves with the job once it is done, failed or cancelled. */
export async function waitForJob(scope: Scope, id: number, timeoutMs = 30 * 60_000): Promise<JobView> {
  return new Promise<JobView>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new AppError(504, "The test is taking long to generate; it carries on in the background."));
    }, timeoutMs);
    const stop = watchJob(scope, id, (view) => {
      if (isFinal(view)) {
        clearTimeout(timer);
        stop();
        resolve(view);
      }
    });
    // It may have ended before we started listening.
    getJob(scope, id).then((view) => {
      if (isFinal(view)) {
        clearTimeout(timer);
        stop();
        resolve(view);
      }
    }, reject);
  });
}

/** The shared queue right now: jobs waiting and running, and the oldest waiting job's age. */
export async function queueCounts(app: AppContext): Promise<{ queued: number; running: number; oldest_queued_at: string | null }> {
  const rows: { state: string; n: number | string; oldest: string | null }[] = await app
    .db("jobs")
    .whereIn("state", ["queued", "running"])
    .groupBy("state")
    .select("state")
    .count({ n: "*" })
    .min({ oldest: "created_at" });
  const by = new Map(rows.map((r) => [r.state, r]));
  return { queued: Number(by.get("queued")?.n ?? 0), running: Number(by.get("running")?.n ?? 0), oldest_queued_at: by.get("queued")?.oldest ?? null };
}

export interface EndedJob {
  id: number;
  user_id: number;
  state: "failed" | "cancelled";
  created_at: string;
  updated_at: string;
}

/** Failed and cancelled jobs that ended before `before` (ISO): nobody is waiting for them any more. */
export async function failedJobsBefore(db: Db, before: string): Promise<EndedJob[]> {
  return db("jobs").whereIn("state", ["failed", "cancelled"]).where("updated_at", "<", before).orderBy("id").select("id", "user_id", "state", "created_at", "updated_at");
}

/** Deletes the given jobs if they are still failed or cancelled; returns how many went. */
export async function deleteEndedJobs(db: Db, ids: number[]): Promise<number> {
  let deleted = 0;
  // In slices: SQLite limits the number of bound parameters.
  for (let i = 0; i < ids.length; i += 500) {
    deleted += await db("jobs").whereIn("id", ids.slice(i, i + 500)).whereIn("state", ["failed", "cancelled"]).delete();
  }
  return deleted;
}

/** Generation jobs of `kind` that finished (done or failed) since `since`, with how long each took. */
export async function finishedJobsSince(db: Db, kind: string, since: string) {
  const rows: { provider: string | null; state: "done" | "failed"; created_at: string; updated_at: string }[] = await db("jobs")
    .where({ kind })
    .where("created_at", ">=", since)
    .whereIn("state", ["done", "failed"])
    .select("provider", "state", "created_at", "updated_at");
  return rows;
}

import { collectDefaultMetrics, Gauge, Histogram } from "prom-client";
import { VERSION, type AppContext } from "../core/context.ts";
import { jobTiming } from "../core/job-timing.ts";
import { onJobOutcome, queueCounts } from "../core/jobs.ts";
import { metricsOf } from "../core/metrics.ts";

/** Seconds from queued to finished: a builtin test in seconds, a language model's in minutes. */
const JOB_BUCKETS = [1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

/** Seconds: a query on loopback to one waiting behind a busy pool. */
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** The pool knex draws connections from (tarn), as far as the metrics read it. */
interface PoolStats {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  on(event: "acquireRequest" | "acquireSuccess" | "acquireFail", listener: (eventId: number) => void): void;
}

/** Starts of things in flight by id, bounded: an id whose end never comes (a lost connection) cannot grow it forever. */
function stopwatch(observe: (seconds: number) => void, max = 10_000) {
  const started = new Map<string | number, number>();
  return {
    start(id: string | number) {
      if (started.size < max) started.set(id, performance.now());
    },
    stop(id: string | number) {
      const t = started.get(id);
      if (t === undefined) return;
      started.delete(id);
      observe((performance.now() - t) / 1000);
    },
  };
}

/**
 * The server's metrics beyond those features record as they work: Node's own (event-loop delay, heap,
 * GC, CPU), the job queue, finished jobs, and the database pool. Called once where the server is wired
 * together (server.ts); the CLI never starts them. Queue depth comes from the shared jobs table, so on
 * PostgreSQL every instance reports the same figure (take max(), not sum(), across instances); finished
 * jobs are counted by the instance that ran them.
 */
export function instrumentServer(app: AppContext): void {
  const { registry } = metricsOf(app);
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  new Gauge({ name: "studyforge_info", help: "The running version (always 1)", labelNames: ["version"] as const, registers }).set({ version: VERSION }, 1);

  // A scrape while the database is down still answers (with the last figures) and says so in the log.
  const queueDepth = new Gauge({
    name: "studyforge_job_queue_depth",
    help: "Jobs waiting and running in the shared queue (all instances), by state",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      try {
        const counts = await queueCounts(app);
        queueDepth.set({ state: "queued" }, counts.queued);
        queueDepth.set({ state: "running" }, counts.running);
        const oldest = counts.oldest_queued_at ? (app.clock.now().getTime() - Date.parse(counts.oldest_queued_at)) / 1000 : 0;
        oldestQueued.set(Math.max(0, oldest));
      } catch (err) {
        app.log.warn({ err }, "metrics: could not read the job queue");
      }
    },
  });
  const oldestQueued = new Gauge({ name: "studyforge_job_queue_oldest_seconds", help: "Age of the oldest waiting job (0 when none waits)", registers });

  const jobDuration = new Histogram({
    name: "studyforge_job_duration_seconds",
    help: "Time from queued to finished of jobs this instance ran, by kind, provider and final state (done or failed)",
    labelNames: ["kind", "provider", "state"] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  onJobOutcome(app, async (scope, { job, kind }) => {
    const timing = await jobTiming(scope.db, job.job_id);
    if (!timing) return;
    // new Date() reads both SQLite's ISO text and a PostgreSQL timestamp.
    const seconds = (new Date(timing.updated_at).getTime() - new Date(timing.created_at).getTime()) / 1000;
    jobDuration.observe({ kind, provider: timing.provider ?? "none", state: job.state }, Math.max(0, seconds));
  });

  // Read at each scrape: knex makes a new pool if the old one is destroyed and the database opened again.
  const poolOf = () => (app.db.client as { pool?: PoolStats }).pool;
  const poolConnections = new Gauge({
    name: "studyforge_db_pool_connections",
    help: "Database connections by state: used, free, and requests waiting for one (pending_acquire) or for one to open (pending_create)",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const pool = poolOf();
      if (!pool) return;
      poolConnections.set({ state: "used" }, pool.numUsed());
      poolConnections.set({ state: "free" }, pool.numFree());
      poolConnections.set({ state: "pending_acquire" }, pool.numPendingAcquires());
      poolConnections.set({ state: "pending_create" }, pool.numPendingCreates());
    },
  });
  new Gauge({ name: "studyforge_db_pool_max", help: "Most database connections this instance opens", registers }).set(poolOf()?.max ?? 0);

  // Where a request's time goes: waiting for a connection (a pool too small for the load) versus the
  // database answering. Together with the request histogram they tell a slow query from a queue.
  const acquire = new Histogram({ name: "studyforge_db_pool_acquire_seconds", help: "Time a query waited for a database connection from the pool", buckets: DB_BUCKETS, registers });
  const queries = new Histogram({ name: "studyforge_db_query_duration_seconds", help: "Time from sending a query to the database to its answer (transactions' statements included)", buckets: DB_BUCKETS, registers });
  const waits = stopwatch((s) => acquire.observe(s));
  const pool = poolOf();
  pool?.on("acquireRequest", (id) => waits.start(id));
  pool?.on("acquireSuccess", (id) => waits.stop(id));
  pool?.on("acquireFail", (id) => waits.stop(id));
  const running = stopwatch((s) => queries.observe(s));
  const queryId = (q: { __knexQueryUid?: string }) => q.__knexQueryUid;
  app.db.on("query", (q) => queryId(q) && running.start(queryId(q)!));
  app.db.on("query-response", (_r, q) => queryId(q) && running.stop(queryId(q)!));
  app.db.on("query-error", (_e, q) => queryId(q) && running.stop(queryId(q)!));
}

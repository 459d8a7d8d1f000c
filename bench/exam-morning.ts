/**
 * Exam morning: a whole year (2,000 students, in classes of 500) sits the same 20-question test,
 * assigned by their teacher. Each student, with a session, loads the test (mode=take) and submits it;
 * they arrive over one minute, then the same crowd again within 5 seconds. Two set-ups, each on real
 * server processes (`studyforge serve`) on loopback:
 *
 *   sqlite    one instance on the SQLite file (the default installation)
 *   pg        two instances on one PostgreSQL database and one data directory, behind a round-robin
 *             load balancer (bench/load-balancer.ts); the throw-away cluster of the tests
 *
 * Prints p50/p95/p99, errors and lost submissions of each, side by side, then where the time went,
 * from the instances' own /metrics (server time per route, database time, waits for a pooled connection,
 * event-loop delay). Target on 2 cores: 0 errors, 0 lost, p95 under 250 ms.
 *
 *   npm run bench -- exam              both set-ups
 *   npm run bench -- exam --pg         PostgreSQL only (--sqlite: SQLite only)
 *   BENCH_STUDENTS=500 BENCH_WINDOW_MS=20000 npm run bench -- exam --pg
 *
 * "Lost": a submission acknowledged (201) but not in the database afterwards, or never acknowledged.
 */
import { rmSync } from "node:fs";
import pg from "pg";
import { closeContext, openContext } from "../src/core/bootstrap.ts";
import { loadConfig } from "../src/core/config.ts";
import type { AppContext, Scope } from "../src/core/context.ts";
import { createLogger } from "../src/core/logger.ts";
import { createAccount } from "../src/accounts/create.ts";
import { hashPassword } from "../src/accounts/passwords.ts";
import { startSession } from "../src/accounts/sessions.ts";
import { toSessionUser, type UserRow } from "../src/accounts/users.ts";
import { createClass } from "../src/study/classes/service.ts";
import { joinClass } from "../src/teaching/classes/service.ts";
import { createAssignment } from "../src/teaching/assignments/service.ts";
import { MAX_MEMBERS } from "../src/teaching/assignments/queries.ts";
import { exited, freePort, spawnServer } from "../tests/helpers/cli.ts";
import { newStudent } from "../tests/helpers/accounts.ts";
import { uploadRFaq } from "../tests/helpers/generation.ts";
import { createTestDatabase, startCluster } from "../tests/helpers/postgres.ts";
import { parsePrometheus, samplesOf, total, type PromFamily } from "../tests/helpers/prometheus.ts";
import { tempDir } from "../tests/helpers/server.ts";
import { startLoadBalancer } from "./load-balancer.ts";

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 60_000);
const BURST_MS = 5000;
/** A request still unanswered after this counts as an error (and its submission as lost). */
const REQUEST_TIMEOUT_MS = 30_000;
const TARGET_P95_MS = 250;

type Student = { token: string; testId: number };
type Instances = { url: string; instanceUrls: string[]; stop(): Promise<void> };

interface SetUp {
  name: string;
  env: Record<string, string>;
  /** The instances and the URL students reach them at. */
  start(): Promise<Instances>;
  /** Database sessions waiting for a lock right now (row or advisory), where the database can say. */
  lockWaits?: () => Promise<number>;
  remove(): Promise<void>;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function startInstances(env: Record<string, string>, count: number): Promise<Instances> {
  const servers = await Promise.all(Array.from({ length: count }, async () => spawnServer({ ...env, PORT: String(await freePort()) })));
  const balancer = count > 1 ? await startLoadBalancer(await freePort(), servers.map((s) => s.url)) : undefined;
  return {
    url: balancer?.url ?? servers[0]!.url,
    instanceUrls: servers.map((s) => s.url),
    async stop() {
      await balancer?.close();
      for (const s of servers) s.child.kill("SIGTERM");
      await Promise.all(servers.map((s) => exited(s.child)));
    },
  };
}

function sqliteSetUp(): SetUp {
  const dataDir = tempDir("studyforge-bench-");
  const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_FACTOR: "0" };
  return { name: "SQLite, 1 instance", env, start: () => startInstances(env, 1), remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgresSetUp(): Promise<SetUp> {
  const cluster = await startCluster();
  const database = await createTestDatabase(cluster.adminUrl);
  const dataDir = tempDir("studyforge-bench-");
  const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_FACTOR: "0", DATABASE_URL: database.url };
  return {
    name: "PostgreSQL, 2 instances",
    env,
    start: () => startInstances(env, 2),
    async lockWaits() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'");
        return rows[0].n as number;
      } finally {
        await client.end();
      }
    },
    async remove() {
      cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The teacher's exam: one real 20-question test from a real PDF, made through a running server. */
async function makeExam(setUp: SetUp): Promise<number> {
  const server = await startInstances(setUp.env, 1);
  try {
    // The first account is the administrator, who may teach.
    const teacher = await newStudent(server.url, "teacher");
    const fileId = await uploadRFaq(teacher.c);
    const gen = await teacher.c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 20 });
    if (gen.status !== 200) throw new Error(`could not generate the exam: ${JSON.stringify(gen.body)}`);
    return gen.body.test_id;
  } finally {
    await server.stop();
  }
}

const scopeOf = async (app: AppContext, userId: number): Promise<Scope> => ({ ...app, user: toSessionUser((await app.db("users").where({ id: userId }).first()) as UserRow) });

/**
 * The year, through the services (HTTP is what is measured, not how accounts are made): classes of up
 * to MAX_MEMBERS, each student signed up, signed in and joined by the class's code, and the exam
 * assigned to every class with two attempts (the minute and the burst).
 */
async function seedYear(setUp: SetUp, testId: number): Promise<Student[]> {
  const app = await openContext(loadConfig(setUp.env), { log: createLogger("warn", false) });
  try {
    const teacherId = (await app.db("tests").where({ id: testId }).first("user_id")).user_id as number;
    const teacher = await scopeOf(app, teacherId);
    const hash = await hashPassword("exam-morning");
    const students: Student[] = [];
    for (let c = 0; c * MAX_MEMBERS < STUDENTS; c++) {
      const cls = await createClass(teacher, { name: `Year 11, group ${c + 1}` });
      for (let i = c * MAX_MEMBERS; i < Math.min(STUDENTS, (c + 1) * MAX_MEMBERS); i++) {
        const { user } = await createAccount(app, { username: `exam${i}`, email: `exam${i}@school.example`, password: "exam-morning", role: "student" }, hash);
        const student = await scopeOf(app, user.id);
        await joinClass(student, cls.join_code!);
        const { session_version } = await app.db("users").where({ id: user.id }).first("session_version");
        students.push({ token: await startSession(app, { id: user.id, session_version }, { ip: "127.0.0.1", userAgent: "exam-morning bench" }), testId });
      }
      await createAssignment(teacher, cls.id, { test_id: testId, attempts_allowed: 2, show_answers_after: "submission", allow_export: false });
    }
    return students;
  } finally {
    await closeContext(app);
  }
}

/** One morning: each student loads the test and submits it, arrivals spread over the window. */
async function morning(url: string, students: Student[], windowMs: number) {
  const loads: number[] = [];
  const submits: number[] = [];
  const acknowledged: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    students.map(async (s, i) => {
      await new Promise((r) => setTimeout(r, (i / students.length) * windowMs));
      const headers = { authorization: `Bearer ${s.token}` };
      try {
        let t = performance.now();
        const res = await fetch(`${url}/api/tests/${s.testId}?mode=take`, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const test = (await res.json()) as { test_metadata: { questions: { options: string[] }[] } };
        loads.push(performance.now() - t);
        if (res.status !== 200) throw new Error(`load ${res.status}`);
        const answers = Object.fromEntries(test.test_metadata.questions.map((q, n) => [String(n), q.options[(i + n) % 4] ?? "x"]));
        t = performance.now();
        const sub = await fetch(`${url}/api/tests/submit`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify({ test_id: s.testId, answers }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const result = (await sub.json()) as { result_id: number };
        submits.push(performance.now() - t);
        if (sub.status !== 201) throw new Error(`submit ${sub.status}`);
        acknowledged.push(result.result_id);
      } catch {
        errors += 1;
      }
    }),
  );
  return { loads, submits, acknowledged, errors, elapsed: (performance.now() - started) / 1000 };
}

/** What the instances measured of themselves: their /metrics, summed over the instances. */
interface ServerSide {
  families: PromFamily[][];
  /** Most requests waiting for a pooled connection at once, sampled every second. */
  maxPendingAcquires: number;
  /** Most database sessions waiting for a lock at once, sampled every second (PostgreSQL). */
  maxLockWaits?: number;
}

const scrape = async (url: string) => parsePrometheus(await (await fetch(`${url}/metrics`)).text());

/** Samples the instances' pools while `work` runs, then reads their figures. */
async function watched<T>(instanceUrls: string[], lockWaits: SetUp["lockWaits"], work: () => Promise<T>): Promise<{ result: T; server: ServerSide }> {
  let maxPendingAcquires = 0;
  let maxLockWaits = lockWaits ? 0 : undefined;
  const sampler = setInterval(() => {
    for (const url of instanceUrls) {
      scrape(url)
        .then((f) => (maxPendingAcquires = Math.max(maxPendingAcquires, total(f, "studyforge_db_pool_connections", { state: "pending_acquire" }))))
        .catch(() => undefined);
    }
    lockWaits?.().then((n) => (maxLockWaits = Math.max(maxLockWaits ?? 0, n))).catch(() => undefined);
  }, 1000);
  try {
    const result = await work();
    return { result, server: { families: await Promise.all(instanceUrls.map(scrape)), maxPendingAcquires, maxLockWaits } };
  } finally {
    clearInterval(sampler);
  }
}

/** A histogram's sum and count over every instance (and every label set matching `labels`). */
function summed(server: ServerSide, name: string, labels: Record<string, string> = {}) {
  let sum = 0;
  let count = 0;
  for (const f of server.families) {
    sum += total(f, `${name}_sum`, labels);
    count += total(f, `${name}_count`, labels);
  }
  return { sum, count, mean: count ? (sum / count) * 1000 : NaN };
}

const worst = (server: ServerSide, name: string) => Math.max(...server.families.flatMap((f) => samplesOf(f, name).map((s) => s.value))) * 1000;

type Round = { setUp: string; title: string; m: Awaited<ReturnType<typeof morning>>; lost: number; missing: number; server: ServerSide };

async function runSetUp(setUp: SetUp, rounds: [string, number][]): Promise<Round[]> {
  const testId = await makeExam(setUp);
  const students = await seedYear(setUp, testId);
  const out: Round[] = [];
  for (const [title, windowMs] of rounds) {
    const instances = await setUp.start();
    let run;
    try {
      run = await watched(instances.instanceUrls, setUp.lockWaits, () => morning(instances.url, students, windowMs));
    } finally {
      await instances.stop();
    }
    const { result: m, server } = run;
    // Nothing acknowledged may be missing, and every student must have been acknowledged.
    const check = await openContext(loadConfig(setUp.env), { log: createLogger("warn", false) });
    const stored = new Set<number>(await check.db("results").pluck("id"));
    await closeContext(check);
    const missing = m.acknowledged.filter((id) => !stored.has(id)).length;
    out.push({ setUp: setUp.name, title, m, missing, lost: missing + (students.length - m.acknowledged.length), server });
  }
  return out;
}

function table(rounds: Round[]): string[] {
  const lines = [
    `| set-up | round | req/s | p50 | p95 | p99 | submit p95 | errors | lost | target: 0 errors, 0 lost, p95 < ${TARGET_P95_MS} ms |`,
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const { setUp, title, m, lost } of rounds) {
    const all = [...m.loads, ...m.submits].sort((a, b) => a - b);
    const sub = [...m.submits].sort((a, b) => a - b);
    const requests = m.loads.length + m.submits.length;
    const ok = m.errors === 0 && lost === 0 && pct(all, 95) < TARGET_P95_MS;
    lines.push(
      `| ${setUp} | ${title} | ${(requests / m.elapsed).toFixed(1)} | ${ms(pct(all, 50))} | ${ms(pct(all, 95))} | ${ms(pct(all, 99))} | ${ms(pct(sub, 95))} | ${m.errors} | ${lost} | ${ok ? "OK" : "MISSED"} |`,
    );
  }
  return lines;
}

/** Client-side time against the instances' own: the gap is the balancer, the loopback and queueing before Koa. */
function whereTheTimeGoes(rounds: Round[]): string[] {
  const lines = ["where the time goes (means per request; server figures from the instances' /metrics):"];
  for (const { setUp, title, m, missing, server } of rounds) {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
    const load = summed(server, "studyforge_http_request_duration_seconds", { route: "/api/tests/:id" });
    const submit = summed(server, "studyforge_http_request_duration_seconds", { route: "/api/tests/submit" });
    const queries = summed(server, "studyforge_db_query_duration_seconds");
    const waits = summed(server, "studyforge_db_pool_acquire_seconds");
    const requests = load.count + submit.count || 1;
    lines.push(
      `  ${setUp}, ${title}:`,
      `    load   client ${ms(mean(m.loads))}, server ${ms(load.mean)};  submit client ${ms(mean(m.submits))}, server ${ms(submit.mean)}`,
      `    database: ${(queries.count / requests).toFixed(1)} queries/request, ${ms((queries.sum * 1000) / requests)} of query time/request; ` +
        `pool wait ${ms((waits.sum * 1000) / requests)}/request, at most ${server.maxPendingAcquires} waiting at once` +
        (server.maxLockWaits === undefined ? "" : `; at most ${server.maxLockWaits} database sessions waiting for a lock`),
      `    event-loop delay p99 (worst instance) ${ms(worst(server, "nodejs_eventloop_lag_p99_seconds"))}; acknowledged but missing ${missing}`,
    );
  }
  return lines;
}

export async function runExamMorningBench(argv = process.argv.slice(2)): Promise<string[]> {
  const wanted = argv.includes("--pg") ? ["pg"] : argv.includes("--sqlite") ? ["sqlite"] : ["sqlite", "pg"];
  const rounds: [string, number][] = [
    [`${STUDENTS} students over ${WINDOW_MS / 1000} s`, WINDOW_MS],
    [`the same within ${BURST_MS / 1000} s`, BURST_MS],
  ];
  const results: Round[] = [];
  for (const which of wanted) {
    const setUp = which === "pg" ? await postgresSetUp() : sqliteSetUp();
    try {
      results.push(...(await runSetUp(setUp, rounds)));
    } finally {
      await setUp.remove();
    }
  }
  return [...table(results), "", ...whereTheTimeGoes(results)];
}

if (import.meta.main) for (const line of await runExamMorningBench()) console.log(line);

/**
 * Exam morning: 500 students with sessions each load a 20-question test (mode=take) and submit
 * it, arriving over one minute, against the server running as its own process on loopback.
 * Prints throughput, latency percentiles and errors, then checks that every acknowledged
 * submission is in the database. Target on 2 cores: 0 errors, 0 lost, p95 under 250 ms.
 */
import { randomUUID } from "node:crypto";
import { closeContext, openContext } from "../src/core/bootstrap.ts";
import { loadConfig } from "../src/core/config.ts";
import { createLogger } from "../src/core/logger.ts";
import { startSession } from "../src/accounts/sessions.ts";
import { hashPassword } from "../src/accounts/passwords.ts";
import { exited, freePort, spawnServer } from "../tests/helpers/cli.ts";
import { newStudent } from "../tests/helpers/accounts.ts";
import { uploadRFaq } from "../tests/helpers/generation.ts";
import { tempDir } from "../tests/helpers/server.ts";

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 60_000);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One morning: each student loads the test and submits it, arrivals spread over the window. */
async function morning(url: string, students: { token: string; testId: number }[], windowMs: number) {
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
        const res = await fetch(`${url}/api/tests/${s.testId}?mode=take`, { headers });
        const test = (await res.json()) as { test_metadata: { questions: { options: string[] }[] } };
        loads.push(performance.now() - t);
        if (res.status !== 200) throw new Error(`load ${res.status}`);
        const answers = Object.fromEntries(test.test_metadata.questions.map((q, n) => [String(n), q.options[(i + n) % 4] ?? "x"]));
        t = performance.now();
        const sub = await fetch(`${url}/api/tests/submit`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json", "idempotency-key": randomUUID() },
          body: JSON.stringify({ test_id: s.testId, answers }),
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

function report(title: string, m: Awaited<ReturnType<typeof morning>>, lost: number): string[] {
  const all = [...m.loads, ...m.submits].sort((a, b) => a - b);
  const sub = [...m.submits].sort((a, b) => a - b);
  const p95 = pct(all, 95);
  const requests = m.loads.length + m.submits.length;
  return [
    `${title}: ${requests} requests in ${m.elapsed.toFixed(1)} s (${(requests / m.elapsed).toFixed(1)} req/s)`,
    `  latency, all requests: p50 ${pct(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${pct(all, 99).toFixed(1)} ms   target p95 < 250 ms   ${p95 < 250 ? "OK" : "MISSED"}`,
    `  latency, submissions:  p50 ${pct(sub, 50).toFixed(1)} ms, p95 ${pct(sub, 95).toFixed(1)} ms, p99 ${pct(sub, 99).toFixed(1)} ms`,
    `  errors ${m.errors}, acknowledged ${m.acknowledged.length}, lost ${lost}   target 0 errors, 0 lost   ${m.errors === 0 && lost === 0 ? "OK" : "MISSED"}`,
  ];
}

export async function runExamMorningBench(): Promise<string[]> {
  const dataDir = tempDir("studyforge-bench-");
  const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_FACTOR: "0" };

  // 1. The teacher's test: one real 20-question test from a real PDF, through the running server.
  let server = await spawnServer({ ...env, PORT: String(await freePort()) });
  const teacher = await newStudent(server.url, "teacher");
  const fileId = await uploadRFaq(teacher.c);
  const gen = await teacher.c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 20 });
  if (gen.status !== 200) throw new Error(`could not generate the exam: ${JSON.stringify(gen.body)}`);
  server.child.kill("SIGTERM");
  await exited(server.child);

  // 2. 500 students with sessions, each with their own copy of the test (service layer, no HTTP).
  const app = await openContext(loadConfig(env), { log: createLogger("warn", false) });
  const template = await app.db("tests").where({ id: gen.body.test_id }).first();
  const hash = await hashPassword("exam-morning");
  const now = new Date().toISOString();
  const students: { token: string; testId: number }[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const [user] = await app.db("users")
      .insert({ username: `exam${i}`, username_key: `exam${i}`, email: `exam${i}@school.example`, password_hash: hash, is_verified: true, created_at: now, updated_at: now })
      .returning(["id", "session_version"]);
    const { id: _id, ...copy } = template;
    const [test] = await app.db("tests").insert({ ...copy, user_id: user.id }).returning("id");
    students.push({ token: await startSession(app, user, { ip: "127.0.0.1", userAgent: "exam-morning bench" }), testId: test.id });
  }
  await closeContext(app);

  // 3. The morning as planned (arrivals over a minute), then the same crowd in a 5-second burst.
  const lines: string[] = [];
  for (const [title, windowMs] of [[`exam morning, ${STUDENTS} students arriving over ${WINDOW_MS / 1000} s`, WINDOW_MS], [`burst, the same ${STUDENTS} students within 5 s`, 5000]] as const) {
    server = await spawnServer({ ...env, PORT: String(await freePort()) });
    const m = await morning(server.url, students, windowMs);
    server.child.kill("SIGTERM");
    await exited(server.child);
    // 4. Nothing acknowledged may be missing.
    const check = await openContext(loadConfig(env), { log: createLogger("warn", false) });
    const stored = new Set<number>(await check.db("results").pluck("id"));
    await closeContext(check);
    lines.push(...report(title, m, m.acknowledged.filter((id) => !stored.has(id)).length));
  }
  return lines;
}

if (import.meta.main) for (const line of await runExamMorningBench()) console.log(line);

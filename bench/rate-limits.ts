/**
 * What a rate-limit hit costs now that the counters live in the database (src/core/rate-limit.ts): one
 * login's limits (the per-address hit, the account's two failed-login buckets, and taking them back when
 * the password was right) against a real SQLite file in WAL mode with FULL sync, as the server runs it.
 * `node bench/rate-limits.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { systemClock } from "../src/core/clock.ts";
import { migrate, openDb } from "../src/core/db.ts";
import { createRateLimiter, RATE_RULES, type RateLimiter } from "../src/core/rate-limit.ts";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function runRateLimitBench(): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "studyforge-bench-limits-"));
  const db = openDb(path.join(dir, "studyforge.db"));
  let limits: RateLimiter | undefined;
  try {
    await migrate(db);
    limits = createRateLimiter(db, systemClock, 1);
    const n = 500;
    const hit: number[] = [];
    const login: number[] = [];
    for (let i = 0; i < n; i++) {
      const email = `student-${i % 50}@school.example`;
      let t = performance.now();
      await limits.hit(`login:10.0.0.${i % 200}`, RATE_RULES.loginPerAddress);
      hit.push(performance.now() - t);
      t = performance.now();
      const buckets = [
        [`login-failed:${email}|10.0.0.1`, RATE_RULES.failedLoginPerAccountAddress],
        [`login-failed:${email}`, RATE_RULES.failedLoginPerAccount],
      ] as const;
      await limits.hitAll(buckets);
      for (const [key] of buckets) await limits.forgive(key);
      login.push(performance.now() - t);
    }
    const line = (what: string, ms: number[]) => {
      const s = [...ms].sort((a, b) => a - b);
      return `  ${what.padEnd(46)} p50 ${percentile(s, 50).toFixed(2)} ms  p95 ${percentile(s, 95).toFixed(2)} ms  p99 ${percentile(s, 99).toFixed(2)} ms`;
    };
    return [
      `  ${n} logins' limits on SQLite (WAL; the counters' own connection, synchronous=NORMAL), one after another:`,
      line("one hit (per-address limit)", hit),
      line("a login's buckets (hitAll of 2, forgive of 2)", login),
    ];
  } finally {
    await limits?.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const l of await runRateLimitBench()) console.log(l);

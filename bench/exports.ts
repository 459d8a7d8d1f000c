/**
 * What making an export file costs (src/teaching/exports): each format rendered on the calling thread for a
 * full-length test (50 questions of about 1,000 characters, the answer key too), what starting a render
 * worker costs, and how long the main thread is held up while PDFs are made on the workers instead (the
 * event loop's longest delay: what a health check would wait). `node bench/exports.ts`.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Question } from "../src/generation/providers/types.ts";
import { toExportTest } from "../src/teaching/exports/model.ts";
import { renderOffThread } from "../src/teaching/exports/render-pool.ts";
import { RENDERERS } from "../src/teaching/exports/renderers.ts";
import { EXPORT_FORMATS } from "../src/teaching/exports/schema.ts";

const sentence = "which of these statements about the material is true and why ";

function fullLengthTest(tag: string) {
  const questions: Question[] = Array.from({ length: 50 }, (_, i) => ({
    question: `${tag} ${i + 1}: ${sentence.repeat(16)}`,
    type: (["multiple_choice", "true_false", "short_answer"] as const)[i % 3]!,
    options: i % 3 === 0 ? ["A", "B", "C", "D"].map((l) => `Option ${l}: ${"a considered answer ".repeat(6)}`) : i % 3 === 1 ? ["True", "False"] : [],
    answer: i % 3 === 0 ? `Option C: ${"a considered answer ".repeat(6)}`.trim() : i % 3 === 1 ? "True" : "a short answer",
    explanation: "Because the material says so on the page cited. ".repeat(6),
    source_pages: [i + 1],
  }));
  return toExportTest({ id: 1, name: `Exam ${tag}`, topic: "bench", difficulty: "Hard" }, questions);
}

const ms = (x: number) => `${x.toFixed(0)} ms`;

export async function runExportsBench(): Promise<string[]> {
  const lines = ["  One full-length test (50 questions × ~1,000 characters), rendered on the calling thread (median of 5 / slowest):"];
  const test = fullLengthTest("Question");
  for (const format of EXPORT_FORMATS) {
    for (const key of format === "pdf" ? [false, true] : [false]) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await RENDERERS[format](test, { key, paper: "a4" });
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      lines.push(`    ${(format + (key ? " (answer key)" : "")).padEnd(20)} ${ms(times[2]!).padStart(7)} / ${ms(times[4]!)}`);
    }
  }

  let t = performance.now();
  await renderOffThread("aiken", test, { key: false, paper: "a4" });
  lines.push(`  A render worker's start (first file, Aiken): ${ms(performance.now() - t)}; a warm worker's round trip for the same: `);
  t = performance.now();
  await renderOffThread("aiken", test, { key: false, paper: "a4" });
  lines[lines.length - 1] += ms(performance.now() - t);

  // Two PDFs at a time on the workers (the exports' limit), six in all; meanwhile the main thread's delays.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  t = performance.now();
  for (let round = 0; round < 3; round++) {
    await Promise.all([0, 1].map((i) => renderOffThread("pdf", fullLengthTest(`R${round}W${i}`), { key: true, paper: "a4" })));
  }
  delay.disable();
  lines.push(`  Six answer-key PDFs on two workers: ${ms(performance.now() - t)}; the main thread's longest event-loop delay meanwhile: ${ms(delay.max / 1e6)} (p99 ${ms(delay.percentile(99) / 1e6)})`);
  return lines;
}

if (import.meta.main) {
  for (const l of await runExportsBench()) console.log(l);
  process.exit(0);
}

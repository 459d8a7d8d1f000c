/**
 * `npm run bench`: every benchmark in turn, each printing its figures next to its reference or
 * target. Benchmarks measure; tests assert behaviour. Run one with e.g. `node bench/scan.ts`.
 */
const benches: [string, string, string][] = [
  ["PDF scanning", "./scan.ts", "runScanBench"],
  ["PDF scanning by OCR", "./ocr.ts", "runOcrBench"],
  ["Page cleaning", "./clean.ts", "runCleanBench"],
  ["Built-in generator", "./builtin.ts", "runBuiltinBench"],
  ["Generation overhead", "./generation.ts", "runGenerationBench"],
  ["Exam morning", "./exam-morning.ts", "runExamMorningBench"],
  ["Rate limits", "./rate-limits.ts", "runRateLimitBench"],
  ["Exports", "./exports.ts", "runExportsBench"],
  ["Question quality", "./quality.ts", "runQualityBench"],
];

// Bare words pick benchmarks ("exam" or "exam-morning"); --options are the benchmarks' own.
const only = process.argv.slice(2).filter((a) => !a.startsWith("--")).map((a) => a.toLowerCase().replaceAll("-", " "));
for (const [title, file, fn] of benches) {
  if (only.length && !only.some((o) => title.toLowerCase().includes(o))) continue;
  console.log(`\n== ${title} ==`);
  const mod = (await import(file)) as Record<string, () => Promise<string[]>>;
  try {
    for (const line of await mod[fn]!()) console.log(line);
  } catch (err) {
    console.log(`  failed: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}

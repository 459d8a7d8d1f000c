import { printJson, printView, UsageError, type Register } from "../runtime.ts";

const DAYS = [7, 30, 90] as const;

/** `studyforge stats`: the analytics page's numbers, from the same function as GET /api/admin/analytics. */
export const statsCommand: Register = (program, cli) => {
  program
    .command("stats")
    .description("how the installation is used: active users, tests, uploads, scores, generation, topics")
    .option("-d, --days <n>", `the period: ${DAYS.join(", ")} days`, "30")
    .option("--json", "print the analytics as JSON (the same object as GET /api/admin/analytics)")
    .action(async (opts: { days: string; json?: boolean }) => {
      const { analytics, ANALYTICS_DAYS } = await import("../../src/admin/analytics.ts");
      const days = ANALYTICS_DAYS.find((d) => String(d) === opts.days);
      if (!days) throw new UsageError(`--days must be ${ANALYTICS_DAYS.join(", ")}, got "${opts.days}"`);
      const stats = await cli.withApp((app) => analytics(app, days));
      if (opts.json) printJson(stats);
      else await printView(async () => (await import("../views/stats.ts")).StatsView, { stats });
    });
};

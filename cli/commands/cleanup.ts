import { printJson, printView, wholeNumber, type Register } from "../runtime.ts";

/** `studyforge cleanup`: lists what can go (a dry run unless --yes), then deletes it, audited. */
export const cleanupCommand: Register = (program, cli) => {
  program
    .command("cleanup")
    .description("delete leftovers: old unverified accounts, old failed jobs, abandoned uploads, unreferenced PDFs (a dry run unless --yes)")
    .option("--dry-run", "only list what would be deleted (the default without --yes)")
    .option("-y, --yes", "delete what is listed")
    .option("--older-than-days <n>", "the age of accounts and jobs to delete", "90")
    .option("--json", "print what was found (and deleted) as JSON")
    .action(async (opts: { dryRun?: boolean; yes?: boolean; olderThanDays: string; json?: boolean }) => {
      const days = wholeNumber(opts.olderThanDays, "--older-than-days");
      const deleted = Boolean(opts.yes && !opts.dryRun);
      const [{ planCleanup, runCleanup }, { CLI_ACTOR }] = await Promise.all([import("../../src/admin/cleanup.ts"), import("../../src/admin/audit.ts")]);
      const plan = await cli.withApp((app) => (deleted ? runCleanup({ ...app, actor: CLI_ACTOR }, days) : planCleanup(app, days)));
      if (opts.json) printJson({ dry_run: !deleted, ...plan });
      else await printView(async () => (await import("../views/cleanup.ts")).CleanupView, { plan, deleted });
    });
};

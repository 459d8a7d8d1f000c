import { printJson, printView, type Register } from "../runtime.ts";

/** `studyforge doctor`: checks the installation; exit status 1 when any check fails. */
export const doctorCommand: Register = (program, cli) => {
  program
    .command("doctor")
    .description("check the installation: configuration, Node.js, data directory, database, stored PDFs, AI provider, mail, PDF scanner")
    .option("--json", "print the checks as JSON")
    .action(async (opts: { json?: boolean }) => {
      const { runDoctor } = await import("../../src/admin/doctor.ts");
      const checks = await runDoctor(() => cli.load().config);
      const ok = checks.every((c) => c.ok);
      if (opts.json) printJson({ ok, checks });
      else await printView(async () => (await import("../views/checks.ts")).ChecksView, { checks });
      if (!ok) process.exitCode = 1;
    });
};

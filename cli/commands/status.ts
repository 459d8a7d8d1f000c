import type { Register } from "../runtime.ts";
import { printJson, printView } from "../runtime.ts";

/** `studyforge status`: where the data is, what is in it, how it is configured. */
export const statusCommand: Register = (program, cli) => {
  program
    .command("status")
    .description("show where StudyForge keeps its data, what is in it, and how it is configured")
    .option("--json", "print the status as JSON")
    .action(async (opts: { json?: boolean }) => {
      // Each command loads its services when it runs, so --help and --version answer at once.
      const { systemStatus } = await import("../../src/admin/status.ts");
      const status = await cli.withApp(systemStatus);
      if (opts.json) printJson(status);
      else await printView(async () => (await import("../views/status.ts")).StatusView, { status });
    });
};

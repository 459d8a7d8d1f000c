import { print, printJson, printView, UsageError, type Register } from "../runtime.ts";

/** `studyforge migrate-to-postgres --to URL`: copies the stopped SQLite installation into an empty PostgreSQL database. */
export const migrateToPostgresCommand: Register = (program, cli) => {
  program
    .command("migrate-to-postgres")
    .description("copy this SQLite installation (stop the server first) into an empty PostgreSQL database, checking every table's row count")
    .requiredOption("--to <url>", "the PostgreSQL database: postgres://user:password@host:5432/database")
    .option("--json", "print the per-table counts as JSON")
    .action(async (opts: { to: string; json?: boolean }) => {
      if (!/^postgres(ql)?:\/\/./i.test(opts.to)) throw new UsageError(`--to must be a PostgreSQL URL (postgres://user:password@host:5432/database), got "${opts.to.replace(/:[^:@/]*@/, ":…@")}"`);
      const { config } = cli.load();
      const { migrateToPostgres } = await import("../../src/admin/migrate-to-postgres.ts");
      // Progress on stderr, one line a table: stdout stays the answer.
      const result = await migrateToPostgres(config, opts.to, { onTable: (t) => process.stderr.write(`copied ${t.table}: ${t.target} row(s)\n`) });
      if (opts.json) printJson(result);
      else {
        print(`${result.from} → ${result.to}`);
        await printView(async () => (await import("../views/table-counts.ts")).TableCountsView, { tables: result.tables, source: "SQLite", target: "PostgreSQL" });
        const rows = result.tables.reduce((n, t) => n + t.source, 0);
        if (result.ok) {
          print(`Every row was copied: ${rows} rows in ${result.tables.length} tables; full-text search covers ${result.indexed_chunks} passages.`);
          print(`The stored PDFs and secret.key stay in ${config.dataDir}: start StudyForge with DATABASE_URL=${result.to} and the same DATA_DIR (every instance shares it).`);
        } else {
          const differ = result.tables.filter((t) => t.source !== t.target).map((t) => t.table);
          print(`Row counts differ in ${differ.join(", ")}: the copy was rolled back, nothing was kept in PostgreSQL. Keep running on SQLite and report this.`);
        }
      }
      if (!result.ok) process.exitCode = 1;
    });
};

import { confirm, print, printJson, type Register } from "../runtime.ts";

/** `studyforge restore FILE`: into an empty or stopped data directory, after checking the backup. */
export const restoreCommand: Register = (program, cli) => {
  program
    .command("restore <file>")
    .description("restore a backup into DATA_DIR and the configured database (refused while a server uses them; PostgreSQL must be empty unless --force); checks checksums and database integrity first")
    .option("-y, --yes", "replace what DATA_DIR holds (it is kept in DATA_DIR/backups/); asked on a terminal")
    .option("--force", "on PostgreSQL: replace a database that is not empty (its contents are dropped, not kept)")
    .option("--json", "print the result as JSON")
    .action(async (file: string, opts: { yes?: boolean; force?: boolean; json?: boolean }) => {
      const { config, log } = cli.load();
      const { existingData, restoreBackup } = await import("../../src/admin/backup.ts");
      let replace = Boolean(opts.yes);
      // On a terminal, ask; elsewhere the service refuses to replace anything without --yes, and says so.
      if (!replace && existingData(config).length && process.stdin.isTTY && process.stdout.isTTY) {
        replace = await confirm(`${config.dataDir} already holds an installation. Replace it with ${file} (the old one is kept in DATA_DIR/backups/)?`);
        if (!replace) {
          print("Nothing was restored.");
          process.exitCode = 1;
          return;
        }
      }
      const result = await restoreBackup(config, file, { replace, force: opts.force, now: new Date(), log });
      if (opts.json) return printJson(result);
      const { counts, created_at, version } = result.manifest;
      const { databaseName } = await import("../../src/core/db.ts");
      print(`Restored ${file} (made ${created_at} by StudyForge ${version}) into ${config.postgresUrl ? `${databaseName(config)} and ` : ""}${config.dataDir}.`);
      const checked = result.loaded?.with === "pg_restore" ? "the checksums passed and pg_restore's database holds the manifest's counts" : result.loaded ? "the checksums and SQLite's integrity check passed, every table's rows were copied" : "the checksums and SQLite's integrity check passed";
      print(`It holds ${counts.users} users, ${counts.study_materials} files, ${counts.tests} tests and ${counts.results} results; ${checked}.`);
      if (result.kept) print(`What was there before is kept in ${result.kept}.`);
    });
};

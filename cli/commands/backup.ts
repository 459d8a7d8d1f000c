import { print, printJson, type Register } from "../runtime.ts";

/** `studyforge backup`: one archive of the database (online snapshot), the stored PDFs and the secret. */
export const backupCommand: Register = (program, cli) => {
  program
    .command("backup")
    .description("write a consistent backup (database, stored PDFs, secret key, manifest with checksums) to a .tar.gz, also while the server runs")
    .option("-o, --out <file>", "where to write it (default: DATA_DIR/backups/studyforge-<time>.tar.gz)")
    .option("--logical", "on PostgreSQL: write the database as a SQLite file through a logical copy, even when pg_dump is installed (restores into SQLite or PostgreSQL)")
    .option("--json", "print the result and the manifest as JSON")
    .action(async (opts: { out?: string; logical?: boolean; json?: boolean }) => {
      const [{ createBackup, defaultBackupFile }, { bytes }] = await Promise.all([import("../../src/admin/backup.ts"), import("../views/format.ts")]);
      const result = await cli.withApp((app) => createBackup(app, opts.out ?? defaultBackupFile(app), { logical: opts.logical }));
      if (opts.json) return printJson(result);
      const { counts, missing_pdfs } = result.manifest;
      print(`Backup written to ${result.file} (${bytes(result.bytes)}).`);
      print(`It holds ${counts.users} users, ${counts.study_materials} files (${counts.documents} stored documents, ${bytes(counts.pdf_bytes)}), ${counts.tests} tests and ${counts.results} results.`);
      const { database } = result.manifest;
      if (database?.source === "postgres") {
        print(database.format === "pg_dump" ? `The database was written by ${database.tool} (custom format).` : `The database was written as a logical copy (a SQLite file): ${database.note}.`);
      }
      if (missing_pdfs.length) print(`Warning: ${missing_pdfs.length} PDF(s) were deleted while the backup was made and are not in it.`);
      print(`Restore it with: studyforge restore ${result.file}`);
    });
};

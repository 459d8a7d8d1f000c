import { mkdirSync } from "node:fs";
import { print, type Register } from "../runtime.ts";

/** `studyforge migrate`: applies pending migrations without starting the server. */
export const migrateCommand: Register = (program, cli) => {
  program
    .command("migrate")
    .description("apply pending database migrations (the server also does this at start)")
    .action(async () => {
      const { config } = cli.load();
      mkdirSync(config.dataDir, { recursive: true });
      const { databaseName, migrate, openDatabase } = await import("../../src/core/db.ts");
      const db = openDatabase(config);
      try {
        const applied = await migrate(db);
        for (const name of applied) print(`applied ${name}`);
        print(`Database ${databaseName(config)} is up to date${applied.length ? "" : " (nothing to apply)"}.`);
      } finally {
        await db.destroy();
      }
    });
};

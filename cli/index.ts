#!/usr/bin/env node
// First: sizes the thread pool before any import below uses it.
import "../src/core/threadpool.ts";
import { Command } from "commander";
import { VERSION } from "../src/core/context.ts";
import { backupCommand } from "./commands/backup.ts";
import { cleanupCommand } from "./commands/cleanup.ts";
import { doctorCommand } from "./commands/doctor.ts";
import { generateCommand } from "./commands/generate.ts";
import { migrateCommand } from "./commands/migrate.ts";
import { migrateToPostgresCommand } from "./commands/migrate-to-postgres.ts";
import { restoreCommand } from "./commands/restore.ts";
import { serveCommand } from "./commands/serve.ts";
import { statsCommand } from "./commands/stats.ts";
import { statusCommand } from "./commands/status.ts";
import { usersCommand } from "./commands/users.ts";
import { createCli, run } from "./runtime.ts";

const program = new Command("studyforge")
  .description("StudyForge: PDF study guides in, practice tests out. Serve the web app and administer it from the terminal.")
  .version(VERSION, "-v, --version", "print the StudyForge version")
  .option("-c, --config <file>", "read configuration variables from this env file (default: DATA_DIR/studyforge.env)")
  .showHelpAfterError()
  .exitOverride();

// Every command, registered here (one file each under commands/), none by an import's side effect.
const cli = createCli(program);
for (const register of [
  serveCommand,
  migrateCommand,
  statusCommand,
  usersCommand,
  statsCommand,
  cleanupCommand,
  generateCommand,
  backupCommand,
  restoreCommand,
  doctorCommand,
  migrateToPostgresCommand,
]) {
  register(program, cli);
}

const code = await run(program, process.argv);
// `serve` keeps running after its action returns; everything else ends with its exit status.
if (code !== 0) process.exit(code);
process.exitCode = code;

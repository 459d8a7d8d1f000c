#!/usr/bin/env node
// First: sizes the thread pool before any import below uses it.
import "../src/core/threadpool.ts";
import { Command, CommanderError } from "commander";
import { ConfigError, loadConfig } from "../src/core/config.ts";
import { VERSION } from "../src/core/context.ts";
import { AppError } from "../src/core/errors.ts";
import { createLogger } from "../src/core/logger.ts";
import { registerCommands } from "./commands.ts";

const program = new Command("studyforge")
  .description("StudyForge: PDF study guides in, practice tests out. Serve the web app and administer it from the terminal.")
  .version(VERSION, "-v, --version", "print the StudyForge version")
  .option("-c, --config <file>", "read configuration variables from this env file (default: DATA_DIR/studyforge.env)")
  .showHelpAfterError()
  .exitOverride();

/** Configuration is read when a command runs, so `--help` works even with a broken environment. */
export const configFromProgram = () => {
  const config = loadConfig(process.env, program.opts<{ config?: string }>().config);
  return { config, log: createLogger(config.logLevel) };
};

registerCommands(program, configFromProgram);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exit(err.exitCode);
  if (err instanceof ConfigError) {
    process.stderr.write(`studyforge: ${err.message}\n`);
    process.exit(2);
  }
  if (err instanceof AppError) {
    process.stderr.write(`studyforge: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

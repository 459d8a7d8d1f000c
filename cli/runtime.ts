/**
 * What every command shares: the configuration (read when the command runs, so `--help` works with a
 * broken environment), the core opened and closed around the command, output that suits where it
 * goes (an Ink view on a terminal, plain text in a pipe, JSON with --json), and one exit status per
 * outcome: 0 done, 1 failed, 2 wrong usage.
 */
import { createInterface } from "node:readline/promises";
import { CommanderError, type Command } from "commander";
import type { ReactElement } from "react";
import type { z } from "zod";
import { ConfigError, loadConfig, type Config } from "../src/core/config.ts";
import type { AppContext } from "../src/core/context.ts";
import { AppError } from "../src/core/errors.ts";
import { createLogger, type Logger } from "../src/core/logger.ts";
import { parse } from "../src/http/validate.ts";

/** Wrong usage found after commander's own checks (a bad value, a missing choice): exit status 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

export interface Cli {
  /** The configuration, from the environment and the env file (`--config FILE`). */
  load(): { config: Config; log: Logger };
  /** Opens the same core the server uses, runs `fn`, and closes it again. */
  withApp<T>(fn: (app: AppContext) => Promise<T>): Promise<T>;
}

export function createCli(program: Command): Cli {
  const load = () => {
    const config = loadConfig(process.env, program.opts<{ config?: string }>().config);
    // A command's stdout is its answer; its log goes to stderr, and only warnings unless LOG_LEVEL asks for more.
    return { config, log: createLogger(process.env.LOG_LEVEL ? config.logLevel : "warn", false, 2) };
  };
  return {
    load,
    async withApp(fn) {
      const { config, log } = load();
      // Loaded on use, like every command's services, so --help and --version answer at once.
      const { closeContext, openContext } = await import("../src/core/bootstrap.ts");
      // The same sharing rules as the server (src/core/sharing.ts): class members use its materials and tests.
      const [{ teachingSharing }, { auditTrail }] = await Promise.all([import("../src/teaching/sharing.ts"), import("../src/admin/audit.ts")]);
      const app = await openContext(config, { log, sharing: teachingSharing, audit: auditTrail });
      try {
        return await fn(app);
      } finally {
        await closeContext(app);
      }
    },
  };
}

export const isTerminal = () => Boolean(process.stdout.isTTY);

export function print(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : text + "\n");
}

export const printJson = (value: unknown) => print(JSON.stringify(value, null, 2));

/** An Ink view as text: colours on a terminal, plain text in a pipe or file. */
export async function printView<P extends object>(view: () => Promise<(props: P) => ReactElement>, props: NoInfer<P>): Promise<void> {
  const [{ renderToString }, { createElement }, component] = await Promise.all([import("ink"), import("react"), view()]);
  print(renderToString(createElement(component, props), { columns: process.stdout.columns || 120 }));
}

/** Checks command-line values with a service's zod schema; a bad value is wrong usage (exit 2). */
export function parseArgs<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  try {
    return parse(schema, data);
  } catch (err) {
    if (err instanceof AppError) throw new UsageError(describe(err));
    throw err;
  }
}

/** A whole number from an option, or wrong usage. */
export function wholeNumber(value: string, option: string, min = 0): number {
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`${option} must be a whole number${min ? ` from ${min}` : ""}, got "${value}"`);
  return Number(value);
}

/** Asks a yes/no question on the terminal; anything but y/yes is no. */
export async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

/**
 * A destructive step: on a terminal it asks (unless --yes); elsewhere it needs --yes, because nobody
 * is there to answer. Returns false when the person said no.
 */
export async function confirmed(question: string, yes: boolean | undefined): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError(`${question.replace(/\?$/, "")}: refusing without --yes when not run in a terminal`);
  return confirm(question);
}

/** An AppError's words: its detail, or each field's message for a list. */
function describe(err: AppError): string {
  return typeof err.detail === "string" ? err.detail : err.detail.map((d) => d.msg).join(" ");
}

/** Parses and runs the command line; returns the exit status. Errors are one line on stderr, never a stack. */
export async function run(program: Command, argv: string[]): Promise<number> {
  // A command is running: the process stays up until it ends, whatever its parts unref (worker pools, timers).
  const running = setInterval(() => undefined, 60_000);
  try {
    await program.parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (err) {
    // Commander has already said what was wrong (and --help and --version end here with 0).
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    const say = (message: string) => process.stderr.write(`studyforge: ${message}\n`);
    if (err instanceof UsageError || err instanceof ConfigError) {
      say(err.message);
      return 2;
    }
    if (err instanceof AppError) {
      say(describe(err));
      return 1;
    }
    say((err as Error)?.message ?? String(err));
    if (/debug|trace/.test(process.env.LOG_LEVEL ?? "")) process.stderr.write(`${(err as Error)?.stack}\n`);
    else process.stderr.write("studyforge: (run with LOG_LEVEL=debug for the details)\n");
    return 1;
  } finally {
    clearInterval(running);
  }
}

export type Register = (program: Command, cli: Cli) => void;

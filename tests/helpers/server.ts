import { mkdtempSync, rmSync } from "node:fs";
import { pino } from "pino";
import os from "node:os";
import path from "node:path";
import { offsetClock } from "../../src/core/clock.ts";
import { loadConfig } from "../../src/core/config.ts";
import { createLogger, type Logger } from "../../src/core/logger.ts";
import { startServer, type RunningServer } from "../../src/server.ts";
import { testDatabase } from "./postgres.ts";

export interface TestServer {
  url: string;
  dataDir: string;
  /** The server's own context (database, config, services) for setting up and checking state. */
  app: RunningServer["app"];
  /** Moves the server's clock forward (token expiry, rate-limit windows). */
  clock: ReturnType<typeof offsetClock>;
  close(): Promise<void>;
}

export function tempDir(prefix = "studyforge-test-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The real application on a random loopback port with a temporary data directory,
 * serving the built UI from dist/ui (npm test builds it first).
 */
export async function startTestServer(env: Record<string, string> = {}, opts: { dataDir?: string; log?: Logger } = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? tempDir();
  const database = await testDatabase(env, opts.dataDir);
  const databaseEnv = database ? { DATABASE_URL: database.url } : {};
  const config = { ...loadConfig({ LOG_LEVEL: "silent", SCAN_WORKERS: "2", ...databaseEnv, ...env, DATA_DIR: dataDir }), port: 0, host: "127.0.0.1" };
  const clock = offsetClock();
  const log = opts.log ?? createLogger(process.env.TEST_LOG_LEVEL ?? config.logLevel, false);
  const running = await startServer(config, { clock, log });
  return {
    url: running.url,
    dataDir,
    app: running.app,
    clock,
    async close() {
      await running.close();
      await database?.drop?.();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A logger for startTestServer's `log` that keeps every line it writes, parsed, for a test to look at. */
export function recordingLogger(level = "info"): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level, base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

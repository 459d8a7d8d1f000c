import type { Server } from "node:http";
import { closeContext, openContext } from "./core/bootstrap.ts";
import type { Clock } from "./core/clock.ts";
import type { Config } from "./core/config.ts";
import { VERSION, type AppContext } from "./core/context.ts";
import type { Logger } from "./core/logger.ts";
import { createApp } from "./http/app.ts";
import { hasAdmin } from "./accounts/service.ts";
import { onJobOutcome, recoverJobs } from "./core/jobs.ts";
import { scheduleMaintenance, type MaintenanceTasks } from "./admin/maintenance.ts";
import { announceServer } from "./core/instance.ts";
import { removeExpiredSessions } from "./accounts/sessions.ts";
import { removeExpiredRateLimits } from "./core/rate-limit.ts";
import { removeOldIdempotencyKeys } from "./core/idempotency.ts";
import { removeLapsedUploadSlots } from "./materials/upload-slots.ts";
import { removeUnusableTokens } from "./accounts/tokens.ts";
import { notifyGenerationOutcome, removeOldNotifications } from "./study/notifications/service.ts";
import { scheduleDueReminders } from "./study/notifications/schedule.ts";
import { teachingSharing } from "./teaching/sharing.ts";
import { auditTrail } from "./admin/audit.ts";
import { instrumentServer } from "./metrics/collectors.ts";

export interface RunningServer {
  app: AppContext;
  server: Server;
  url: string;
  /** Stops accepting, lets in-flight requests finish (bounded), then closes the database. */
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

/** Each feature's part of the hourly housekeeping, under the name the summary reports it by. */
export const maintenanceTasks: MaintenanceTasks = {
  expired_tokens: removeUnusableTokens,
  expired_sessions: removeExpiredSessions,
  old_notifications: removeOldNotifications,
  expired_rate_limits: removeExpiredRateLimits,
  old_idempotency_keys: removeOldIdempotencyKeys,
  lapsed_upload_slots: removeLapsedUploadSlots,
};

export async function startServer(config: Config, opts: { log?: Logger; clock?: Clock; uiDir?: string } = {}): Promise<RunningServer> {
  // Members of a teacher's class use its materials and take its assigned tests (src/core/sharing.ts).
  const app = await openContext(config, { ...opts, sharing: teachingSharing, audit: auditTrail });
  const koa = createApp(app, { uiDir: opts.uiDir });
  const server = koa.listen({ port: config.port, host: config.host });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  }).catch(async (err) => {
    await closeContext(app);
    throw err;
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://${config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host}:${port}`;
  app.log.info({ url, version: VERSION, data_dir: config.dataDir }, `StudyForge is listening on ${url}`);
  // So the CLI knows a server uses this data directory (restore refuses; generate leaves the queue to it).
  const unannounce = announceServer(config.dataDir, { url, version: VERSION, startedAt: app.clock.now().toISOString() });
  // Before the queue resumes, so a job finishing at once is notified too (and counted in the metrics).
  onJobOutcome(app, notifyGenerationOutcome);
  instrumentServer(app);
  await recoverJobs(app);
  scheduleMaintenance(app, maintenanceTasks);
  scheduleDueReminders(app);
  if (!(await hasAdmin(app))) app.log.warn("No administrator yet: the first account to sign up becomes the administrator.");

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive connections would hold the close open until browsers hang up.
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(timer);
      await closeContext(app);
      unannounce();
    })());

  return { app, server, url, close };
}

/** For `studyforge serve`: start, and shut down gracefully on SIGTERM/SIGINT. */
export async function serveUntilSignalled(config: Config, log: Logger): Promise<void> {
  const running = await startServer(config, { log });
  const stop = async (signal: string) => {
    log.info({ signal }, "shutting down");
    await running.close();
    log.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

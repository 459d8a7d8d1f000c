import { noAuditTrail, type AuditTrail } from "./audit.ts";
import { mkdirSync } from "node:fs";
import { systemClock, type Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { migrate, openDatabase } from "./db.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMailer } from "./mail.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { loadOrCreateSecret } from "./secret.ts";
import { closeShared } from "./shared.ts";
import { noSharing, type Sharing } from "./sharing.ts";

/**
 * Opens everything a service needs: the data directory, the database (migrated), mail and the
 * signing key. The server and the CLI both start here, so they see the same core.
 */
export async function openContext(config: Config, opts: { log?: Logger; clock?: Clock; sharing?: Sharing; audit?: AuditTrail } = {}): Promise<AppContext> {
  mkdirSync(config.dataDir, { recursive: true });
  const log = opts.log ?? createLogger(config.logLevel);
  const clock = opts.clock ?? systemClock;
  const db = openDatabase(config);
  try {
    // Several instances may start at once on one database: one migrates, the others wait (migration-lock.ts).
    const applied = await migrate(db);
    if (applied.length) log.info({ migrations: applied }, "database migrated");
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return {
    db,
    config,
    log,
    clock,
    mail: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log, clock }),
    secret: loadOrCreateSecret(config.dataDir, config.secretKey),
    limits: createRateLimiter(db, clock, config.rateLimitFactor),
    resources: new Map(),
    sharing: opts.sharing ?? noSharing,
    audit: opts.audit ?? noAuditTrail,
  };
}

export async function closeContext(app: AppContext): Promise<void> {
  await closeShared(app);
  await app.limits.close();
  await app.db.destroy();
}

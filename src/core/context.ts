import { readFileSync } from "node:fs";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mail.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { Resources } from "./shared.ts";
import type { AuditTrail } from "./audit.ts";
import type { Sharing } from "./sharing.ts";

export const VERSION: string = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;

/** Everything a service needs, built once at start (server or CLI) and passed down. */
export interface AppContext {
  db: Db;
  config: Config;
  log: Logger;
  mail: Mailer;
  clock: Clock;
  /** The token signing key (SECRET_KEY, else DATA_DIR/secret.key): the same on every instance. */
  secret: Uint8Array;
  limits: RateLimiter;
  /** Worker pools, the job runner, the AI provider: made on first use, closed with the context. */
  resources: Resources;
  /** What owners lend to others (a class's materials and assigned tests): registered by the wiring. */
  sharing: Sharing;
  /** Where features below `admin/` leave audit entries: registered by the wiring (audit.ts). */
  audit: AuditTrail;
}

/** What a user may do: students study, teachers also teach classes, admins administer (and can do all of it). */
export const ROLES = ["student", "teacher", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in user as services see it. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  /** role === "admin", kept because the spec's clients read it. */
  is_admin: boolean;
  is_verified: boolean;
}

/** A context acting for one user: what every service that touches owned records takes. */
export interface Scope extends AppContext {
  user: SessionUser;
}

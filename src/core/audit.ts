/**
 * The audit trail as the features see it. The log itself (its table, its pages) belongs to `admin/`,
 * which depends on every feature; a feature below it that must leave an entry (school sign-in taking over
 * an account, a provider changing a role) writes through this interface, registered by the wiring
 * (server.ts, the CLI), so that no feature imports `admin/`. Without a registration nothing is written.
 */
import type { AppContext } from "./context.ts";

/** Who acts: a signed-in administrator (with their address), the terminal, or a sign-in provider. */
export interface Actor {
  id: number | null;
  name: string;
  ip?: string | null;
}

export interface AuditEntryInput {
  action: string;
  target?: { type: "user" | "file" | "announcement" | "system"; id?: number | null; label?: string | null };
  details?: Record<string, unknown>;
}

export interface AuditTrail {
  /** Writes one entry with `app.db`: inside a transaction it commits or rolls back with the action. */
  record(app: AppContext, actor: Actor, entry: AuditEntryInput): Promise<void>;
}

export const noAuditTrail: AuditTrail = { record: async () => {} };

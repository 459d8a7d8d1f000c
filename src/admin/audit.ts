/**
 * The audit log: every administrative action, by whom (an administrator, or `cli`), on what, when and
 * from which address. An entry is written with the scope's `db`, so inside the action's transaction it
 * commits or rolls back with the action itself.
 */
import type { Actor, AuditEntryInput, AuditTrail } from "../core/audit.ts";
import type { AppContext } from "../core/context.ts";
import { whereContains } from "../core/db.ts";

export type { Actor, AuditEntryInput } from "../core/audit.ts";

export const CLI_ACTOR: Actor = { id: null, name: "cli" };

export async function recordAudit(app: AppContext, actor: Actor, entry: AuditEntryInput): Promise<void> {
  await app.db("audit_log").insert({
    actor_id: actor.id,
    actor: actor.name,
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    target: entry.target?.label?.slice(0, 300) ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    ip: actor.ip ?? null,
    created_at: app.clock.now().toISOString(),
  });
}

/** The audit log as the features below `admin/` write to it (core/audit.ts), registered by the wiring. */
export const auditTrail: AuditTrail = { record: recordAudit };

interface AuditRow {
  id: number;
  actor_id: number | null;
  actor: string;
  action: string;
  target_type: string | null;
  target_id: number | null;
  target: string | null;
  details: string | null;
  ip: string | null;
  created_at: string;
}

export interface AuditQuery {
  action?: string;
  actor?: string;
  q?: string;
  offset: number;
  limit: number;
}

/** Newest first, filtered by action, actor and a text found in the target or actor. */
export async function listAudit(app: AppContext, query: AuditQuery) {
  const base = app.db("audit_log").modify((q) => {
    if (query.action) q.where({ action: query.action });
    if (query.actor) q.where({ actor: query.actor });
    if (query.q) q.where((w) => whereContains(whereContains(w, "target", query.q!), "actor", query.q!, true));
  });
  const total = Number((await base.clone().count({ n: "*" }).first())?.n ?? 0);
  const rows: AuditRow[] = await base.clone().orderBy("id", "desc").offset(query.offset).limit(query.limit);
  const items = rows.map((r) => ({
    id: r.id,
    at: r.created_at,
    actor: { id: r.actor_id, name: r.actor },
    action: r.action,
    target: r.target_type ? { type: r.target_type, id: r.target_id, label: r.target } : null,
    details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
    ip: r.ip,
  }));
  return { items, total };
}

/** The actions that appear in the log, for the page's filter. */
export async function auditActions(app: AppContext): Promise<string[]> {
  return app.db("audit_log").distinct("action").orderBy("action").pluck("action");
}

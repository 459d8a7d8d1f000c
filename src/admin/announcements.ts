/** Notices from the school's administrators that every user sees on the dashboard. */
import type { AppContext } from "../core/context.ts";
import { withTransaction } from "../core/db.ts";
import { cleanName } from "../core/text.ts";
import { recordAudit } from "./audit.ts";
import type { AdminScope } from "./service.ts";

export interface Announcement {
  id: number;
  message: string;
  created_at: string;
}

export async function postAnnouncement(scope: AdminScope, message: string): Promise<Announcement> {
  const text = cleanName(message);
  const created_at = scope.clock.now().toISOString();
  const id = await withTransaction(scope, async (tx) => {
    const [row] = await tx.db("announcements").insert({ message: text, created_by: scope.actor.id, created_at }).returning("id");
    const id = (typeof row === "object" ? row.id : row) as number;
    await recordAudit(tx, scope.actor, { action: "announcement.post", target: { type: "announcement", id, label: text.slice(0, 80) } });
    return id;
  });
  return { id, message: text, created_at };
}

/** The newest announcements first (the dashboard shows the latest few). */
export async function listAnnouncements(app: AppContext, limit = 5): Promise<Announcement[]> {
  return app.db("announcements").orderBy("id", "desc").limit(limit).select("id", "message", "created_at");
}

/**
 * Notifications: the student's own rows (a generation finished or failed while they were elsewhere,
 * cards due today, a goal reached), each written once per event (`event_key`), and the administrators'
 * announcements merged in at read time. An announcement is stored once, not once per user: a user
 * sees those posted since their account was made, and only their read mark is stored
 * (announcement_reads), so a school of 2,000 costs one row per announcement plus one per reader.
 */
import { STUDY_SET_TEST_JOB } from "../sets/test-from-cards.ts";
import type { AppContext, Scope } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import type { JobOutcome } from "../../core/jobs.ts";
import { listAnnouncements } from "../../admin/announcements.ts";
import { findUser, usersByIds } from "../../accounts/directory.ts";
import { dueCount, dueCountsByUser } from "../sets/stats.ts";
import type { NotificationKind, NotificationList, NotificationOut, NotificationsQuery } from "./schema.ts";

interface NotificationRow {
  id: number;
  user_id: number;
  kind: NotificationKind;
  message: string;
  link: string | null;
  event_key: string;
  read_at: string | null;
  created_at: string;
}

/** The announcements a user's list looks at: the latest this many (announcements are few). */
const ANNOUNCEMENT_WINDOW = 50;
/** Read notifications are kept this long, then removed by the hourly maintenance. */
export const KEEP_READ_DAYS = 30;
/** A "cards due today" reminder nobody read is stale after a week. */
export const KEEP_DUE_REMINDER_DAYS = 7;
const DAY = 24 * 3600_000;

export interface NewNotification {
  kind: Exclude<NotificationKind, "announcement">;
  message: string;
  link?: string | null;
  /** The event, so it is notified once however often it is seen (job:12, goal:3:…, cards_due:2026-11-23). */
  event_key: string;
}

/** Writes the notification unless this event was already notified; answers whether it wrote one. */
export async function notify(app: AppContext, userId: number, n: NewNotification): Promise<boolean> {
  const rows = await app
    .db("notifications")
    .insert({ user_id: userId, kind: n.kind, message: n.message, link: n.link ?? null, event_key: n.event_key, created_at: app.clock.now().toISOString() })
    .onConflict(["user_id", "event_key"])
    .ignore()
    .returning("id");
  return rows.length > 0;
}

/**
 * Writes the same notification to each of these users in one multi-row insert (in the caller's
 * transaction, if any), skipping those already told of this event. Callers bound the list (a class's
 * members: at most 500).
 */
export async function notifyMany(app: AppContext, userIds: readonly number[], n: NewNotification): Promise<void> {
  if (!userIds.length) return;
  const created_at = app.clock.now().toISOString();
  const rows = [...new Set(userIds)].map((user_id) => ({ user_id, kind: n.kind, message: n.message, link: n.link ?? null, event_key: n.event_key, created_at }));
  await app.db("notifications").insert(rows).onConflict(["user_id", "event_key"]).ignore();
}

const presentRow = (r: NotificationRow): NotificationOut => ({
  id: r.id,
  source: "notification",
  kind: r.kind,
  message: r.message,
  link: r.link,
  read: r.read_at !== null,
  created_at: r.created_at,
});

/** The announcements this user may see (posted since their account was made), with their read marks. */
async function announcementsFor(scope: Scope): Promise<NotificationOut[]> {
  const since = (await findUser(scope.db, scope.user.id))?.created_at ?? "";
  const visible = (await listAnnouncements(scope, ANNOUNCEMENT_WINDOW)).filter((a) => a.created_at >= since);
  if (!visible.length) return [];
  const read = new Set<number>(
    await scope
      .db("announcement_reads")
      .where({ user_id: scope.user.id })
      .whereIn("announcement_id", visible.map((a) => a.id))
      .pluck("announcement_id"),
  );
  return visible.map((a) => ({ id: a.id, source: "announcement", kind: "announcement", message: a.message, link: null, read: read.has(a.id), created_at: a.created_at }));
}

const own = (scope: Scope) => scope.db("notifications").where({ user_id: scope.user.id });

/** The newest notifications and announcements, merged (at most `limit`), and how many are unread in all. */
export async function listNotifications(scope: Scope, query: Pick<NotificationsQuery, "limit" | "unread">): Promise<NotificationList> {
  const unreadOnly = query.unread === "true";
  const rows: NotificationRow[] = await own(scope)
    .modify((q) => {
      if (unreadOnly) q.whereNull("read_at");
    })
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }])
    .limit(query.limit);
  const announcements = await announcementsFor(scope);
  const items = [...rows.map(presentRow), ...announcements.filter((a) => !unreadOnly || !a.read)]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, query.limit);
  const unreadRows = Number((await own(scope).whereNull("read_at").count({ n: "*" }).first())?.n ?? 0);
  return { items, unread: unreadRows + announcements.filter((a) => !a.read).length };
}

export async function markRead(scope: Scope, id: number): Promise<NotificationOut> {
  const row: NotificationRow | undefined = await own(scope).where({ id }).first();
  if (!row) throw notFound("Notification not found.");
  if (!row.read_at) {
    row.read_at = scope.clock.now().toISOString();
    await own(scope).where({ id }).update({ read_at: row.read_at });
  }
  return presentRow(row);
}

export async function markAnnouncementRead(scope: Scope, id: number): Promise<NotificationOut> {
  const found = (await announcementsFor(scope)).find((a) => a.id === id);
  if (!found) throw notFound("Notification not found.");
  await scope.db("announcement_reads").insert({ user_id: scope.user.id, announcement_id: id, read_at: scope.clock.now().toISOString() }).onConflict(["user_id", "announcement_id"]).ignore();
  return { ...found, read: true };
}

/** Marks every notification and every visible announcement read; answers how many were unread. */
export async function markAllRead(scope: Scope): Promise<{ marked: number }> {
  const at = scope.clock.now().toISOString();
  const marked = await own(scope).whereNull("read_at").update({ read_at: at });
  const unread = (await announcementsFor(scope)).filter((a) => !a.read);
  if (unread.length) {
    await scope
      .db("announcement_reads")
      .insert(unread.map((a) => ({ user_id: scope.user.id, announcement_id: a.id, read_at: at })))
      .onConflict(["user_id", "announcement_id"])
      .ignore();
  }
  return { marked: marked + unread.length };
}

/** Maintenance: read notifications older than KEEP_READ_DAYS, and stale due-card reminders. */
export async function removeOldNotifications(app: AppContext): Promise<number> {
  const now = app.clock.now().getTime();
  const readBefore = new Date(now - KEEP_READ_DAYS * DAY).toISOString();
  const dueBefore = new Date(now - KEEP_DUE_REMINDER_DAYS * DAY).toISOString();
  return app
    .db("notifications")
    .where((q) => q.whereNotNull("read_at").andWhere("read_at", "<", readBefore))
    .orWhere((q) => q.where({ kind: "cards_due" }).andWhere("created_at", "<", dueBefore))
    .delete();
}

/** Jobs that end in a practice test: a generation, or a test made from a study set's cards. */
const TEST_JOB_KINDS = ["generate", STUDY_SET_TEST_JOB];

/**
 * The job queue's outcome listener: a generation that finished or failed while nobody was following it
 * (the student left the generator page) becomes a notification, in the transaction that ends the job.
 * Registered in src/server.ts.
 */
export async function notifyGenerationOutcome(app: AppContext, { job, userId, kind, watched }: JobOutcome): Promise<void> {
  if (!TEST_JOB_KINDS.includes(kind) || watched) return;
  if (job.state === "done" && job.test_id) {
    await notify(app, userId, {
      kind: "generation_done",
      message: "Your practice test is ready. Open it to preview and start it.",
      link: `/generated-test?id=${job.test_id}`,
      event_key: `job:${job.job_id}`,
    });
  } else if (job.state === "failed") {
    const reason = typeof job.error?.detail === "string" ? ` ${job.error.detail}` : "";
    await notify(app, userId, { kind: "generation_failed", message: `A practice test could not be generated.${reason}`, link: "/testgenerator", event_key: `job:${job.job_id}` });
  }
}

const cardsMessage = (n: number) => (n === 1 ? "You have 1 flashcard due today." : `You have ${n} flashcards due today.`);

/** The reminder for `n` cards due, keyed by the UTC day so a user gets at most one a day. */
const dueReminder = (now: Date, n: number) =>
  ({ kind: "cards_due", message: cardsMessage(n), link: "/study-sets", event_key: `cards_due:${now.toISOString().slice(0, 10)}` }) as const;

/** One user's "cards due today" reminder, at most one per UTC day. */
export async function remindDueCards(app: AppContext, userId: number): Promise<boolean> {
  const now = app.clock.now();
  const due = await dueCount(app.db, userId, now);
  if (!due) return false;
  return notify(app, userId, dueReminder(now, due));
}

/**
 * The daily task: every user with flashcards due today gets one reminder (one grouped query finds them,
 * so students without cards cost nothing). Answers how many were written.
 */
export async function remindEveryoneOfDueCards(app: AppContext): Promise<number> {
  const now = app.clock.now();
  const due = await dueCountsByUser(app.db, now);
  const users = await usersByIds(app.db, [...due.keys()]);
  let written = 0;
  for (const [userId, n] of due) {
    if (!users.get(userId) || users.get(userId)!.disabled) continue;
    if (await notify(app, userId, dueReminder(now, n))) written++;
  }
  return written;
}

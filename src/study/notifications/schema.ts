import { z } from "zod";
import { wholeNumber } from "../../core/schema.ts";

export const NOTIFICATION_LIMIT = { default: 20, max: 50 } as const;

export const NotificationsQuery = z.object({
  limit: wholeNumber(`limit must be between 1 and ${NOTIFICATION_LIMIT.max}.`)
    .pipe(z.number().min(1, `limit must be between 1 and ${NOTIFICATION_LIMIT.max}.`).max(NOTIFICATION_LIMIT.max, `limit must be between 1 and ${NOTIFICATION_LIMIT.max}.`))
    .default(NOTIFICATION_LIMIT.default),
  unread: z.enum(["true", "false"], { error: "unread must be true or false." }).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export type NotificationKind = "generation_done" | "generation_failed" | "cards_due" | "goal_reached" | "assignment_new" | "class_added" | "announcement";

/**
 * One entry of the list. `source` says which id space `id` belongs to: the student's own notifications,
 * or the administrators' announcements (read with POST /api/notifications/announcements/{id}/read).
 */
export interface NotificationOut {
  id: number;
  source: "notification" | "announcement";
  kind: NotificationKind;
  message: string;
  /** A page of the UI to open (the new test, the study sets), or null. */
  link: string | null;
  read: boolean;
  created_at: string;
}

export interface NotificationList {
  items: NotificationOut[];
  /** Unread notifications and announcements in all, not only those in `items`. */
  unread: number;
}

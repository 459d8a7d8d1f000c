/** The student's notifications, with the administrators' announcements merged in. */
import type { NotificationList, NotificationOut } from "../../../src/study/notifications/schema.ts";
import { api, type CallOptions } from "./client.ts";

export type { NotificationList, NotificationOut } from "../../../src/study/notifications/schema.ts";

export const LOAD_NOTIFICATIONS_FAILED = "Failed to load notifications. Please try again.";
export const MARK_READ_FAILED = "Failed to mark the notification as read. Please try again.";

/** Fired on window when notifications were read here, so the navigation bar's count follows. */
export const NOTIFICATIONS_CHANGED = "studyforge:notifications-changed";
export const announceNotificationsChanged = () => window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));

export const listNotifications = (query: { limit?: number; unread?: boolean } = {}, options?: CallOptions) =>
  api.get<NotificationList>("/api/notifications", { fallback: LOAD_NOTIFICATIONS_FAILED, ...options, query: { limit: query.limit, unread: query.unread } });

/** Marks one read: a notification of the student's, or an announcement. */
export function markNotificationRead(item: Pick<NotificationOut, "id" | "source">, options?: CallOptions): Promise<NotificationOut> {
  const path = item.source === "announcement" ? `/api/notifications/announcements/${item.id}/read` : `/api/notifications/${item.id}/read`;
  return api.post<NotificationOut>(path, undefined, { fallback: MARK_READ_FAILED, ...options });
}

export const markAllNotificationsRead = (options?: CallOptions) => api.post<{ marked: number }>("/api/notifications/read-all", undefined, { fallback: MARK_READ_FAILED, ...options });

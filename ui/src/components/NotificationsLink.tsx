/**
 * The navigation bar's way to the notifications, with the unread count as a badge (and in words for
 * screen readers). The count is asked again on every page change and when the notifications page marks
 * some read; on phones the Menu button carries the badge too, so it shows while the menu is closed.
 */
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { isAbortError } from "../api/client.ts";
import { listNotifications, NOTIFICATIONS_CHANGED } from "../api/notifications.ts";
import { Icon } from "./Icon.tsx";
import "../styles/goals-notifications.css";

/** The signed-in user's unread notifications; 0 while signed out (nothing is asked then). */
export function useUnreadNotifications(path: string, signedIn: boolean): number {
  const [unread, setUnread] = useState(0);
  const [changed, setChanged] = useState(0);

  useEffect(() => {
    const onChange = () => setChanged((n) => n + 1);
    window.addEventListener(NOTIFICATIONS_CHANGED, onChange);
    return () => window.removeEventListener(NOTIFICATIONS_CHANGED, onChange);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    listNotifications({ limit: 1 }, { signal: controller.signal }).then(
      (answer) => setUnread(answer.unread),
      (err: unknown) => {
        if (!isAbortError(err)) setUnread(0);
      },
    );
    return () => controller.abort();
  }, [path, changed, signedIn]);

  return signedIn ? unread : 0;
}

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="navbar__badge">
      {count > 99 ? "99+" : count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}

export function NotificationsLink({ unread, current }: { unread: number; current: boolean }) {
  return (
    <Link href="/notifications" className="navbar__notifications" aria-current={current ? "page" : undefined}>
      <Icon name="bell" />
      <span>Notifications</span>
      <UnreadBadge count={unread} />
    </Link>
  );
}

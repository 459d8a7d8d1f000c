/**
 * `/notifications`: the newest notifications and announcements (at most 50), unread ones marked "New"
 * in words as well as style; mark one read or all of them. The navigation bar's count follows.
 */
import { useState } from "react";
import { Link } from "wouter";
import { errorMessage } from "../api/client.ts";
import {
  announceNotificationsChanged,
  listNotifications,
  LOAD_NOTIFICATIONS_FAILED,
  markAllNotificationsRead,
  markNotificationRead,
  MARK_READ_FAILED,
  type NotificationOut,
} from "../api/notifications.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { EmptyState } from "../components/EmptyState.tsx";
import { Icon } from "../components/Icon.tsx";
import { Page } from "../components/Page.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { formatDateTime } from "../format.ts";
import { useAction } from "../hooks/useAction.ts";
import { useLoad } from "../hooks/useLoad.ts";
import "../styles/goals-notifications.css";

const SHOWN = 50;

function NotificationItem({ item, onRead, busy }: { item: NotificationOut; onRead: () => void; busy: boolean }) {
  return (
    <li className={item.read ? "notification" : "notification notification--unread"}>
      <Icon name={item.source === "announcement" ? "info" : "bell"} className="notification__icon" />
      <div className="notification__body">
        <p className="notification__message">
          {!item.read && <strong className="notification__new">New: </strong>}
          {item.source === "announcement" && <span className="notification__from">Announcement: </span>}
          {item.message}
        </p>
        <p className="notification__meta">
          <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
          {item.link && (
            <Link href={item.link} onClick={() => !item.read && onRead()}>
              Open
            </Link>
          )}
        </p>
      </div>
      {!item.read && (
        <Button size="sm" onClick={onRead} disabled={busy}>
          Mark read<span className="visually-hidden">: {item.message}</span>
        </Button>
      )}
    </li>
  );
}

export function NotificationsPage() {
  const list = useLoad("notifications", (signal) => listNotifications({ limit: SHOWN }, { signal }));
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);

  async function read(item: NotificationOut) {
    const updated = await action.run(() => markNotificationRead(item), (err) => errorMessage(err, MARK_READ_FAILED));
    if (!updated || !list.data) return;
    list.setData({ items: list.data.items.map((n) => (n.id === item.id && n.source === item.source ? updated : n)), unread: Math.max(0, list.data.unread - 1) });
    announceNotificationsChanged();
  }

  async function readAll() {
    const answer = await action.run(() => markAllNotificationsRead(), (err) => errorMessage(err, MARK_READ_FAILED));
    if (!answer || !list.data) return;
    list.setData({ items: list.data.items.map((n) => ({ ...n, read: true })), unread: 0 });
    setDone(answer.marked === 1 ? "Marked 1 notification as read." : `Marked ${answer.marked} notifications as read.`);
    announceNotificationsChanged();
  }

  let content;
  if (list.loading && !list.data) content = <Spinner label="Loading your notifications…" />;
  else if (list.failed) content = <RetryAlert onRetry={list.reload}>{errorMessage(list.error, LOAD_NOTIFICATIONS_FAILED)}</RetryAlert>;
  else if (list.data?.items.length === 0) {
    content = (
      <EmptyState icon="bell" title="No notifications yet.">
        You will hear here when a test is ready while you are elsewhere, flashcards are due, or you reach a goal.
      </EmptyState>
    );
  } else if (list.data) {
    content = (
      <ul className="plain-list notification-list">
        {list.data.items.map((item) => (
          <NotificationItem key={`${item.source}-${item.id}`} item={item} busy={action.busy} onRead={() => void read(item)} />
        ))}
      </ul>
    );
  }

  const unread = list.data?.unread ?? 0;
  return (
    <Page
      title="Notifications"
      description={unread ? `${unread} unread.` : "You are all caught up."}
      actions={
        <Button variant="primary" onClick={() => void readAll()} disabled={!unread} busy={action.busy} busyLabel="Marking…">
          Mark all as read
        </Button>
      }
    >
      <div className="stack">
        {action.error && <Alert kind="error">{action.error}</Alert>}
        {done && <Alert kind="success">{done}</Alert>}
        <Card title="Newest first">{content}</Card>
      </div>
    </Page>
  );
}

import { Link } from "wouter";
import type { DashboardData } from "../../api/dashboard.ts";
import { EmptyState } from "../../components/EmptyState.tsx";
import { Icon } from "../../components/Icon.tsx";
import { DashboardCard } from "./DashboardCard.tsx";

/** The newest notifications. Announcements are left to the banner above the cards, so they are not said twice. */
export function NotificationsCard({ notifications, unread }: { notifications: DashboardData["notifications"] | undefined; unread: number }) {
  const own = notifications?.filter((n) => n.source !== "announcement");
  return (
    <DashboardCard
      title="Notifications"
      loading={!own}
      actions={<Link href="/notifications">{unread ? `All notifications (${unread} unread)` : "All notifications"}</Link>}
      empty={
        own?.length === 0 && (
          <EmptyState compact icon="bell" title="No notifications.">
            You will hear here when a test is ready, flashcards are due or a goal is reached.
          </EmptyState>
        )
      }
    >
      <ul className="notice-list">
        {own?.map((notification) => (
          <li key={notification.id} className={notification.read ? "notice-list__item" : "notice-list__item notice-list__item--unread"}>
            <Icon name={notification.read ? "info" : "bell"} className="notice-list__icon" />
            <span>
              {!notification.read && <strong className="notice-list__new">New: </strong>}
              {notification.link ? <Link href={notification.link}>{notification.message}</Link> : notification.message}
            </span>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}

import type { DashboardNotification } from "../../api/types.ts";
import { EmptyState } from "../../components/EmptyState.tsx";
import { Icon } from "../../components/Icon.tsx";
import { DashboardCard } from "./DashboardCard.tsx";

export function NotificationsCard({ notifications }: { notifications: DashboardNotification[] | undefined }) {
  return (
    <DashboardCard
      title="Notifications"
      loading={!notifications}
      empty={notifications?.length === 0 && <EmptyState compact icon="bell" title="No notifications." />}
    >
      <ul className="notice-list">
        {notifications?.map((notification, index) => (
          <li key={index} className="notice-list__item">
            <Icon name="info" className="notice-list__icon" />
            <span>{notification.message}</span>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}

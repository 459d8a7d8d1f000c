import type { ReactNode } from "react";
import { Icon, type IconName } from "./Icon.tsx";

export interface EmptyStateProps {
  title: ReactNode;
  /** What to do next. */
  children?: ReactNode;
  /** The action that fills the emptiness (a ButtonLink or Button). */
  action?: ReactNode;
  icon?: IconName;
  /** Less room, for a small card (the dashboard's). */
  compact?: boolean;
}

export function EmptyState({ title, children, action, icon = "file", compact = false }: EmptyStateProps) {
  return (
    <div className={compact ? "empty empty--compact" : "empty"}>
      <span className="empty__icon">
        <Icon name={icon} size={compact ? 22 : 28} />
      </span>
      <p className="empty__title">{title}</p>
      {children && <div className="empty__text">{children}</div>}
      {action && <div className="empty__action">{action}</div>}
    </div>
  );
}

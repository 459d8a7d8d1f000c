import type { ReactNode } from "react";
import { Icon, type IconName } from "./Icon.tsx";

export interface EmptyStateProps {
  title: ReactNode;
  /** What to do next. */
  children?: ReactNode;
  /** The action that fills the emptiness (a ButtonLink or Button). */
  action?: ReactNode;
  icon?: IconName;
}

export function EmptyState({ title, children, action, icon = "file" }: EmptyStateProps) {
  return (
    <div className="empty">
      <span className="empty__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="empty__title">{title}</p>
      {children && <div className="empty__text">{children}</div>}
      {action && <div className="empty__action">{action}</div>}
    </div>
  );
}

import type { ReactNode } from "react";
import { Icon, type IconName } from "./Icon.tsx";

export type AlertKind = "success" | "error" | "info" | "warning";

const icons: Record<AlertKind, IconName> = { success: "success", error: "alert", info: "info", warning: "alert" };
const spoken: Record<AlertKind, string> = { success: "Success", error: "Error", info: "Note", warning: "Warning" };

export interface AlertProps {
  kind?: AlertKind;
  title?: ReactNode;
  children?: ReactNode;
  /** Extra controls under the message (a Resend button, a link). */
  actions?: ReactNode;
  className?: string;
}

/** A banner saying what happened. Errors are announced at once (role=alert), others politely. */
export function Alert({ kind = "info", title, children, actions, className }: AlertProps) {
  return (
    <div
      className={`alert alert--${kind}${className ? ` ${className}` : ""}`}
      role={kind === "error" ? "alert" : "status"}
    >
      <Icon name={icons[kind]} className="alert__icon" label={spoken[kind]} />
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        {children && <div className="alert__text">{children}</div>}
        {actions && <div className="alert__actions">{actions}</div>}
      </div>
    </div>
  );
}

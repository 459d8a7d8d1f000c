import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link } from "wouter";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

interface StyleProps {
  variant?: ButtonVariant;
  size?: "md" | "sm" | "lg";
  /** Stretches to the full width of its container. */
  block?: boolean;
}

function buttonClass({ variant = "secondary", size = "md", block }: StyleProps, extra?: string): string {
  return ["btn", `btn--${variant}`, size !== "md" && `btn--${size}`, block && "btn--block", extra]
    .filter(Boolean)
    .join(" ");
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner, keeps the label for width, and blocks further clicks. */
  busy?: boolean;
  /** Replaces the label while busy (e.g. "Saving…"). */
  busyLabel?: string;
}

export function Button({
  variant,
  size,
  block,
  busy = false,
  busyLabel,
  className,
  disabled,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="btn__spinner" aria-hidden="true" />}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}

export interface ButtonLinkProps extends StyleProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** A link (client-side navigation) that looks like a button. */
export function ButtonLink({ href, variant, size, block, className, children }: ButtonLinkProps) {
  return (
    <Link href={href} className={buttonClass({ variant, size, block }, className)}>
      {children}
    </Link>
  );
}

/** A plain link that looks like a button: a full page load (leaving for the server or another site), not client-side navigation. */
export function ButtonAnchor({ href, variant, size, block, className, children }: ButtonLinkProps) {
  return (
    <a href={href} className={buttonClass({ variant, size, block }, className)}>
      {children}
    </a>
  );
}

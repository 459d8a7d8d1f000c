import type { ReactNode } from "react";
import { ButtonLink } from "./Button.tsx";
import { EmptyState } from "./EmptyState.tsx";
import type { IconName } from "./Icon.tsx";

export interface NoTestsYetProps {
  title?: ReactNode;
  children?: ReactNode;
  icon?: IconName;
  compact?: boolean;
  /** The action as the page's primary button (default: a quieter one). */
  primary?: boolean;
}

/** The empty state of every list of tests or results: say so, and offer the generator. */
export function NoTestsYet({ title = "No tests yet.", children, icon = "sparkles", compact = false, primary = false }: NoTestsYetProps) {
  return (
    <EmptyState
      compact={compact}
      icon={icon}
      title={title}
      action={
        <ButtonLink href="/testgenerator" variant={primary ? "primary" : "secondary"} size={compact ? "sm" : "md"}>
          Generate a test
        </ButtonLink>
      }
    >
      {children}
    </EmptyState>
  );
}

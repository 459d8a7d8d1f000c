import type { ReactNode } from "react";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";

/** A failed load, said in words, with Try again (and any further way out). */
export function RetryAlert({ children, onRetry, actions }: { children: ReactNode; onRetry?: () => void; actions?: ReactNode }) {
  return (
    <Alert
      kind="error"
      actions={
        onRetry || actions ? (
          <>
            {onRetry && (
              <Button size="sm" onClick={onRetry}>
                Try again
              </Button>
            )}
            {actions}
          </>
        ) : undefined
      }
    >
      {children}
    </Alert>
  );
}

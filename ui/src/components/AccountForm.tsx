/** An account form inside an AuthCard: banners, fields, one full-width submit button. */
import type { ReactNode } from "react";
import { Alert } from "./Alert.tsx";
import { AuthCard, type AuthCardProps } from "./AuthCard.tsx";
import { Button } from "./Button.tsx";

export interface AccountFormProps extends AuthCardProps {
  /** Banners above the form (a success notice, a verification message). */
  notice?: ReactNode;
  error?: string | null;
  submitLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** Hides the form (e.g. after success, when only the notice remains). */
  done?: boolean;
  onSubmit: () => void;
  /** Let the browser check required fields and e-mail format (default true). */
  browserValidation?: boolean;
}

export function AccountForm({
  notice,
  error,
  submitLabel,
  busyLabel,
  busy = false,
  done = false,
  onSubmit,
  browserValidation = true,
  children,
  ...card
}: AccountFormProps) {
  return (
    <AuthCard {...card}>
      {notice}
      {error && <Alert kind="error">{error}</Alert>}
      {!done && (
        <form
          className="stack"
          noValidate={!browserValidation}
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) onSubmit();
          }}
        >
          {children}
          <Button type="submit" variant="primary" size="lg" block busy={busy} busyLabel={busyLabel}>
            {submitLabel}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/** `/reset-password?token=`: choose a new password from an e-mailed link. */
import { useEffect, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { resetPassword } from "../api/auth.ts";
import { errorMessage } from "../api/client.ts";
import { AccountForm } from "../components/AccountForm.tsx";
import { Alert } from "../components/Alert.tsx";
import { PasswordField } from "../components/Field.tsx";
import { useAction } from "../hooks/useAction.ts";

export const MIN_PASSWORD_LENGTH = 6;
export const REDIRECT_AFTER_RESET_MS = 3000;
const FAILED = "Reset failed.";

/** The client's checks, in the spec's order. */
export function checkReset(token: string, password: string, confirm: string): string | null {
  if (!token) return "Missing token.";
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password !== confirm) return "Passwords do not match.";
  return null;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [, navigate] = useLocation();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login"), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit() {
    const problem = checkReset(token, password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    await run(
      async () => {
        const answer = await resetPassword({ token, new_password: password }, { fallback: FAILED });
        setDone(answer?.message || "Your password has been reset.");
      },
      (err) => errorMessage(err, FAILED),
    );
  }

  return (
    <AccountForm
      title="Choose a new password"
      intro="Pick a password you don't use anywhere else, at least six characters long."
      notice={
        done && (
          <Alert kind="success" title={done}>
            Taking you to the login page… <Link href="/login">Log in now</Link>
          </Alert>
        )
      }
      error={error}
      busy={busy}
      busyLabel="Saving…"
      submitLabel="Reset Password"
      done={Boolean(done)}
      browserValidation={false}
      onSubmit={() => void onSubmit()}
      footer={
        <span>
          Link expired? <Link href="/forgot-password">Ask for a new one</Link>
        </span>
      }
    >
      <PasswordField
        label="New password"
        name="new-password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        value={password}
        onValueChange={setPassword}
      />
      <PasswordField
        label="Confirm password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onValueChange={setConfirm}
      />
    </AccountForm>
  );
}

/** `/forgot-password`: asks for a reset link by e-mail. */
import { useState } from "react";
import { Link } from "wouter";
import { forgotPassword } from "../api/auth.ts";
import { errorMessage } from "../api/client.ts";
import { AccountForm } from "../components/AccountForm.tsx";
import { Alert } from "../components/Alert.tsx";
import { EmailField } from "../components/Field.tsx";
import { useAction } from "../hooks/useAction.ts";

const FAILED = "Something went wrong.";

export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const { busy, error, run } = useAction();

  async function onSubmit() {
    await run(
      async () => {
        await forgotPassword(email.trim(), { fallback: FAILED });
        setSent(true);
      },
      (err) => errorMessage(err, FAILED),
    );
  }

  return (
    <AccountForm
      title="Reset your password"
      intro="Enter the email address of your account and we'll send you a link to choose a new password."
      notice={
        sent && <Alert kind="success">If the email exists, we&apos;ve sent a reset link. Please check your inbox.</Alert>
      }
      error={error}
      busy={busy}
      busyLabel="Sending…"
      submitLabel="Send Reset Link"
      done={sent}
      onSubmit={() => void onSubmit()}
      footer={
        <span>
          Remembered it? <Link href="/login">Back to login</Link>
        </span>
      }
    >
      <EmailField value={email} onValueChange={setEmail} />
    </AccountForm>
  );
}

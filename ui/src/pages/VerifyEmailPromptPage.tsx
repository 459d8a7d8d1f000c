/** `/verify-email-prompt`: asks the user to confirm their e-mail; Check Again and Resend Email. */
import { useState } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { resendVerification } from "../api/auth.ts";
import { ApiError } from "../api/client.ts";
import { Alert } from "../components/Alert.tsx";
import { AuthCard } from "../components/AuthCard.tsx";
import { Button } from "../components/Button.tsx";
import { Icon } from "../components/Icon.tsx";
import { PageSpinner } from "../components/Spinner.tsx";
import { useSession } from "../hooks/session.tsx";
import { useAction } from "../hooks/useAction.ts";

/** The address to resend to: the signed-in user's, or the one a refused login passed along. */
function knownEmail(userEmail: string | undefined): string | undefined {
  if (userEmail) return userEmail;
  const state: unknown = window.history.state;
  if (state && typeof state === "object" && typeof (state as { email?: unknown }).email === "string") {
    return (state as { email: string }).email || undefined;
  }
  return undefined;
}

export function VerifyEmailPromptPage() {
  const { user, loading, config, refresh } = useSession();
  const [, navigate] = useLocation();
  const check = useAction();
  const resend = useAction();
  const [stillUnverified, setStillUnverified] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (loading && !user) return <PageSpinner label="Checking credentials..." />;
  if (!loading && (user?.is_verified || !config.require_email_verification)) return <Redirect to="/dashboard" replace />;

  const email = knownEmail(user?.email);

  async function onCheckAgain() {
    setStillUnverified(false);
    if (!user) {
      // Refused at login (403): there is no session to check, so log in again once verified.
      navigate("/login");
      return;
    }
    await check.run(async () => {
      const fresh = await refresh();
      if (fresh?.is_verified) navigate("/dashboard", { replace: true });
      else setStillUnverified(true);
    });
  }

  async function onResend() {
    if (!email) {
      resend.setError("User email is not available. Please log in again.");
      return;
    }
    await resend.run(
      async () => {
        await resendVerification(email);
        setSentTo(email);
      },
      (err) => (err instanceof ApiError && err.status === 429 ? err.message : "Failed to resend verification email."),
    );
  }

  return (
    <AuthCard
      title="Verify your email"
      intro={
        <div className="auth__lead">
          <span className="auth__lead-icon">
            <Icon name="mail" size={24} />
          </span>
          <p>
            We sent a verification link to {email ? <strong>{email}</strong> : "your email address"}. Open it to finish
            setting up your account, then come back here.
          </p>
        </div>
      }
      footer={
        <span>
          Wrong account? <Link href="/login">Log in with another email</Link>
        </span>
      }
    >
      {sentTo && (
        <Alert kind="success" title="Verification email sent.">
          A new link is on its way to {sentTo}. It may take a minute; check your spam folder too.
        </Alert>
      )}
      {stillUnverified && (
        <Alert kind="info">Your email is not verified yet. Open the link in the email, then choose Check Again.</Alert>
      )}
      {resend.error && <Alert kind="error">{resend.error}</Alert>}
      <div className="button-row">
        <Button variant="primary" onClick={() => void onCheckAgain()} busy={check.busy} busyLabel="Checking…">
          Check Again
        </Button>
        <Button onClick={() => void onResend()} busy={resend.busy} busyLabel="Sending…" disabled={sentTo !== null}>
          Resend Email
        </Button>
      </div>
    </AuthCard>
  );
}

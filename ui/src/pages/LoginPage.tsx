/** `/login` (spec §2, §4, §8). */
import { useState } from "react";
import { Link, Redirect, useLocation, useSearchParams } from "wouter";
import { login, resendVerification } from "../api/auth.ts";
import { ApiError } from "../api/client.ts";
import { AccountForm } from "../components/AccountForm.tsx";
import { Alert } from "../components/Alert.tsx";
import { AuthCard } from "../components/AuthCard.tsx";
import { ProviderButtons, useSignInOptions } from "../components/ProviderButtons.tsx";
import { Button } from "../components/Button.tsx";
import { EmailField, PasswordField } from "../components/Field.tsx";
import { needsVerification, useSession } from "../hooks/session.tsx";
import { useAction } from "../hooks/useAction.ts";

const LOGIN_FAILED = "Login failed. Please try again.";
const LOGIN_OFFLINE = "Login failed. Please check your connection or try again.";

/** The banner for `?verified=false`, which can send a new link to the address typed in the form. */
function ExpiredLinkNotice({ email }: { email: string }) {
  const resend = useAction();
  const [sent, setSent] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  async function onResend() {
    if (!email.trim()) {
      setHint("Enter your email address below, then choose Resend.");
      return;
    }
    setHint(null);
    await resend.run(
      async () => {
        await resendVerification(email.trim());
        setSent(true);
      },
      (err) => (err instanceof ApiError && err.status === 429 ? err.message : "Failed to resend verification email."),
    );
  }

  if (sent) {
    return (
      <Alert kind="success" title="Verification email sent.">
        If {email.trim()} has an account, a new link is on its way. Check your inbox.
      </Alert>
    );
  }
  return (
    <Alert
      kind="error"
      title="That verification link is invalid or has expired."
      actions={
        <Button size="sm" onClick={() => void onResend()} busy={resend.busy} busyLabel="Sending…">
          Resend verification email
        </Button>
      }
    >
      {resend.error ?? hint ?? "We can send you a new one."}
    </Alert>
  );
}

export function LoginPage() {
  const { user, config, refresh } = useSession();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, run } = useAction();
  const verified = params.get("verified");
  const signIn = useSignInOptions();

  if (user) return <Redirect to={needsVerification(user, config) ? "/verify-email-prompt" : "/dashboard"} replace />;

  const notices = (
    <>
      {verified === "true" && <Alert kind="success">Your email has been verified! You can now log in.</Alert>}
      {verified === "false" && <ExpiredLinkNotice email={email} />}
    </>
  );

  // PASSWORD_LOGIN=false: the school signs in only with its provider.
  if (!signIn.password_login) {
    return (
      <AuthCard brand title="Log in to StudyForge" intro="Sign in with your school account.">
        {notices}
        <ProviderButtons providers={signIn.providers} divider={false} />
      </AuthCard>
    );
  }

  async function onSubmit() {
    await run(
      async () => {
        try {
          await login({ email: email.trim(), password }, { fallback: LOGIN_FAILED, networkFallback: LOGIN_OFFLINE });
        } catch (err) {
          if (err instanceof ApiError && err.status === 403) {
            navigate("/verify-email-prompt", { replace: true, state: { email: email.trim() } });
            return;
          }
          throw err;
        }
        const signedIn = await refresh();
        navigate(needsVerification(signedIn, config) ? "/verify-email-prompt" : "/dashboard", { replace: true });
      },
      (err) => (err instanceof ApiError ? err.message : LOGIN_FAILED),
    );
  }

  return (
    <AccountForm
      brand
      title="Log in to StudyForge"
      intro="Welcome back. Pick up where you left off."
      notice={
        <>
          {notices}
          <ProviderButtons providers={signIn.providers} divider />
        </>
      }
      error={error}
      busy={busy}
      busyLabel="Logging in…"
      submitLabel="Log In"
      onSubmit={() => void onSubmit()}
      footer={
        <>
          <Link href="/forgot-password">Forgot your password?</Link>
          <span>
            New to StudyForge? <Link href="/register">Create an account</Link>
          </span>
        </>
      }
    >
      <EmailField value={email} onValueChange={setEmail} />
      <PasswordField required value={password} onValueChange={setPassword} />
    </AccountForm>
  );
}

/** `/register` (spec §2, §4, §8). The session is the httpOnly cookie the server sets; no token is stored here. */
import { useState } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { register } from "../api/auth.ts";
import { ApiError } from "../api/client.ts";
import { AccountForm } from "../components/AccountForm.tsx";
import { AuthCard } from "../components/AuthCard.tsx";
import { ProviderButtons, useSignInOptions } from "../components/ProviderButtons.tsx";
import { EmailField, PasswordField, UsernameField } from "../components/Field.tsx";
import { useSession } from "../hooks/session.tsx";
import { useAction } from "../hooks/useAction.ts";

const REGISTER_FAILED = "Failed to register. Please try again.";
/** Answers whose detail is meant for the user (taken name or e-mail, invalid input, too many tries). */
const SHOWN_STATUSES = new Set([409, 422, 429]);

export function RegisterPage() {
  const { user, refresh } = useSession();
  const [, navigate] = useLocation();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, run } = useAction();

  const signIn = useSignInOptions();

  if (user && !busy) return <Redirect to="/dashboard" replace />;

  // PASSWORD_LOGIN=false: accounts are made by signing in with the school's provider the first time.
  if (!signIn.password_login) {
    return (
      <AuthCard brand title="Create your account" intro="Your account is created the first time you sign in with your school account.">
        <ProviderButtons providers={signIn.providers} divider={false} />
      </AuthCard>
    );
  }

  async function onSubmit() {
    await run(
      async () => {
        await register({ username: username.trim(), email: email.trim(), password }, { fallback: REGISTER_FAILED });
        await refresh();
        navigate("/dashboard", { replace: true });
      },
      (err) => (err instanceof ApiError && SHOWN_STATUSES.has(err.status) ? err.message : REGISTER_FAILED),
    );
  }

  return (
    <AccountForm
      brand
      title="Create your account"
      intro="Turn your study guides into practice tests in a few minutes."
      notice={<ProviderButtons providers={signIn.providers} divider />}
      error={error}
      busy={busy}
      busyLabel="Creating account…"
      submitLabel="Sign Up"
      onSubmit={() => void onSubmit()}
      footer={
        <span>
          Already have an account? <Link href="/login">Log in</Link>
        </span>
      }
    >
      <UsernameField value={username} onValueChange={setUsername} />
      <EmailField value={email} onValueChange={setEmail} />
      <PasswordField autoComplete="new-password" required value={password} onValueChange={setPassword} />
    </AccountForm>
  );
}

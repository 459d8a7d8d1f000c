/** `/verify-email?token=`: the link from the e-mail; hands the token to the server, which answers with a redirect. */
import { useEffect } from "react";
import { Link, useSearchParams } from "wouter";
import { verifyEmailUrl } from "../api/auth.ts";
import { Alert } from "../components/Alert.tsx";
import { AuthCard } from "../components/AuthCard.tsx";
import { Spinner } from "../components/Spinner.tsx";

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";

  useEffect(() => {
    if (token) window.location.assign(verifyEmailUrl(token));
  }, [token]);

  return (
    <AuthCard title="Email verification">
      {token ? (
        <Spinner label="Verifying your email..." />
      ) : (
        <Alert kind="error" title="This verification link is incomplete.">
          Open the link from your email again, or <Link href="/verify-email-prompt">ask for a new one</Link>.
        </Alert>
      )}
    </AuthCard>
  );
}

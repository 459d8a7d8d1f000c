/** `/auth/error?reason=…`: why a sign-in with a school provider did not happen, in words (never a stack trace). */
import { useEffect, useState } from "react";
import { useSearchParams } from "wouter";
import { OIDC_FAILURES, type OidcFailure } from "../api/sign-in.ts";
import { Alert } from "../components/Alert.tsx";
import { AuthCard } from "../components/AuthCard.tsx";
import { ButtonLink } from "../components/Button.tsx";
import { useSignInOptions } from "../components/ProviderButtons.tsx";

const isFailure = (reason: string | null): reason is OidcFailure => reason !== null && Object.hasOwn(OIDC_FAILURES, reason);

/**
 * The refused address, from the short-lived cookie the server set from the verified ID token (never from
 * the URL, where another site could write any text into this page). `__Host-` over https.
 */
const REFUSED_EMAIL = ["__Host-sf_refused_email", "sf_refused_email"];
function refusedEmail(): string {
  for (const part of document.cookie.split("; ")) {
    const eq = part.indexOf("=");
    if (!REFUSED_EMAIL.includes(part.slice(0, eq))) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1)).slice(0, 254);
    } catch {
      return "";
    }
  }
  return "";
}

export function AuthErrorPage() {
  const [params] = useSearchParams();
  const { providers } = useSignInOptions();
  const reason = params.get("reason");
  const [email] = useState(refusedEmail);
  // Read once: a reload or a later refusal without an address does not show this one again.
  useEffect(() => {
    document.cookie = `sf_refused_email=; Max-Age=0; Path=/; SameSite=Lax`;
    if (location.protocol === "https:") document.cookie = `__Host-sf_refused_email=; Max-Age=0; Path=/; Secure; SameSite=Lax`;
  }, []);
  const id = params.get("provider");
  const name = providers.find((p) => p.id === id)?.name ?? "Your school's sign-in service";
  const message = (isFailure(reason) ? OIDC_FAILURES[reason] : "Signing in did not work. Please try again.")
    .replaceAll("{name}", name)
    .replaceAll(email ? "{email}" : " ({email})", email);
  const linking = reason === "linked_elsewhere";
  return (
    <AuthCard title="You were not signed in">
      <Alert kind="error">{message}</Alert>
      <ButtonLink href={linking ? "/settings" : "/login"} variant="primary" size="lg" block>
        {linking ? "Back to settings" : "Back to sign-in"}
      </ButtonLink>
    </AuthCard>
  );
}

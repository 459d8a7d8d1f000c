/** `/auth/error?reason=…`: why a sign-in with a school provider did not happen, in words (never a stack trace). */
import { useSearchParams } from "wouter";
import { OIDC_FAILURES, type OidcFailure } from "../api/sign-in.ts";
import { Alert } from "../components/Alert.tsx";
import { AuthCard } from "../components/AuthCard.tsx";
import { ButtonLink } from "../components/Button.tsx";
import { useSignInOptions } from "../components/ProviderButtons.tsx";

const isFailure = (reason: string | null): reason is OidcFailure => reason !== null && Object.hasOwn(OIDC_FAILURES, reason);

export function AuthErrorPage() {
  const [params] = useSearchParams();
  const { providers } = useSignInOptions();
  const reason = params.get("reason");
  const id = params.get("provider");
  const name = providers.find((p) => p.id === id)?.name ?? "Your school's sign-in service";
  const message = (isFailure(reason) ? OIDC_FAILURES[reason] : "Signing in did not work. Please try again.")
    .replaceAll("{name}", name)
    .replaceAll("{email}", (params.get("email") ?? "").slice(0, 254));
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

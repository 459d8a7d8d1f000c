/** "Sign-in with {name}" on /settings: link a school provider to this account, or unlink it while a password (or another provider) remains. */
import { useSearchParams } from "wouter";
import { listIdentities, signInUrl, unlinkIdentity, type IdentitiesOut, type ProviderOut } from "../../api/sign-in.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button, ButtonAnchor } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { useSignInOptions } from "../../components/ProviderButtons.tsx";
import { RetryAlert } from "../../components/RetryAlert.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { formatDateTime } from "../../format.ts";
import { useToast } from "../../hooks/toast.tsx";
import { useAction } from "../../hooks/useAction.ts";
import { useLoad, type Loaded } from "../../hooks/useLoad.ts";

const LOAD_FAILED = "Could not load how you sign in.";

function ProviderCard({ provider, identities }: { provider: ProviderOut; identities: Loaded<IdentitiesOut> }) {
  const toast = useToast();
  const [params] = useSearchParams();
  const unlink = useAction();
  const linked = identities.data?.identities.find((i) => i.provider === provider.id);
  const canUnlink = Boolean(identities.data && (identities.data.has_password || identities.data.identities.length > 1));

  async function onUnlink() {
    await unlink.run(async () => {
      await unlinkIdentity(provider.id, { fallback: "Could not unlink. Please try again." });
      toast.show(`${provider.name} is no longer linked.`, { kind: "success" });
      identities.setData({ ...identities.data!, identities: identities.data!.identities.filter((i) => i.provider !== provider.id) });
    });
  }

  return (
    <Card title={`Sign-in with ${provider.name}`}>
      {identities.loading || (!identities.data && !identities.failed) ? (
        <Spinner label="Loading…" />
      ) : identities.failed ? (
        <RetryAlert onRetry={identities.reload}>{LOAD_FAILED}</RetryAlert>
      ) : (
        <div className="stack">
          {params.get("linked") === provider.id && linked && <Alert kind="success">{provider.name} is now linked: you can sign in with it.</Alert>}
          {unlink.error && <Alert kind="error">{unlink.error}</Alert>}
          {linked ? (
            <>
              <p>
                Linked to <strong>{linked.email || provider.name}</strong> since {formatDateTime(linked.linked_at)}.
              </p>
              {!canUnlink && <p className="muted">This is how you sign in. To unlink it, set a password first with “Forgot your password?” on the login page.</p>}
              <div className="button-row">
                <Button onClick={() => void onUnlink()} disabled={!canUnlink} busy={unlink.busy} busyLabel="Unlinking…">
                  Unlink {provider.name}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="muted">Link your {provider.name} account to sign in with it instead of your password.</p>
              <div className="button-row">
                <ButtonAnchor href={signInUrl(provider.id, "link")} variant="primary">
                  Link {provider.name}
                </ButtonAnchor>
              </div>
            </>
          )}
        </div>
      )}
    </Card>
  );
}

export function SignInCards() {
  const { providers } = useSignInOptions();
  const identities = useLoad(providers.length ? "identities" : null, (signal) => listIdentities({ signal, fallback: LOAD_FAILED }));
  return (
    <>
      {providers.map((p) => (
        <ProviderCard key={p.id} provider={p} identities={identities} />
      ))}
    </>
  );
}

/** "Sign in with {name}" for each school sign-in provider the server is configured with (login and sign-up pages). */
import { getProviders, signInUrl, type ProvidersOut } from "../api/sign-in.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { ButtonAnchor } from "./Button.tsx";

/** The providers, and whether password sign-in is on; until the server answers: none, and passwords on. */
export function useSignInOptions(): ProvidersOut & { loading: boolean } {
  const loaded = useLoad("sign-in-options", (signal) => getProviders({ signal }));
  return { providers: loaded.data?.providers ?? [], password_login: loaded.data?.password_login ?? true, loading: loaded.loading };
}

export function ProviderButtons({ providers, divider }: { providers: ProvidersOut["providers"]; divider: boolean }) {
  if (!providers.length) return null;
  return (
    <div className="stack">
      {providers.map((p) => (
        <ButtonAnchor key={p.id} href={signInUrl(p.id)} size="lg" block>
          Sign in with {p.name}
        </ButtonAnchor>
      ))}
      {divider && (
        <p className="auth__or" role="separator" aria-label="or">
          or
        </p>
      )}
    </div>
  );
}

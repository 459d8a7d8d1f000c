/** School sign-in (OpenID Connect): the configured providers, the user's linked ones, and the flow's URLs. */
import { api, type CallOptions } from "./client.ts";
import type { IdentitiesOut, ProvidersOut } from "../../../src/accounts/oidc/schema.ts";

export type { IdentitiesOut, IdentityOut, OidcFailure, ProviderOut, ProvidersOut } from "../../../src/accounts/oidc/schema.ts";
export { OIDC_FAILURES } from "../../../src/accounts/oidc/schema.ts";

export function getProviders(options?: CallOptions): Promise<ProvidersOut> {
  return api.get<ProvidersOut>("/api/auth/providers", { ...options, allow401: true });
}

export function listIdentities(options?: CallOptions): Promise<IdentitiesOut> {
  return api.get<IdentitiesOut>("/api/auth/identities", options);
}

export function unlinkIdentity(provider: string, options?: CallOptions): Promise<void> {
  return api.delete<void>(`/api/auth/identities/${encodeURIComponent(provider)}`, undefined, options);
}

/** Where the "Sign in with …" button goes: a full navigation to the server, which sends the browser on to the provider. */
export function signInUrl(provider: string, mode?: "link"): string {
  return `/auth/oidc/${encodeURIComponent(provider)}/start${mode ? `?mode=${mode}` : ""}`;
}

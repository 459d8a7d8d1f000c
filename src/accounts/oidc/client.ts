/**
 * The relying party side of OpenID Connect, through openid-client (a certified RP library): discovery,
 * the authorization URL with PKCE, state and nonce, and the code exchange with every ID token check
 * (issuer, audience, signature, expiry, nonce). Nothing here checks a token by hand.
 */
import * as oidc from "openid-client";
import { isLoopbackUrl, type OidcProviderConfig } from "../../core/config.ts";
import type { OidcFailure } from "./schema.ts";

/** A discovery document is fetched again after this long, so a provider's key rollover reaches us. */
const DISCOVERY_TTL_MS = 3600_000;
/** After a failed refresh, how long the last good document serves before the next try. */
const RETRY_MS = 60_000;
/** Seconds for each request to the provider (discovery, token, userinfo). */
const PROVIDER_TIMEOUT_S = 10;

interface Cached {
  at: number;
  config: Promise<oidc.Configuration>;
  /** The last document that answered: used while a refresh fails, so a provider's brief outage at the hour does not stop sign-in. */
  good?: oidc.Configuration;
}
const cache = new Map<string, Cached>();

const fetchDiscovery = (provider: OidcProviderConfig) =>
  oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
    execute: isLoopbackUrl(provider.issuer) ? [oidc.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT_S,
  });

/**
 * The provider's configuration from its `/.well-known/openid-configuration`, cached per issuer and client
 * for an hour. A failed first fetch is not cached (the next sign-in tries again); a failed refresh keeps
 * the last good document and tries again a minute later. openid-client refuses plain http; an http
 * issuer is allowed only on loopback (config.ts refuses it elsewhere), for a test provider.
 */
export function discover(provider: OidcProviderConfig): Promise<oidc.Configuration> {
  const key = `${provider.issuer}|${provider.clientId}|${provider.clientSecret}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const good = hit?.good;
  const entry: Cached = { at: Date.now(), config: fetchDiscovery(provider), good };
  entry.config = entry.config.then(
    (config) => {
      entry.good = config;
      return config;
    },
    (err: unknown) => {
      if (!good) {
        cache.delete(key);
        throw err;
      }
      // Tried again a minute from now, so sign-ins meanwhile do not each wait for a provider that is down.
      cache.set(key, { at: Date.now() - DISCOVERY_TTL_MS + RETRY_MS, config: Promise.resolve(good), good });
      return good;
    },
  );
  // Bounded: one entry per configured provider (config.ts allows at most ten).
  cache.set(key, entry);
  return entry.config;
}

/** What the browser keeps between the start and the callback (flow-cookie.ts). */
export interface FlowSecrets {
  state: string;
  nonce: string;
  verifier: string;
}

/** The provider's authorization URL for a new sign-in, and the secrets its callback must match. */
export async function authorizationUrl(provider: OidcProviderConfig, redirectUri: string): Promise<{ url: URL; secrets: FlowSecrets }> {
  const config = await discover(provider);
  const secrets = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.verifier),
    code_challenge_method: "S256",
  });
  return { url, secrets };
}

/** The ID token's claims that sign-in uses, with the e-mail from userinfo when the ID token has none. */
export interface OidcClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  [claim: string]: unknown;
}

/** Exchanges the callback's code (PKCE verifier, expected state and nonce) and returns the verified ID token's claims. */
export async function finishSignIn(provider: OidcProviderConfig, callbackUrl: URL, secrets: FlowSecrets): Promise<OidcClaims> {
  const config = await discover(provider);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: secrets.verifier,
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims()!;
  let extra: Record<string, unknown> = {};
  if (typeof claims.email !== "string" && config.serverMetadata().userinfo_endpoint) {
    extra = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  }
  const all = { ...extra, ...claims };
  // As given: service.ts checks and lower-cases it (email.ts), refusing what it cannot use rather than cutting it.
  const email = typeof all.email === "string" ? all.email : undefined;
  const verified = all.email_verified;
  return { ...all, sub: claims.sub, email, email_verified: typeof verified === "boolean" ? verified : verified === "true" ? true : verified === "false" ? false : undefined };
}

/** Sorts what openid-client (or the network) threw into what the user is told. */
export function failureOf(err: unknown): OidcFailure {
  if (err instanceof oidc.AuthorizationResponseError) return err.error === "access_denied" ? "cancelled" : "misconfigured";
  if (err instanceof oidc.ResponseBodyError) {
    if (err.error === "invalid_grant") return "expired";
    return err.status >= 500 ? "unavailable" : "misconfigured";
  }
  if (err instanceof oidc.WWWAuthenticateChallengeError) return "misconfigured";
  const code = (err as { code?: string }).code;
  if (code === "OAUTH_JWT_CLAIM_COMPARISON_FAILED" || code === "OAUTH_JWT_TIMESTAMP_CHECK_FAILED" || code === "OAUTH_KEY_SELECTION_FAILED" || code === "OAUTH_INVALID_RESPONSE") return "token";
  // A discovery document for another issuer, an answer naming another issuer (RFC 9207).
  if (code === "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED" || code === "OAUTH_INVALID_SERVER_METADATA") return "misconfigured";
  // fetch failed, a refused connection, a timeout, a discovery document that is not one.
  return "unavailable";
}

/** `studyforge doctor`: whether the provider's discovery document answers and names what sign-in needs. */
export async function checkDiscovery(provider: OidcProviderConfig): Promise<{ ok: boolean; detail: string }> {
  const where = `${provider.issuer}/.well-known/openid-configuration`;
  try {
    const metadata = (await fetchDiscovery(provider)).serverMetadata();
    const missing = (["authorization_endpoint", "token_endpoint", "jwks_uri"] as const).filter((k) => !metadata[k]);
    if (missing.length) return { ok: false, detail: `${where} names no ${missing.join(", ")}` };
    return { ok: true, detail: `${where} answers (issuer ${metadata.issuer})` };
  } catch (err) {
    return { ok: false, detail: `${where} does not answer as a discovery document should (${err instanceof Error ? err.message : String(err)})` };
  }
}

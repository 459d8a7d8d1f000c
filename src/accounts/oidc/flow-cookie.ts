/**
 * The sign-in in progress, kept in the browser that started it: a short-lived, encrypted, httpOnly cookie
 * with the state, nonce and PKCE verifier. The callback must come with it, so an answer started in
 * another browser (or forged) matches nothing; a cookie rather than a server-side row, so any instance
 * behind the load balancer can finish what another started (they share the server secret). Encrypted,
 * not only signed: the verifier and nonce are secrets of the flow, and a cookie's value ends up in
 * places (a proxy's log, a browser extension) where a signature alone would leave them readable.
 */
import { hkdfSync } from "node:crypto";
import { EncryptJWT, jwtDecrypt } from "jose";
import type { AppContext } from "../../core/context.ts";
import type { FlowSecrets } from "./client.ts";

/** Minutes a sign-in may take at the provider (typing a password, a second factor). */
export const FLOW_LIFETIME_S = 10 * 60;

/**
 * A cookie's name for this installation: over https with the __Host- prefix, which the browser accepts only
 * from this very host with Secure and Path=/, so a sibling subdomain cannot plant or overwrite it. Plain
 * http (a test or a trial on one machine) cannot set a __Host- cookie, so the bare name is used there.
 */
export const hostCookieName = (app: AppContext, name: string) => (app.config.publicUrl.startsWith("https:") ? `__Host-${name}` : name);
export const flowCookieName = (app: AppContext) => hostCookieName(app, "sf_oidc");

export interface Flow extends FlowSecrets {
  provider: string;
  /** Link mode: the signed-in user (and their session) adding this provider from /settings. */
  link?: { userId: number; sessionId: number };
}

/** A key of its own for the flow cookie, derived from the server secret (never the session-signing key itself). */
const keys = new WeakMap<Uint8Array, Uint8Array>();
function flowKey(secret: Uint8Array): Uint8Array {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = new Uint8Array(hkdfSync("sha256", secret, new Uint8Array(0), "studyforge oidc flow cookie", 32))));
  return key;
}

export async function sealFlow(app: AppContext, flow: Flow): Promise<string> {
  const now = Math.floor(app.clock.now().getTime() / 1000);
  return new EncryptJWT({ typ: "oidc-flow", flow })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt(now)
    .setExpirationTime(now + FLOW_LIFETIME_S)
    .encrypt(flowKey(app.secret));
}

/** The flow the cookie carries; "expired" when it is too old, null when it is missing or not ours. */
export async function openFlow(app: AppContext, cookie: string | undefined): Promise<Flow | "expired" | null> {
  if (!cookie) return null;
  try {
    const { payload } = await jwtDecrypt(cookie, flowKey(app.secret), { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"], currentDate: app.clock.now() });
    return payload.typ === "oidc-flow" ? (payload.flow as Flow) : null;
  } catch (err) {
    return (err as { code?: string }).code === "ERR_JWT_EXPIRED" ? "expired" : null;
  }
}

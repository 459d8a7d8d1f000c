/**
 * The sign-in in progress, kept in the browser that started it: a short-lived, signed, httpOnly cookie
 * with the state, nonce and PKCE verifier. The callback must come with it, so an answer started in
 * another browser (or forged) matches nothing; a cookie rather than a server-side row, so any instance
 * behind the load balancer can finish what another started (they share the signing key).
 */
import { SignJWT, jwtVerify } from "jose";
import type { AppContext } from "../../core/context.ts";
import type { FlowSecrets } from "./client.ts";

export const FLOW_COOKIE = "sf_oidc";
/** Minutes a sign-in may take at the provider (typing a password, a second factor). */
export const FLOW_LIFETIME_S = 10 * 60;
/** Only the callback needs it; the browser sends it nowhere else. */
export const FLOW_COOKIE_PATH = "/auth/oidc/";

export interface Flow extends FlowSecrets {
  provider: string;
  /** Link mode: the signed-in user (and their session) adding this provider from /settings. */
  link?: { userId: number; sessionId: number };
}

export async function sealFlow(app: AppContext, flow: Flow): Promise<string> {
  const now = Math.floor(app.clock.now().getTime() / 1000);
  return new SignJWT({ typ: "oidc-flow", flow })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(now)
    .setExpirationTime(now + FLOW_LIFETIME_S)
    .sign(app.secret);
}

/** The flow the cookie carries; "expired" when it is too old, null when it is missing or not ours. */
export async function openFlow(app: AppContext, cookie: string | undefined): Promise<Flow | "expired" | null> {
  if (!cookie) return null;
  try {
    const { payload } = await jwtVerify(cookie, app.secret, { algorithms: ["HS256"], currentDate: app.clock.now() });
    return payload.typ === "oidc-flow" ? (payload.flow as Flow) : null;
  } catch (err) {
    return (err as { code?: string }).code === "ERR_JWT_EXPIRED" ? "expired" : null;
  }
}

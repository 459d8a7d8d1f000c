import type { OidcProviderConfig } from "../../core/config.ts";
import { AppError } from "../../core/errors.ts";
import { RATE_RULES } from "../../core/rate-limit.ts";
import { clientOf, requireUser, setDeviceCookie, setSessionCookie } from "../../http/auth.ts";
import type { AppRouter, Ctx } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { authorizationUrl, failureOf, finishSignIn } from "./client.ts";
import { FLOW_LIFETIME_S, flowCookieName, hostCookieName, openFlow, sealFlow } from "./flow-cookie.ts";
import { ProviderParams, type OidcFailure } from "./schema.ts";
import { SignInRefused, linkProvider, listIdentities, listProviders, providerById, signInWithProvider, unlinkProvider } from "./service.ts";

/** Where providers send the browser back: registered with each provider as StudyForge's redirect URI. */
export const OIDC_CALLBACK_PATH = "/auth/oidc/callback";
const redirectUri = (ctx: Ctx) => ctx.state.app.config.publicUrl + OIDC_CALLBACK_PATH;

/** httpOnly (the page reads none of it), SameSite=Lax (the provider's redirect back is a top-level GET, which carries it). */
function setFlowCookie(ctx: Ctx, value: string, maxAgeS: number) {
  setHostCookie(ctx, flowCookieName(ctx.state.app), value, maxAgeS, true);
}

/**
 * Which address a domain or verification refusal was about, for the error page's sentence: in a cookie
 * the page reads once and removes, set by the server from the verified ID token. Never in the URL, where
 * any site could write an address of its choosing into StudyForge's page and logs would keep it.
 */
export const REFUSED_EMAIL_COOKIE = "sf_refused_email";
const REFUSED_EMAIL_LIFETIME_S = 5 * 60;

/** A cookie for every path of this host, Secure when users reach us over https. */
function setHostCookie(ctx: Ctx, name: string, value: string, maxAgeS: number, httpOnly: boolean) {
  const secure = ctx.state.app.config.publicUrl.startsWith("https:");
  // Behind a TLS-terminating proxy the connection itself is plain HTTP; PUBLIC_URL says what users see.
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(name, value, { httpOnly, sameSite: "lax", secure, maxAge: maxAgeS * 1000, path: "/" });
}

/**
 * A sign-in that did not happen: logged with the request id and the library's reason, answered by the
 * readable page (/auth/error), never a stack trace and never a session. The flow's cookie stays: a refusal
 * before the callback matched it (a forged state from another site) must not cancel the real sign-in.
 */
function refuse(ctx: Ctx, reason: OidcFailure, extra: { provider?: OidcProviderConfig; email?: string; err?: unknown } = {}) {
  const err = extra.err as { message?: string; code?: string; error?: string } | undefined;
  ctx.state.log.warn({ reason, provider: extra.provider?.id, error: err && { message: err.message?.slice(0, 300), code: err.code, oauth_error: err.error } }, "sign-in with a provider refused");
  if (extra.email) setHostCookie(ctx, hostCookieName(ctx.state.app, REFUSED_EMAIL_COOKIE), encodeURIComponent(extra.email), REFUSED_EMAIL_LIFETIME_S, false);
  const query = new URLSearchParams({ reason });
  if (extra.provider) query.set("provider", extra.provider.id);
  ctx.redirect(`/auth/error?${query}`);
}

/** Counts the attempt; over the limit, a browser's navigation gets the readable page instead of the API's JSON 429. */
async function underLimit(ctx: Ctx): Promise<boolean> {
  try {
    await ctx.state.app.limits.hit(`oidc:${ctx.ip}`, RATE_RULES.oidcPerAddress);
    return true;
  } catch (err) {
    if (!(err instanceof AppError && err.status === 429 && ctx.accepts("json", "html") === "html")) throw err;
    refuse(ctx, "rate_limited");
    return false;
  }
}

/** The provider a path names; an id that no provider could have (over 20 characters) is as unknown as any other. */
const providerOf = (ctx: Ctx) => {
  const params = ProviderParams.safeParse(ctx.params);
  return params.success ? providerById(ctx.state.app, params.data.provider) : undefined;
};

export function oidcRoutes(router: AppRouter) {
  router.get("/api/auth/providers", async (ctx) => {
    ctx.body = listProviders(ctx.state.app);
  });

  /** Sends the browser to the provider; `?mode=link` links it to the signed-in user instead (from /settings). */
  router.get("/api/auth/oidc/:provider/start", async (ctx) => {
    if (!(await underLimit(ctx))) return;
    const provider = providerOf(ctx);
    if (!provider) return refuse(ctx, "unknown_provider");
    let link;
    if (ctx.query.mode === "link") {
      if (!ctx.state.user) return ctx.redirect("/login");
      const scope = requireUser(ctx, { allowUnverified: true });
      link = { userId: scope.user.id, sessionId: scope.sessionId };
    }
    try {
      const { url, secrets } = await authorizationUrl(provider, redirectUri(ctx));
      setFlowCookie(ctx, await sealFlow(ctx.state.app, { provider: provider.id, ...secrets, link }), FLOW_LIFETIME_S);
      ctx.redirect(url.href);
    } catch (err) {
      refuse(ctx, failureOf(err), { provider, err });
    }
  });

  router.get("/api/auth/oidc/callback", async (ctx) => {
    if (!(await underLimit(ctx))) return;
    const app = ctx.state.app;
    const flow = await openFlow(app, ctx.cookies.get(flowCookieName(app)));
    if (flow === "expired") return refuse(ctx, "expired");
    // No flow from this browser, or an answer to a different one: nothing to match it with.
    if (!flow || ctx.query.state !== flow.state) return refuse(ctx, "state");
    const provider = providerById(app, flow.provider);
    if (!provider) return refuse(ctx, "unknown_provider");
    setFlowCookie(ctx, "", 0);
    try {
      const claims = await finishSignIn(provider, new URL(`${redirectUri(ctx)}?${ctx.querystring}`), flow);
      if (flow.link) {
        if (ctx.state.user?.id !== flow.link.userId) return refuse(ctx, "state", { provider });
        await linkProvider(app, flow.link.userId, provider, claims);
        ctx.state.log.info({ user_id: flow.link.userId, provider: provider.id }, "provider linked");
        return ctx.redirect(`/settings?linked=${encodeURIComponent(provider.id)}`);
      }
      const result = await signInWithProvider(app, provider, claims, clientOf(ctx));
      setSessionCookie(ctx, result.token);
      setDeviceCookie(ctx, result.device);
      ctx.state.log.info({ user_id: result.user.id, provider: provider.id }, "signed in with a provider");
      ctx.redirect("/dashboard");
    } catch (err) {
      if (err instanceof SignInRefused) return refuse(ctx, err.reason, { provider, email: err.email });
      refuse(ctx, failureOf(err), { provider, err });
    }
  });

  router.get("/api/auth/identities", async (ctx) => {
    ctx.body = await listIdentities(requireUser(ctx, { allowUnverified: true }));
  });

  router.delete("/api/auth/identities/:provider", async (ctx) => {
    const scope = requireUser(ctx, { allowUnverified: true });
    await unlinkProvider(scope, parse(ProviderParams, ctx.params, "path").provider);
    ctx.state.log.info({ user_id: scope.user.id }, "provider unlinked");
    ctx.status = 204;
  });
}

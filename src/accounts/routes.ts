import { RATE_RULES, type RateRule } from "../core/rate-limit.ts";
import { clearSessionCookie, clientOf, deviceCookie, requireUser, setDeviceCookie, setSessionCookie } from "../http/auth.ts";
import type { AppRouter, Ctx } from "../http/state.ts";
import { parse } from "../http/validate.ts";
import { IdParams } from "../materials/schema.ts";
import { DeleteAccountInput, EmailInput, LoginInput, ProfileInput, RegisterInput, ResetPasswordInput } from "./schema.ts";
import * as accounts from "./service.ts";
import { listSessions } from "./sessions.ts";

/** Per-address limits belong to HTTP: the services do not know where a request came from. */
const byAddress = (ctx: Ctx, name: string, rule: RateRule) => ctx.state.app.limits.hit(`${name}:${ctx.ip}`, rule);

/** A sign-in sets the session cookie and marks this browser as one the account uses. */
function signedIn(ctx: Ctx, result: accounts.SignedIn) {
  setSessionCookie(ctx, result.token);
  setDeviceCookie(ctx, result.device);
}

export function accountRoutes(router: AppRouter) {
  router.post("/api/auth/register", async (ctx) => {
    await byAddress(ctx, "register", RATE_RULES.registerPerAddress);
    const result = await accounts.register(ctx.state.app, parse(RegisterInput, ctx.request.body), clientOf(ctx));
    signedIn(ctx, result);
    ctx.state.log.info({ user_id: result.user.id }, "account created");
    ctx.status = 201;
    ctx.body = { token: result.token };
  });

  router.post("/api/auth/login", async (ctx) => {
    await byAddress(ctx, "login", RATE_RULES.loginPerAddress);
    const input = parse(LoginInput, ctx.request.body);
    const result = await accounts.login(ctx.state.app, input, { ...clientOf(ctx), device: deviceCookie(ctx) });
    signedIn(ctx, result);
    const { user } = result;
    ctx.body = { is_verified: user.is_verified, username: user.username, email: user.email, is_admin: user.is_admin, role: user.role };
  });

  router.get("/api/auth/me", async (ctx) => {
    ctx.body = requireUser(ctx, { allowUnverified: true }).user;
  });

  router.post("/api/auth/logout", async (ctx) => {
    if (ctx.state.user) await accounts.logout(requireUser(ctx, { allowUnverified: true }));
    clearSessionCookie(ctx);
    ctx.status = 204;
  });

  router.post("/api/auth/logout-all", async (ctx) => {
    await accounts.logoutEverywhere(requireUser(ctx, { allowUnverified: true }));
    clearSessionCookie(ctx);
    ctx.status = 204;
  });

  router.get("/api/auth/sessions", async (ctx) => {
    ctx.body = await listSessions(requireUser(ctx, { allowUnverified: true }));
  });

  router.delete("/api/auth/sessions/:id", async (ctx) => {
    const scope = requireUser(ctx, { allowUnverified: true });
    const { id } = parse(IdParams, ctx.params, "path");
    await accounts.endOneSession(scope, id);
    // Ending the session in use is logging out.
    if (id === scope.sessionId) clearSessionCookie(ctx);
    ctx.status = 204;
  });

  router.get("/api/auth/verify-email", async (ctx) => {
    const token = typeof ctx.query.token === "string" ? ctx.query.token.slice(0, 256) : "";
    const ok = token !== "" && (await accounts.verifyEmail(ctx.state.app, token));
    ctx.redirect(`/login?verified=${ok}`);
  });

  router.post("/api/auth/resend-verification", async (ctx) => {
    await byAddress(ctx, "mail", RATE_RULES.mailPerAddress);
    const { email } = parse(EmailInput, ctx.request.body);
    ctx.body = { message: await accounts.resendVerification(ctx.state.app, email, clientOf(ctx)) };
  });

  router.post("/api/auth/forgot-password", async (ctx) => {
    await byAddress(ctx, "mail", RATE_RULES.mailPerAddress);
    const { email } = parse(EmailInput, ctx.request.body);
    ctx.body = { message: await accounts.forgotPassword(ctx.state.app, email, clientOf(ctx)) };
  });

  router.post("/api/auth/reset-password", async (ctx) => {
    const { token, new_password } = parse(ResetPasswordInput, ctx.request.body);
    ctx.body = { message: await accounts.resetPassword(ctx.state.app, token, new_password) };
  });

  router.get("/api/users/profile", async (ctx) => {
    ctx.body = requireUser(ctx, { allowUnverified: true }).user;
  });

  router.put("/api/users/profile", async (ctx) => {
    const scope = requireUser(ctx, { allowUnverified: true });
    const { user, token, device } = await accounts.updateProfile(scope, parse(ProfileInput, ctx.request.body), clientOf(ctx));
    if (token) setSessionCookie(ctx, token);
    if (device) setDeviceCookie(ctx, device);
    ctx.body = user;
  });

  // Routed before any /api/users/:id (admin) so "me" is never read as an id.
  router.delete("/api/users/me", async (ctx) => {
    const scope = requireUser(ctx, { allowUnverified: true });
    await accounts.deleteAccount(scope, parse(DeleteAccountInput, ctx.request.body).password);
    clearSessionCookie(ctx);
    ctx.state.log.info({ user_id: scope.user.id }, "account deleted by its owner");
    ctx.status = 204;
  });
}

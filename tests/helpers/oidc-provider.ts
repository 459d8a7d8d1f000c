/**
 * A real OpenID provider for the tests: oidc-provider (a certified OP library) on loopback, with test
 * clients, a users table and a tiny login form of its own that a test drives over HTTP or in Chromium.
 * Nothing here imitates the protocol: codes, PKCE, ID tokens and their signatures are the library's.
 * For the failures a real provider would not produce on request, the helper can re-sign the next ID
 * token with a wrong audience or nonce (with the provider's own key) and expire the codes it holds.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import Provider, { type Adapter, type AdapterPayload, type ProviderContext } from "oidc-provider";
import { cookieHeader, keepCookies } from "./http.ts";
import { startTestServer, type TestServer } from "./server.ts";

export interface IdpUser {
  sub: string;
  email: string;
  password: string;
  /** Omitted: the ID token carries no email_verified claim (Entra ID's way). */
  email_verified?: boolean;
  name?: string;
  /** A claim "role" (for OIDC_ROLE_CLAIM=role). */
  role?: string;
}

export interface IdpClient {
  client_id: string;
  client_secret: string;
}

/** Stored models by name and id; codes can be expired on demand (`expireCodes`). */
const stores = new Map<string, Map<string, AdapterPayload>>();
function memoryAdapter(name: string): Adapter {
  const store = stores.get(name) ?? new Map<string, AdapterPayload>();
  stores.set(name, store);
  const all = () => [...store.values()];
  return {
    async upsert(id, payload) {
      store.set(id, { ...payload });
    },
    async find(id) {
      return store.get(id);
    },
    async findByUid(uid) {
      return all().find((p) => p.uid === uid);
    },
    async findByUserCode(code) {
      return all().find((p) => p.userCode === code);
    },
    async consume(id) {
      const p = store.get(id);
      if (p) p.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(id);
    },
    async revokeByGrantId(grantId) {
      for (const [id, p] of store) if (p.grantId === grantId) store.delete(id);
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's own sign-in page: e-mail, password, a button. */
const loginForm = (uid: string, error = "") => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test school sign-in</title></head>
<body><main><h1>Test school sign-in</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>E-mail <input name="login" type="email" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in at the provider</button>
</form></main></body></html>`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

export interface TestIdp {
  issuer: string;
  users: IdpUser[];
  /** The next ID token is re-signed with this audience or nonce (then the change is forgotten). */
  tamperNext: { aud?: string; nonce?: string };
  /** Every authorization code the provider holds is now past its expiry. */
  expireCodes(): void;
  /** Builds the provider (once StudyForge's redirect URI is known: its port comes after listening). */
  configure(redirectUri: string, clients: IdpClient[]): Promise<void>;
  close(): Promise<void>;
}

/** Listens first (so StudyForge can be configured with the issuer), serves once `configure` ran. */
export async function startIdp(users: IdpUser[]): Promise<TestIdp> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => (handler ? handler(req, res) : res.writeHead(503).end("not configured")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const prefix = `idp-${issuer}-`;

  const idp: TestIdp = {
    issuer,
    users,
    tamperNext: {},
    expireCodes() {
      for (const p of stores.get(`${prefix}AuthorizationCode`)?.values() ?? []) p.exp = Math.floor(Date.now() / 1000) - 60;
    },
    async configure(redirectUri, clients) {
      const provider = new Provider(issuer, {
        adapter: (name: string) => memoryAdapter(prefix + name),
        clients: clients.map((c) => ({ ...c, redirect_uris: [redirectUri], token_endpoint_auth_method: "client_secret_post", grant_types: ["authorization_code"], response_types: ["code"] })),
        jwks: { keys: [jwk] },
        cookies: { keys: ["test-cookie-key"] },
        pkce: { required: () => true },
        ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "role"] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        // First-party clients: no consent screen, the grant is made at once.
        async loadExistingGrant(ctx: ProviderContext) {
          const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
          if (grantId) return ctx.oidc.provider.Grant.find(grantId);
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
          grant.addOIDCScope("openid email profile");
          grant.addOIDCClaims(["email", "email_verified", "name", "role"]);
          await grant.save();
          return grant;
        },
        async findAccount(_ctx: unknown, sub: string) {
          const user = idp.users.find((u) => u.sub === sub);
          if (!user) return undefined;
          return {
            accountId: sub,
            async claims() {
              const { password: _password, ...claims } = user;
              return claims;
            },
          };
        },
      });
      provider.use(async (ctx, next) => {
        const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(ctx.path);
        if (!m) {
          await next();
          const body = ctx.body as { id_token?: string } | undefined;
          if (ctx.path === "/token" && body?.id_token && (idp.tamperNext.aud || idp.tamperNext.nonce)) {
            const claims = { ...decodeJwt(body.id_token), ...idp.tamperNext };
            idp.tamperNext = {};
            body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: jwk.kid }).sign(await importJWK(jwk, "RS256"));
          }
          return;
        }
        await provider.interactionDetails(ctx.req, ctx.res);
        ctx.type = "html";
        if (ctx.method !== "POST" || !m[2]) {
          ctx.body = loginForm(m[1]!);
          return;
        }
        const form = await readForm(ctx.req);
        const user = idp.users.find((u) => u.email === form.get("login") && u.password === form.get("password"));
        if (!user) {
          ctx.body = loginForm(m[1]!, "Wrong e-mail or password.");
          return;
        }
        const returnTo = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
        ctx.status = 303;
        ctx.redirect(returnTo);
      });
      handler = provider.callback();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const key of [...stores.keys()]) if (key.startsWith(prefix)) stores.delete(key);
    },
  };
  return idp;
}

/**
 * StudyForge configured with the provider, and the provider with StudyForge's redirect URI. PUBLIC_URL
 * is set to the test server's address once it listens (its port is known only then), as an operator
 * sets it to the address users reach.
 */
export async function startWithIdp(idp: TestIdp, env: Record<string, string>, clients: IdpClient[], opts: Parameters<typeof startTestServer>[1] = {}): Promise<TestServer> {
  const server = await startTestServer(env, opts);
  server.app.config.publicUrl = server.url;
  await idp.configure(`${server.url}/auth/oidc/callback`, clients);
  return server;
}

/**
 * A browser's navigations over HTTP: cookies per origin (as a browser keeps them), redirects followed one
 * by one, each hop recorded, so a test sees where the flow went and which cookies were set on the way.
 */
export function navigator() {
  const jars = new Map<string, Map<string, string>>();
  const jar = (url: URL) => jars.get(url.origin) ?? jars.set(url.origin, new Map()).get(url.origin)!;

  async function request(url: URL, init: { method?: string; form?: Record<string, string> } = {}) {
    const cookies = jar(url);
    const headers: Record<string, string> = { accept: "text/html,application/xhtml+xml" };
    if (cookies.size) headers.cookie = cookieHeader(cookies);
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = url.origin;
    }
    const res = await fetch(url, { method: init.method ?? "GET", headers, body, redirect: "manual" });
    const setCookies = res.headers.getSetCookie();
    keepCookies(cookies, setCookies);
    return { res, setCookies, text: await res.text() };
  }

  /**
   * Follows redirects from `start`; returns every hop and the last answer. `until`: stop before
   * requesting a URL it matches (`next` is that URL), to look at or change it first.
   */
  async function go(start: string | URL, init: { method?: string; form?: Record<string, string>; until?: (url: URL) => boolean } = {}) {
    let url = new URL(start);
    const hops: { url: URL; status: number; setCookies: string[] }[] = [];
    let answer = await request(url, init);
    let next: URL | undefined;
    for (let i = 0; i < 20; i++) {
      hops.push({ url, status: answer.res.status, setCookies: answer.setCookies });
      const location = answer.res.headers.get("location");
      if (answer.res.status < 300 || answer.res.status >= 400 || !location) break;
      if (init.until?.(new URL(location, url))) {
        next = new URL(location, url);
        break;
      }
      url = new URL(location, url);
      answer = await request(url);
    }
    return { url, next, status: answer.res.status, text: answer.text, hops };
  }

  return { go, jars, cookie: (origin: string, name: string) => jars.get(new URL(origin).origin)?.get(name) };
}

export type Navigator = ReturnType<typeof navigator>;

/** A StudyForge page the flow ends on (not the sign-in routes themselves). */
export const landedOn = (serverUrl: string) => (u: URL) => u.origin === new URL(serverUrl).origin && !u.pathname.startsWith("/auth/oidc/");

/**
 * Clicks "Sign in with …" on `serverUrl` and fills the provider's form; stops before the page StudyForge
 * lands on (or before a URL `until` matches). `authorizeUrl`: where StudyForge sent the browser.
 */
export async function signInWith(nav: Navigator, serverUrl: string, idp: TestIdp, user: { email: string; password: string }, opts: { provider?: string; mode?: string; until?: (u: URL) => boolean } = {}) {
  const landed = landedOn(serverUrl);
  const start = `${serverUrl}/auth/oidc/${opts.provider ?? "school"}/start${opts.mode ? `?mode=${opts.mode}` : ""}`;
  const atProvider = await nav.go(start, { until: landed });
  if (atProvider.next) return { ...atProvider, authorizeUrl: undefined };
  if (atProvider.status !== 200 || !atProvider.text.includes("Test school sign-in")) throw new Error(`not the provider's sign-in form: ${atProvider.status} at ${atProvider.url}`);
  const authorizeUrl = atProvider.hops.find((h) => h.url.pathname === "/auth")?.url;
  const result = await nav.go(new URL(`${atProvider.url.pathname}/login`, idp.issuer), { method: "POST", form: { login: user.email, password: user.password }, until: opts.until ?? landed });
  return { ...result, authorizeUrl };
}

/** The client StudyForge is registered as at the test provider. */
export const TEST_CLIENT: IdpClient = { client_id: "studyforge", client_secret: "studyforge-secret" };

/** StudyForge's settings for the test provider as "Test School", accepting school.example; `extra` adds or overrides. */
export const schoolEnv = (idp: TestIdp, extra: Record<string, string> = {}): Record<string, string> => ({
  OIDC_ISSUER: idp.issuer,
  OIDC_CLIENT_ID: TEST_CLIENT.client_id,
  OIDC_CLIENT_SECRET: TEST_CLIENT.client_secret,
  OIDC_NAME: "Test School",
  OIDC_ALLOWED_DOMAINS: "school.example",
  ...extra,
});

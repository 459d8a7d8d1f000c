/**
 * School sign-in with OpenID Connect, against a real provider (oidc-provider on loopback): the whole
 * flow over HTTP as a browser navigates it (redirects, cookies, the provider's login form), accounts
 * matched, linked and created, and every failure a readable page without a session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../helpers/http.ts";
import { freePort, runCli } from "../helpers/cli.ts";
import { landedOn, navigator, schoolEnv, signInWith, startIdp, startWithIdp, type IdpUser, type TestIdp } from "../helpers/oidc-provider.ts";
import { recordingLogger, startTestServer, type TestServer } from "../helpers/server.ts";

const users: IdpUser[] = [
  { sub: "ann-1", email: "ann@school.example", email_verified: true, password: "ann-pass", name: "Ann" },
  { sub: "ben-1", email: "ben@other.example", email_verified: true, password: "ben-pass" },
  { sub: "una-1", email: "una@school.example", email_verified: false, password: "una-pass" },
  { sub: "pat-1", email: "pat@home.example", email_verified: true, password: "pat-pass" },
  { sub: "eve-1", email: "eve@home.example", password: "eve-pass" },
  { sub: "tess-1", email: "tess@school.example", email_verified: true, password: "tess-pass", role: "teacher" },
  { sub: "head-1", email: "head@school.example", password: "head-pass" },
  { sub: "lin-1", email: "lin.private@mail.example", email_verified: true, password: "lin-pass" },
  { sub: "flo-1", email: "flo@school.example", password: "flo-pass" },
];

let idp: TestIdp;
let server: TestServer;
let serverEnv: Record<string, string>;
const { log, lines: logged } = recordingLogger();
const ADMIN = { username: "admin", email: "admin@school.example", password: "admin-password" };

beforeAll(async () => {
  idp = await startIdp(users);
  const env = schoolEnv(idp, {
    OIDC_ADMIN_EMAILS: "head@school.example",
    OIDC_ROLE_CLAIM: "role",
    OIDC_PROVIDERS: "wrongsecret,down",
    OIDC_WRONGSECRET_ISSUER: idp.issuer,
    OIDC_WRONGSECRET_CLIENT_ID: "studyforge",
    OIDC_WRONGSECRET_CLIENT_SECRET: "not-the-secret",
    OIDC_WRONGSECRET_NAME: "Misconfigured School",
    // Nothing listens there: a provider that is down.
    OIDC_DOWN_ISSUER: `http://127.0.0.1:${await freePort()}`,
    OIDC_DOWN_CLIENT_ID: "studyforge",
    OIDC_DOWN_CLIENT_SECRET: "whatever",
    OIDC_DOWN_NAME: "Down School",
  });
  serverEnv = env;
  server = await startWithIdp(idp, env, [{ client_id: "studyforge", client_secret: "studyforge-secret" }], { log });
  // The first account is the administrator (sign-up as before).
  expect((await client(server.url).post("/api/auth/register", ADMIN)).status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

/** Where StudyForge sends the browser when it is done: a page (not the sign-in routes themselves). */
const landed = (u: URL) => landedOn(server.url)(u);

const signInAt = (nav: ReturnType<typeof navigator>, user: { email: string; password: string }, opts: Parameters<typeof signInWith>[4] = {}) => signInWith(nav, server.url, idp, user, opts);

const sessionSet = (hops: { setCookies: string[] }[]) => hops.some((h) => h.setCookies.some((c) => c.startsWith("sf_session=") && !/max-age=0/i.test(c)));
const userByEmail = (email: string) => server.app.db("users").where({ email }).first();
const meWith = (nav: ReturnType<typeof navigator>) => {
  const c = client(server.url);
  const cookie = nav.cookie(server.url, "sf_session");
  if (cookie) c.cookies.set("sf_session", cookie);
  return c.get("/api/auth/me");
};
/** Stops where the provider sends the browser back, before StudyForge reads the answer. */
const toCallback = (nav: ReturnType<typeof navigator>) => signInAt(nav, users[0]!, { until: (u) => u.pathname === "/auth/oidc/callback" });
/** The refusal page for `reason`, and no session cookie set anywhere on the way. */
function expectRefused(result: { next?: URL; hops: { setCookies: string[] }[] }, reason: string) {
  expect(result.next?.pathname).toBe("/auth/error");
  expect(result.next?.searchParams.get("reason")).toBe(reason);
  expect(sessionSet(result.hops)).toBe(false);
}
const failure = (next: URL | undefined) => ({ path: next?.pathname, reason: next?.searchParams.get("reason") });
/** The address the refusal page names: the server hands it over in a cookie, never in the URL. */
const refusedEmail = (hops: { setCookies: string[] }[]) => {
  const set = hops.flatMap((h) => h.setCookies).find((c) => c.startsWith("sf_refused_email="));
  return set && decodeURIComponent(set.split(";")[0]!.slice("sf_refused_email=".length));
};

describe("the providers the pages show", () => {
  it("lists each configured provider by id and name, and that passwords still work", async () => {
    const res = await client(server.url).get("/api/auth/providers");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      providers: [
        { id: "school", name: "Test School" },
        { id: "wrongsecret", name: "Misconfigured School" },
        { id: "down", name: "Down School" },
      ],
      password_login: true,
    });
  });
});

describe("signing in", () => {
  it("creates a verified student account from an allowed domain on first sign-in, with PKCE, state and nonce, and lands on the dashboard with a session", async () => {
    const nav = navigator();
    const result = await signInAt(nav, users[0]!);
    expect(result.next?.pathname).toBe("/dashboard");
    const params = result.authorizeUrl!.searchParams;
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();
    expect(params.get("redirect_uri")).toBe(`${server.url}/auth/oidc/callback`);
    const me = await meWith(nav);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: "ann@school.example", role: "student", is_verified: true, username: "ann" });
    // The flow's cookie is gone once used.
    expect(nav.cookie(server.url, "sf_oidc")).toBeUndefined();
  });

  it("finds the same account by the provider's subject next time, even after the address changed at the provider", async () => {
    const before = await userByEmail("ann@school.example");
    const count = (await server.app.db("users").count({ n: "*" }).first())!.n;
    idp.users[0]!.email = "ann.new@school.example";
    try {
      const nav = navigator();
      expect((await signInAt(nav, idp.users[0]!)).next?.pathname).toBe("/dashboard");
      expect((await meWith(nav)).body.id).toBe(before.id);
      expect((await server.app.db("users").count({ n: "*" }).first())!.n).toBe(count);
    } finally {
      idp.users[0]!.email = "ann@school.example";
    }
  });

  it("links an existing password account whose address is verified, by the e-mail the provider verified, and the password still works", async () => {
    const pat = { username: "pat", email: "pat@home.example", password: "pat-password" };
    const signup = await client(server.url).post("/api/auth/register", pat);
    expect(signup.status).toBe(201);
    // As after following the verification mail (an unverified account passes to the provider's user: oidc-rules.test.ts).
    await server.app.db("users").where({ email: pat.email }).update({ is_verified: true });
    const nav = navigator();
    expect((await signInAt(nav, users[3]!)).next?.pathname).toBe("/dashboard");
    const me = await meWith(nav);
    expect(me.body).toMatchObject({ username: "pat", email: "pat@home.example", is_verified: true });
    expect(await server.app.db("user_identities").where({ subject: "pat-1" }).first()).toMatchObject({ user_id: me.body.id, provider: "school" });
    expect((await client(server.url).post("/api/auth/login", { email: pat.email, password: pat.password })).status).toBe(200);
  });

  it("gives roles from OIDC_ADMIN_EMAILS and the role claim; an allowed domain's address counts as verified without the claim", async () => {
    const tess = navigator();
    await signInAt(tess, users[5]!);
    expect((await meWith(tess)).body.role).toBe("teacher");
    const head = navigator();
    await signInAt(head, users[6]!);
    expect((await meWith(head)).body).toMatchObject({ role: "admin", is_admin: true, is_verified: true });
  });
});

describe("refusals: a readable page, no account, no session", () => {
  it.each([
    ["an address from another domain", users[1]!, "domain"],
    ["an e-mail the provider says is unverified, even from an allowed domain", users[2]!, "unverified"],
  ])("refuses %s with the words the page shows", async (_what, user, reason) => {
    const result = await signInAt(navigator(), user);
    expect(failure(result.next)).toEqual({ path: "/auth/error", reason });
    expect(refusedEmail(result.hops)).toBe(user.email);
    expect(sessionSet(result.hops)).toBe(false);
    expect(await userByEmail(user.email)).toBeUndefined();
  });

  it("never links an existing account by an address the provider does not vouch for", async () => {
    expect((await client(server.url).post("/api/auth/register", { username: "eve", email: "eve@home.example", password: "eve-password" })).status).toBe(201);
    const nav = navigator();
    const result = await signInAt(nav, users[4]!);
    expectRefused(result, "unverified");
    expect(await server.app.db("user_identities").where({ subject: "eve-1" }).first()).toBeUndefined();
  });

  it("refuses a disabled account", async () => {
    await server.app.db("users").where({ email: "tess@school.example" }).update({ disabled: true });
    const result = await signInAt(navigator(), users[5]!);
    expectRefused(result, "disabled");
  });
});

describe("failures of the flow", () => {
  /** The log line of the refusal, with the request id of the request that was refused. */
  const refusalLogged = (reason: string) => logged.find((l) => l.msg === "sign-in with a provider refused" && l.reason === reason && typeof l.req_id === "string");

  it("a provider that is down", async () => {
    const nav = navigator();
    const result = await nav.go(`${server.url}/auth/oidc/down/start`, { until: landed });
    expect(failure(result.next)).toMatchObject({ path: "/auth/error", reason: "unavailable" });
    expect(result.next!.searchParams.get("provider")).toBe("down");
    expect(sessionSet(result.hops)).toBe(false);
    expect(refusalLogged("unavailable")).toBeTruthy();
  });

  it("a wrong client secret", async () => {
    const result = await signInAt(navigator(), users[0]!, { provider: "wrongsecret" });
    expectRefused(result, "misconfigured");
    expect(refusalLogged("misconfigured")).toBeTruthy();
  });

  it("a tampered state", async () => {
    const nav = navigator();
    const atCallback = await toCallback(nav);
    const callback = atCallback.next!;
    callback.searchParams.set("state", "forged-state");
    const result = await nav.go(callback, { until: landed });
    expectRefused(result, "state");
  });

  it("an answer arriving in a browser that did not start the sign-in", async () => {
    const atCallback = await toCallback(navigator());
    const result = await navigator().go(atCallback.next!, { until: landed });
    expectRefused(result, "state");
  });

  it("a replayed code: the same answer sent again with the same cookie is refused by the provider", async () => {
    const nav = navigator();
    const atCallback = await toCallback(nav);
    const flowCookie = nav.cookie(server.url, "sf_oidc")!;
    expect((await nav.go(atCallback.next!, { until: landed })).next?.pathname).toBe("/dashboard");
    const replay = navigator();
    replay.jars.set(new URL(server.url).origin, new Map([["sf_oidc", flowCookie]]));
    const result = await replay.go(atCallback.next!, { until: landed });
    expectRefused(result, "expired");
    expect(refusalLogged("expired")).toBeTruthy();
  });

  it("an expired code", async () => {
    const nav = navigator();
    const atCallback = await toCallback(nav);
    idp.expireCodes();
    const result = await nav.go(atCallback.next!, { until: landed });
    expectRefused(result, "expired");
  });

  it("a sign-in left too long at the provider", async () => {
    const nav = navigator();
    const atCallback = await toCallback(nav);
    server.clock.advance(11 * 60_000);
    const result = await nav.go(atCallback.next!, { until: landed });
    expectRefused(result, "expired");
  });

  it.each([
    ["an ID token for another audience", { aud: "another-app" }],
    ["an ID token with another nonce", { nonce: "not-the-nonce" }],
  ])("%s", async (_what, tamper) => {
    idp.tamperNext = tamper;
    const result = await signInAt(navigator(), users[0]!);
    expect(idp.tamperNext).toEqual({});
    expectRefused(result, "token");
    expect(refusalLogged("token")).toBeTruthy();
  });

  it("an unknown provider", async () => {
    const result = await navigator().go(`${server.url}/auth/oidc/nosuch/start`, { until: landed });
    expect(failure(result.next).reason).toBe("unknown_provider");
  });
});

describe("linking from /settings", () => {
  /** A browser signed in with a password (a fresh account). */
  async function passwordBrowser(username: string) {
    const details = { username, email: `${username}@home.example`, password: `${username}-password` };
    const c = client(server.url);
    expect((await c.post("/api/auth/register", details)).status).toBe(201);
    const nav = navigator();
    nav.jars.set(new URL(server.url).origin, new Map([["sf_session", c.cookies.get("sf_session")!]]));
    return { c, nav, details };
  }

  it("links a provider account to a password account, which then signs in with it (any domain: the account exists)", async () => {
    const { c, nav } = await passwordBrowser("lin");
    const linked = await signInAt(nav, users[7]!, { mode: "link" });
    expect(linked.next?.pathname).toBe("/settings");
    expect(linked.next?.searchParams.get("linked")).toBe("school");
    const list = await c.get("/api/auth/identities");
    expect(list.body).toMatchObject({ has_password: true, identities: [{ provider: "school", name: "Test School", email: "lin.private@mail.example" }] });
    const fresh = navigator();
    expect((await signInAt(fresh, users[7]!)).next?.pathname).toBe("/dashboard");
    expect((await meWith(fresh)).body.username).toBe("lin");
  });

  it("refuses a provider account already linked to someone else, with a clear page", async () => {
    const { c, nav } = await passwordBrowser("kim");
    const result = await signInAt(nav, users[0]!, { mode: "link" });
    expect(failure(result.next).reason).toBe("linked_elsewhere");
    expect((await c.get("/api/auth/identities")).body.identities).toEqual([]);
  });

  it("sends a browser without a session to the login page instead of linking", async () => {
    const result = await navigator().go(`${server.url}/auth/oidc/school/start?mode=link`, { until: landed });
    expect(result.next?.pathname).toBe("/login");
  });

  it("unlinks when the account has a password; an account made by the provider keeps its only way in", async () => {
    const lin = client(server.url);
    expect((await lin.post("/api/auth/login", { email: "lin@home.example", password: "lin-password" })).status).toBe(200);
    expect((await lin.raw("DELETE", "/api/auth/identities/school")).status).toBe(204);
    expect((await lin.get("/api/auth/identities")).body.identities).toEqual([]);

    const annNav = navigator();
    await signInAt(annNav, users[0]!);
    const ann = client(server.url);
    ann.cookies.set("sf_session", annNav.cookie(server.url, "sf_session")!);
    expect((await ann.get("/api/auth/identities")).body).toMatchObject({ has_password: false, identities: [{ provider: "school" }] });
    const unlink = await ann.delete("/api/auth/identities/school");
    expect(unlink.status).toBe(409);
    expect(unlink.body.detail).toMatch(/Set a password first/);
    // Asking for a password it never had would be a dead end: it is told how to get one.
    const del = await ann.delete("/api/users/me", { password: "anything" });
    expect(del.status).toBe(403);
    expect(del.body.detail).toMatch(/has no password yet.*Forgot password/);
  });
});

describe("rate limits", () => {
  it("bounds the start and the callback per network address, like logins", async () => {
    // RATE_LIMIT_FACTOR scales every limit: 600 a minute becomes 3.
    const small = await startTestServer({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: "studyforge", OIDC_CLIENT_SECRET: "studyforge-secret", RATE_LIMIT_FACTOR: "0.005" });
    try {
      const c = client(small.url);
      const statuses = [];
      for (const path of ["/auth/oidc/school/start", "/auth/oidc/callback?state=s&code=c", "/auth/oidc/school/start", "/auth/oidc/callback?state=s&code=c"]) statuses.push((await c.raw("GET", path)).status);
      expect(statuses).toEqual([302, 302, 302, 429]);
    } finally {
      await small.close();
    }
  });
});

describe("PASSWORD_LOGIN=false", () => {
  let sso: TestServer;
  beforeAll(async () => {
    sso = await startTestServer({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: "studyforge", OIDC_CLIENT_SECRET: "studyforge-secret", OIDC_NAME: "Test School", PASSWORD_LOGIN: "false" });
  });
  afterAll(() => sso?.close());

  it("refuses password sign-in and sign-up with 403 and says how to sign in; the pages learn it from the providers list", async () => {
    const c = client(sso.url);
    const register = await c.post("/api/auth/register", { username: "nobody", email: "nobody@school.example", password: "password-1" });
    expect(register.status).toBe(403);
    expect(register.body.detail).toBe("Password sign-in is turned off here: sign in with your school account.");
    const login = await c.post("/api/auth/login", { email: "nobody@school.example", password: "password-1" });
    expect(login.status).toBe(403);
    expect((await c.get("/api/auth/providers")).body).toEqual({ providers: [{ id: "school", name: "Test School" }], password_login: false });
  });

  it("still lets an administrator create and recover accounts through the CLI", async () => {
    const env = {
      DATA_DIR: sso.dataDir,
      ...(sso.app.config.postgresUrl ? { DATABASE_URL: sso.app.config.postgresUrl } : {}),
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: "studyforge",
      OIDC_CLIENT_SECRET: "studyforge-secret",
      PASSWORD_LOGIN: "false",
    };
    const created = await runCli(["users", "create", "--email", "head@school.example", "--username", "head", "--role", "admin", "--json"], env);
    expect(created.code, created.stderr).toBe(0);
    const { user } = JSON.parse(created.stdout);
    expect(user).toMatchObject({ email: "head@school.example", role: "admin" });
    const reset = await runCli(["users", "reset-password", "head@school.example"], env);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/reset-password\?token=/);
  });
});

describe("the administrator's view", () => {
  it("shows how each user signs in in the users table: password, provider names", async () => {
    const admin = client(server.url);
    expect((await admin.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    const signIn = async (q: string) => (await admin.get(`/api/admin/users?q=${encodeURIComponent(q)}`)).body.items[0].sign_in;
    expect(await signIn("admin@school.example")).toEqual(["password"]);
    expect(await signIn("ann@school.example")).toEqual(["Test School"]);
    expect(await signIn("pat@home.example")).toEqual(["password", "Test School"]);
  });

  it("deletes a provider's link with the account: signing in again makes a new account", async () => {
    const first = navigator();
    await signInAt(first, users[8]!);
    const before = (await meWith(first)).body.id;
    const admin = client(server.url);
    await admin.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
    expect((await admin.delete(`/api/users/${before}`)).status).toBe(204);
    expect(await server.app.db("user_identities").where({ subject: "flo-1" }).first()).toBeUndefined();
    const again = navigator();
    expect((await signInAt(again, users[8]!)).next?.pathname).toBe("/dashboard");
    const me = (await meWith(again)).body;
    expect(me.email).toBe("flo@school.example");
    expect(me.id).not.toBe(before);
  });

  it("`studyforge doctor` checks each provider's discovery document", async () => {
    const env = { ...serverEnv, DATA_DIR: server.dataDir, ...(server.app.config.postgresUrl ? { DATABASE_URL: server.app.config.postgresUrl } : {}) };
    const res = await runCli(["doctor", "--json"], env);
    const checks: { name: string; ok: boolean; detail: string; fix?: string }[] = JSON.parse(res.stdout).checks;
    const signIn = checks.filter((c) => c.name.startsWith("Sign-in with"));
    expect(signIn.map((c) => [c.name, c.ok])).toEqual([
      ["Sign-in with Test School", true],
      ["Sign-in with Misconfigured School", true],
      ["Sign-in with Down School", false],
    ]);
    expect(signIn[0]!.detail).toBe(`${idp.issuer}/.well-known/openid-configuration answers (issuer ${idp.issuer})`);
    expect(signIn[2]!.fix).toMatch(/^check OIDC_DOWN_ISSUER /);
    expect(res.code).toBe(1);
  });
});

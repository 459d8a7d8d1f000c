/**
 * School sign-in's account rules under attack (the security review of issue 16), against a real provider
 * (oidc-provider on loopback): who an address's account passes to, who becomes an administrator and when
 * a role follows the provider, addresses that cannot be used as given, the flow cookie, the refusal page's
 * address, and the last way into an account.
 */
import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount, newAccountPasswordHash } from "../../src/accounts/create.ts";
import { issueResetLink } from "../../src/accounts/reset-link.ts";
import { linkIdentity } from "../../src/accounts/oidc/identities.ts";
import { freePort } from "../helpers/cli.ts";
import { client } from "../helpers/http.ts";
import { TEST_CLIENT, landedOn, navigator, schoolEnv, signInWith, startIdp, startWithIdp, type IdpUser, type Navigator, type TestIdp } from "../helpers/oidc-provider.ts";
import { recordingLogger, startTestServer, type TestServer } from "../helpers/server.ts";

const users: IdpUser[] = [
  { sub: "ann-1", email: "ann@school.example", email_verified: true, password: "ann-pass" },
  // The same address, given to someone new at the provider after ann-1 left.
  { sub: "ann-2", email: "ann@school.example", email_verified: true, password: "new-ann-pass" },
  { sub: "tess-1", email: "tess@school.example", email_verified: true, password: "tess-pass", role: "teacher" },
  { sub: "boss-1", email: "boss@school.example", email_verified: true, password: "boss-pass", role: "admin" },
  { sub: "long-1", email: `${"x".repeat(230)}@school.example.attacker.example`, email_verified: true, password: "long-pass" },
  { sub: "local-1", email: `${"y".repeat(65)}@school.example`, email_verified: true, password: "local-pass" },
  // "\u212A" is the Kelvin sign, which Unicode lower-cases to a plain "k".
  { sub: "kim-1", email: "\u212Aim@school.example", email_verified: true, password: "kelvin-pass" },
  { sub: "ben-1", email: "ben@other.example", email_verified: true, password: "ben-pass" },
  { sub: "vic-1", email: "vic@home.example", email_verified: true, password: "vic-pass" },
  { sub: "dot-1", email: "dot@school.example", email_verified: true, password: "dot-pass" },
];

let idp: TestIdp;
let server: TestServer;
const { log, lines: logged } = recordingLogger();
const ADMIN = { username: "admin", email: "admin@school.example", password: "admin-password" };

beforeAll(async () => {
  idp = await startIdp(users);
  const env = schoolEnv(idp, {
    OIDC_ROLE_CLAIM: "role",
    // A second provider, for an account with two ways in (its issuer is never asked: unlinking needs no provider).
    OIDC_PROVIDERS: "second",
    OIDC_SECOND_ISSUER: `http://127.0.0.1:${await freePort()}`,
    OIDC_SECOND_CLIENT_ID: "studyforge",
    OIDC_SECOND_CLIENT_SECRET: "whatever",
  });
  server = await startWithIdp(idp, env, [TEST_CLIENT], { log });
  // The first account is the administrator (sign-up as before); the stranger below is not.
  expect((await client(server.url).post("/api/auth/register", ADMIN)).status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

const signInAt = (nav: Navigator, user: IdpUser, opts: Parameters<typeof signInWith>[4] = {}) => signInWith(nav, server.url, idp, user, opts);
const landed = (u: URL) => landedOn(server.url)(u);
/** The API client of the browser `nav` signed in with. */
function apiOf(nav: Navigator, url = server.url) {
  const c = client(url);
  const cookie = nav.cookie(url, "sf_session");
  if (cookie) c.cookies.set("sf_session", cookie);
  return c;
}
const userByEmail = (email: string) => server.app.db("users").where({ email }).first();
const audits = (action: string, targetId: number) => server.app.db("audit_log").where({ action, target_id: targetId }).orderBy("id");
function expectRefused(result: { next?: URL; hops: { setCookies: string[] }[] }, reason: string) {
  expect(result.next?.pathname).toBe("/auth/error");
  expect(result.next?.searchParams.get("reason")).toBe(reason);
  expect(result.hops.some((h) => h.setCookies.some((c) => c.startsWith("sf_session=") && !/max-age=0/i.test(c)))).toBe(false);
}

describe("an address's account", () => {
  it("passes an unverified account to the provider's user of its address: the stranger who registered it loses their password and session", async () => {
    const stranger = client(server.url);
    expect((await stranger.post("/api/auth/register", { username: "squatter", email: "ann@school.example", password: "squatter-password" })).status).toBe(201);
    const before = await userByEmail("ann@school.example");
    expect(before.is_verified).toBeFalsy();

    const ann = navigator();
    expect((await signInAt(ann, users[0]!)).next?.pathname).toBe("/dashboard");
    const me = await apiOf(ann).get("/api/auth/me");
    expect(me.body).toMatchObject({ id: before.id, email: "ann@school.example", is_verified: true });
    expect((await apiOf(ann).get("/api/auth/identities")).body.has_password).toBe(false);
    // The stranger's session and password no longer open the account.
    expect((await stranger.get("/api/auth/me")).status).toBe(401);
    expect((await client(server.url).post("/api/auth/login", { email: "ann@school.example", password: "squatter-password" })).status).toBe(401);
    expect(await audits("user.takeover", before.id)).toHaveLength(1);
  });

  it("links a verified account by its address and leaves its password working", async () => {
    const vic = client(server.url);
    expect((await vic.post("/api/auth/register", { username: "vic", email: "vic@home.example", password: "vic-password" })).status).toBe(201);
    await server.app.db("users").where({ email: "vic@home.example" }).update({ is_verified: true });
    const nav = navigator();
    expect((await signInAt(nav, users[8]!)).next?.pathname).toBe("/dashboard");
    expect((await apiOf(nav).get("/api/auth/me")).body.username).toBe("vic");
    expect((await vic.get("/api/auth/me")).status).toBe(200);
    expect((await client(server.url).post("/api/auth/login", { email: "vic@home.example", password: "vic-password" })).status).toBe(200);
  });

  it("takes an unverified account over once when its student's first sign-in arrives twice at once (a double click): both browsers stay signed in", async () => {
    expect((await client(server.url).post("/api/auth/register", { username: "dotty", email: "dot@school.example", password: "squatter-password" })).status).toBe(201);
    const [one, two] = [navigator(), navigator()];
    const toCallback = { until: (u: URL) => u.pathname === "/auth/oidc/callback" };
    const [a, b] = await Promise.all([signInAt(one, users[9]!, toCallback), signInAt(two, users[9]!, toCallback)]);
    const landings = await Promise.all([one.go(a.next!, { until: landed }), two.go(b.next!, { until: landed })]);
    expect(landings.map((l) => l.next?.pathname)).toEqual(["/dashboard", "/dashboard"]);
    expect([(await apiOf(one).get("/api/auth/me")).status, (await apiOf(two).get("/api/auth/me")).status]).toEqual([200, 200]);
    expect(await audits("user.takeover", (await userByEmail("dot@school.example")).id)).toHaveLength(1);
  });

  it("refuses a new subject with an address already linked to another subject of the provider, and keeps the old link", async () => {
    const result = await signInAt(navigator(), users[1]!);
    expectRefused(result, "subject_changed");
    const links = await server.app.db("user_identities").where({ issuer: idp.issuer }).whereIn("subject", ["ann-1", "ann-2"]).pluck("subject");
    expect(links).toEqual(["ann-1"]);
    expect((await signInAt(navigator(), users[0]!)).next?.pathname).toBe("/dashboard");
  });
});

describe("roles from the provider", () => {
  const roleAfterSignIn = async (user: IdpUser) => {
    const nav = navigator();
    expect((await signInAt(nav, user)).next?.pathname).toBe("/dashboard");
    return (await apiOf(nav).get("/api/auth/me")).body.role;
  };

  it("follows the role claim at every sign-in, promotion and demotion, audited; never demotes the only administrator", async () => {
    const boss = users[3]!;
    const tess = users[2]!;
    // For a while the password administrator is disabled: boss becomes the only enabled one.
    await server.app.db("users").where({ email: ADMIN.email }).update({ disabled: true });
    expect(await roleAfterSignIn(boss)).toBe("admin");
    // The only administrator: the provider's demotion is not applied (and says so in the log).
    boss.role = "student";
    expect(await roleAfterSignIn(boss)).toBe("admin");
    expect(logged.some((l) => typeof l.msg === "string" && l.msg.includes("only administrator"))).toBe(true);
    await server.app.db("users").where({ email: ADMIN.email }).update({ disabled: false });

    expect(await roleAfterSignIn(tess)).toBe("teacher");
    tess.role = "admin";
    expect(await roleAfterSignIn(tess)).toBe("admin");
    expect(await roleAfterSignIn(boss)).toBe("student");
    boss.role = "admin";
    expect(await roleAfterSignIn(boss)).toBe("admin");
    tess.role = "student";
    expect(await roleAfterSignIn(tess)).toBe("student");

    const bossId = (await userByEmail(boss.email)).id;
    const changes = (await audits("user.role", bossId)).map((a: { actor: string; details: string }) => [a.actor, JSON.parse(a.details)]);
    expect(changes).toEqual([
      ["provider:school", { from: "admin", to: "student", by: "provider" }],
      ["provider:school", { from: "student", to: "admin", by: "provider" }],
    ]);
  });
});

describe("addresses that cannot be used as given", () => {
  it.each([
    ["an address over 254 characters, which cut short would end in an allowed domain", users[4]!],
    ["a local part over 64 characters", users[5]!],
    ["a non-ASCII address that lower-cases into an ASCII one (Kelvin sign)", users[6]!],
  ])("refuses %s, and makes no account", async (_what, user) => {
    const before = (await server.app.db("users").count({ n: "*" }).first())!.n;
    expectRefused(await signInAt(navigator(), user), "email_invalid");
    expect((await server.app.db("users").count({ n: "*" }).first())!.n).toBe(before);
    expect(await userByEmail("kim@school.example")).toBeUndefined();
  });
});

describe("the flow cookie and the refusal page", () => {
  it("keeps the sign-in going when another site sends a forged answer to the callback", async () => {
    const nav = navigator();
    const atCallback = await signInAt(nav, users[0]!, { until: (u) => u.pathname === "/auth/oidc/callback" });
    const forged = new URL(atCallback.next!);
    forged.searchParams.set("state", "forged-state");
    expectRefused(await nav.go(forged, { until: landed }), "state");
    expect((await nav.go(atCallback.next!, { until: landed })).next?.pathname).toBe("/dashboard");
  });

  it("encrypts the flow cookie: neither the state, the nonce nor the verifier can be read from it", async () => {
    const nav = navigator();
    const started = await nav.go(`${server.url}/auth/oidc/school/start`, { until: (u) => u.origin === idp.issuer });
    const authorize = started.next!;
    const cookie = nav.cookie(server.url, "sf_oidc")!;
    expect(decodeProtectedHeader(cookie)).toMatchObject({ alg: "dir", enc: "A256GCM" });
    const readable = cookie.split(".").map((part) => Buffer.from(part, "base64url").toString("latin1")).join(" ");
    for (const secret of [authorize.searchParams.get("state")!, authorize.searchParams.get("nonce")!]) {
      expect(cookie).not.toContain(secret);
      expect(readable).not.toContain(secret);
    }
  });

  it("over https, names the flow cookie __Host-… (Secure, Path=/)", async () => {
    const publicUrl = server.app.config.publicUrl;
    server.app.config.publicUrl = "https://studyforge.school.example";
    try {
      const res = await client(server.url).raw("GET", "/auth/oidc/school/start", { headers: { accept: "text/html" } });
      const flow = res.headers.getSetCookie().find((c) => c.includes("sf_oidc="))!;
      expect(flow).toMatch(/^__Host-sf_oidc=/);
      expect(flow).toMatch(/; path=\/;/i);
      expect(flow).toMatch(/; secure/i);
      expect(flow).toMatch(/; httponly/i);
    } finally {
      server.app.config.publicUrl = publicUrl;
    }
  });

  it("never puts the refused address in the page's URL: the server hands it over in a short-lived cookie", async () => {
    const result = await signInAt(navigator(), users[7]!);
    expectRefused(result, "domain");
    expect(result.next!.search).not.toContain("ben");
    const set = result.hops.flatMap((h) => h.setCookies).find((c) => c.startsWith("sf_refused_email="))!;
    expect(decodeURIComponent(set.split(";")[0]!.slice("sf_refused_email=".length))).toBe("ben@other.example");
    expect(set).not.toMatch(/httponly/i);
    // Gone within minutes: koa writes the lifetime as an expiry date.
    expect(Date.parse(/expires=([^;]+)/i.exec(set)![1]!) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it("answers an over-long provider id in the browser with the refusal page, not JSON", async () => {
    const result = await navigator().go(`${server.url}/auth/oidc/${"p".repeat(30)}/start`, { until: landed });
    expect(result.next?.pathname).toBe("/auth/error");
    expect(result.next?.searchParams.get("reason")).toBe("unknown_provider");
  });
});

describe("the last way into an account", () => {
  it("lets only one of two unlinks at once succeed when together they would leave no way in", async () => {
    const nav = navigator();
    await signInAt(nav, users[2]!);
    const tess = await userByEmail("tess@school.example");
    await linkIdentity(server.app.db, { user_id: tess.id, provider: "second", issuer: server.app.config.oidcProviders[1]!.issuer, subject: "tess-2", email: tess.email, linked_at: new Date().toISOString() });
    const api = apiOf(nav);
    const unlinkBoth = async () => (await Promise.all([api.raw("DELETE", "/api/auth/identities/school"), api.raw("DELETE", "/api/auth/identities/second")])).map((r) => r.status);
    let statuses: number[];
    if (!server.app.config.postgresUrl) {
      // SQLite runs one transaction at a time.
      statuses = await unlinkBoth();
    } else {
      // PostgreSQL (READ COMMITTED): with the table closed to writes, both requests could read the two links before
      // either deletes; only the per-user lock makes the second read after the first's delete.
      const db = server.app.db;
      const hold = await db.transaction();
      await hold.raw("lock table user_identities in exclusive mode");
      const pending = unlinkBoth();
      const waiting = async () => Number((await db.raw("select count(*) as n from pg_locks where not granted and database = (select oid from pg_database where datname = current_database())")).rows[0].n);
      await expect.poll(waiting, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await hold.commit();
      statuses = await pending;
    }
    expect(statuses.sort()).toEqual([204, 409]);
    expect(await server.app.db("user_identities").where({ user_id: tess.id }).count({ n: "*" }).first()).toMatchObject({ n: 1 });
  });
});

describe("a fresh installation with PASSWORD_LOGIN=false and OIDC_ADMIN_EMAILS", () => {
  let idp2: TestIdp;
  let fresh: TestServer;
  const people: IdpUser[] = [
    { sub: "stu-1", email: "stu@school.example", email_verified: true, password: "stu-pass" },
    { sub: "head-1", email: "head@school.example", email_verified: true, password: "head-pass" },
    { sub: "tea-1", email: "tea@school.example", email_verified: true, password: "tea-pass" },
  ];
  beforeAll(async () => {
    idp2 = await startIdp(people);
    const env = schoolEnv(idp2, { OIDC_ADMIN_EMAILS: "head@school.example", PASSWORD_LOGIN: "false" });
    fresh = await startWithIdp(idp2, env, [TEST_CLIENT]);
  });
  afterAll(async () => {
    await fresh?.close();
    await idp2?.close();
  });

  it("makes the first school sign-in a student, not the administrator; the listed address an administrator", async () => {
    const stu = navigator();
    expect((await signInWith(stu, fresh.url, idp2, people[0]!)).next?.pathname).toBe("/dashboard");
    expect((await apiOf(stu, fresh.url).get("/api/auth/me")).body.role).toBe("student");
    const head = navigator();
    await signInWith(head, fresh.url, idp2, people[1]!);
    expect((await apiOf(head, fresh.url).get("/api/auth/me")).body.role).toBe("admin");
  });

  it("gives a taken-over account a new account's role: a teacher's unverified address (a typo) makes no student a teacher", async () => {
    const { user } = await createAccount(fresh.app, { username: "typo", email: "tea@school.example", role: "teacher" }, await newAccountPasswordHash({ username: "typo", email: "tea@school.example", role: "teacher" }));
    // As after the teacher changed their address in settings and never confirmed it.
    await fresh.app.db("users").where({ id: user.id }).update({ is_verified: false });
    const tea = navigator();
    expect((await signInWith(tea, fresh.url, idp2, people[2]!)).next?.pathname).toBe("/dashboard");
    expect((await apiOf(tea, fresh.url).get("/api/auth/me")).body).toMatchObject({ id: user.id, role: "student", is_verified: true });
  });

  it("does not count a password (password login is off) nor a provider no longer configured as a way in", async () => {
    const row = await fresh.app.db("users").where({ email: "stu@school.example" }).first();
    const link = await issueResetLink(fresh.app, row);
    expect((await client(fresh.url).post("/api/auth/reset-password", { token: new URL(link).searchParams.get("token"), new_password: "a-password-1" })).status).toBe(200);
    await linkIdentity(fresh.app.db, { user_id: row.id, provider: "gone", issuer: "https://gone.example", subject: "stu-9", email: row.email, linked_at: new Date().toISOString() });
    const stu = navigator();
    await signInWith(stu, fresh.url, idp2, people[0]!);
    const api = apiOf(stu, fresh.url);
    expect((await api.get("/api/auth/identities")).body.has_password).toBe(true);
    const unlink = await api.delete("/api/auth/identities/school");
    expect(unlink.status).toBe(409);
    expect(unlink.body.detail).toBe("This is your only way to sign in here: link another sign-in option first.");
  });
});

describe("rate limits on a browser's navigation", () => {
  it("shows the refusal page instead of the API's JSON 429", async () => {
    const small = await startTestServer(schoolEnv(idp, { RATE_LIMIT_FACTOR: "0.005" }));
    try {
      const nav = navigator();
      const reasons = [];
      for (let i = 0; i < 4; i++) reasons.push((await nav.go(`${small.url}/auth/oidc/callback?state=s&code=c`, { until: landedOn(small.url) })).next?.searchParams.get("reason"));
      expect(reasons).toEqual(["state", "state", "state", "rate_limited"]);
    } finally {
      await small.close();
    }
  });
});

describe("the provider's discovery document", () => {
  it("keeps the last good one while the provider does not answer the hourly refresh", async () => {
    const gone = await startIdp([]);
    const local = await startWithIdp(gone, schoolEnv(gone), [TEST_CLIENT]);
    try {
      const atProvider = { until: (u: URL) => u.origin === gone.issuer || landedOn(local.url)(u) };
      expect((await navigator().go(`${local.url}/auth/oidc/school/start`, atProvider)).next?.origin).toBe(gone.issuer);
      await gone.close();
      // Two hours on: the document is due for a refresh, and the provider does not answer.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 3600_000 });
      expect((await navigator().go(`${local.url}/auth/oidc/school/start`, atProvider)).next?.origin).toBe(gone.issuer);
    } finally {
      vi.useRealTimers();
      await local.close();
    }
  });
});

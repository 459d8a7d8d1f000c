import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { linkIn, startSmtpSink, type SmtpSink } from "../helpers/smtp.ts";

let server: TestServer;
let smtp: SmtpSink;
let n = 0;
/** A fresh, unique account's details. */
const person = () => {
  n += 1;
  return { username: `student_${n}`, email: `Student.${n}@School.example`, password: "correct horse" };
};

async function signUp(details = person()): Promise<{ c: Client; details: ReturnType<typeof person>; token: string }> {
  const c = client(server.url);
  const res = await c.post("/api/auth/register/", details);
  expect(res.status).toBe(201);
  return { c, details, token: res.body.token };
}

/** Follows the link of the newest mail of a kind to this address. */
async function followMailLink(email: string, page: "/verify-email" | "/reset-password", subject: RegExp) {
  const to = email.toLowerCase();
  const mail = await smtp.waitFor(to, { subject, after: Math.max(0, smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.subject)).length - 1) });
  return linkIn(mail, page);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "http://study.school.example" });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe("sign-up", () => {
  it("answers 201 with a token, sets an httpOnly SameSite=Lax cookie, and the first account is the admin", async () => {
    const c = client(server.url);
    const res = await c.post("/api/auth/register/", { username: "Admin.One", email: "ADMIN@school.example", password: "secret1" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ token: expect.any(String) });
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith("sf_session="))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const me = await c.get("/api/auth/me");
    expect(me.body).toEqual({ id: expect.any(Number), username: "Admin.One", email: "admin@school.example", role: "admin", is_admin: true, is_verified: false });

    const second = await signUp();
    expect((await second.c.get("/api/auth/me")).body.is_admin).toBe(false);
  });

  it("works at /api/auth/register and /auth/register too, and the token works as a bearer", async () => {
    const res = await client(server.url).post("/auth/register", person());
    expect(res.status).toBe(201);
    const bearer = client(server.url);
    bearer.setBearer(res.body.token);
    expect((await bearer.get("/api/auth/me")).status).toBe(200);
  });

  it.each([
    [{ username: "ab" }, "Username must be at least 3 characters."],
    [{ username: "x".repeat(33) }, "Username must be at most 32 characters."],
    [{ username: "no spaces" }, "Username may contain only letters, digits, _ . and -."],
    [{ email: "not-an-email" }, "Enter a valid email address."],
    [{ password: "12345" }, "Password must be at least 6 characters."],
    [{ password: "x".repeat(129) }, "Password must be at most 128 characters."],
    [{ username: undefined }, "Username is required."],
    [{ username: 42 }, "Username is required."],
  ])("refuses %o with 422 and a readable detail", async (change, msg) => {
    const res = await client(server.url).post("/api/auth/register", { ...person(), ...change });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe(msg);
    expect(res.body.detail[0].loc[0]).toBe("body");
  });

  it("refuses a taken e-mail or username, ignoring case, with 409 naming it", async () => {
    const { details } = await signUp();
    const sameEmail = await client(server.url).post("/api/auth/register", { ...person(), email: details.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.detail).toBe("That email is already registered.");
    const sameName = await client(server.url).post("/api/auth/register", { ...person(), username: details.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body.detail).toBe("That username is already taken.");
  });

  it("survives hostile bodies", async () => {
    const c = client(server.url);
    for (const body of [[], "text", null, { username: { $gt: "" } }, { email: ["a@b.c"] }]) {
      const res = await c.post("/api/auth/register", body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe("login and sessions", () => {
  it("logs in with the e-mail in any case and answers the spec's fields", async () => {
    const { details } = await signUp();
    const c = client(server.url);
    const res = await c.post("/api/auth/login", { email: details.email.toUpperCase(), password: details.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_verified: false, username: details.username, email: details.email.toLowerCase(), is_admin: false, role: "student" });
    expect((await c.get("/api/auth/me")).status).toBe(200);
  });

  it("gives the same 401 for a wrong e-mail and a wrong password", async () => {
    const { details } = await signUp();
    const wrongPassword = await client(server.url).post("/api/auth/login", { email: details.email, password: "nope-nope" });
    const wrongEmail = await client(server.url).post("/api/auth/login", { email: "nobody@school.example", password: details.password });
    for (const res of [wrongPassword, wrongEmail]) {
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe("Incorrect email or password.");
    }
  });

  it("answers 401 on /api/auth/me without a session or with a forged token", async () => {
    expect((await client(server.url).get("/api/auth/me")).status).toBe(401);
    const forged = client(server.url);
    forged.setBearer("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic3YiOjF9.bad");
    expect((await forged.get("/api/auth/me")).status).toBe(401);
  });

  it("logout clears the cookie; logout-all ends every session", async () => {
    const { c, details, token } = await signUp();
    const other = client(server.url);
    await other.post("/api/auth/login", { email: details.email, password: details.password });
    const out = await c.post("/api/auth/logout");
    expect(out.status).toBe(204);
    expect((await c.get("/api/auth/me")).status).toBe(401);

    expect((await other.post("/api/auth/logout-all")).status).toBe(204);
    const bearer = client(server.url);
    bearer.setBearer(token);
    expect((await bearer.get("/api/auth/me")).status).toBe(401);
  });

  it("expires a session after 7 days unused", async () => {
    const { token } = await signUp();
    const bearer = client(server.url);
    bearer.setBearer(token);
    server.clock.advance(7 * 24 * 3600 * 1000 + 60_000);
    try {
      expect((await bearer.get("/api/auth/me")).status).toBe(401);
    } finally {
      server.clock.advance(-(7 * 24 * 3600 * 1000 + 60_000));
    }
  });

  it("refuses a cross-site state-changing request", async () => {
    const { c } = await signUp();
    const res = await c.post("/api/auth/logout-all", {}, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await c.get("/api/auth/me")).status).toBe(200);
  });
});

describe("e-mail verification", () => {
  it("mails a link that verifies once, and answers verified=false when used again", async () => {
    const { c, details } = await signUp();
    const link = await followMailLink(details.email, "/verify-email", /Verify/);
    expect(link.origin).toBe("http://study.school.example");
    const api = `/api/auth/verify-email${link.search}`;
    const first = await c.raw("GET", api);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/login?verified=true");
    expect((await c.get("/api/auth/me")).body.is_verified).toBe(true);
    const again = await c.raw("GET", api);
    expect(again.headers.get("location")).toBe("/login?verified=false");
  });

  it("refuses an expired link (24 h) and an unknown one", async () => {
    const { c, details } = await signUp();
    const link = await followMailLink(details.email, "/verify-email", /Verify/);
    server.clock.advance(24 * 3600 * 1000 + 1000);
    try {
      const res = await c.raw("GET", `/api/auth/verify-email${link.search}`);
      expect(res.headers.get("location")).toBe("/login?verified=false");
    } finally {
      server.clock.advance(-(24 * 3600 * 1000 + 1000));
    }
    expect((await c.raw("GET", "/api/auth/verify-email?token=nonsense")).headers.get("location")).toBe("/login?verified=false");
    expect((await c.raw("GET", "/api/auth/verify-email")).headers.get("location")).toBe("/login?verified=false");
  });

  it("resends a fresh link, answers the same for unknown addresses, and limits mails per address", async () => {
    const { details } = await signUp();
    const to = details.email.toLowerCase();
    const before = smtp.count(to);
    const known = await client(server.url).post("/auth/resend-verification", { email: details.email });
    const unknown = await client(server.url).post("/auth/resend-verification", { email: "ghost@school.example" });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await smtp.waitFor(to, { after: before });
    await client(server.url).post("/auth/resend-verification", { email: details.email });
    const third = await client(server.url).post("/auth/resend-verification", { email: details.email });
    expect(third.status).toBe(200);
    const fourth = await client(server.url).post("/auth/resend-verification", { email: details.email });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(fourth.body.detail).toMatch(/Too many emails/);
  });
});

describe("while verification is required", () => {
  it("lets an unverified user only verify, check, resend and edit the profile", async () => {
    const { c, details } = await signUp();
    for (const p of ["/api/files", "/api/dashboard", "/api/tests/results", "/api/ai/insights"]) {
      const res = await c.get(p);
      expect(res.status, p).toBe(403);
      expect(res.body.detail).toBe("Please verify your email address first.");
    }
    expect((await c.post("/api/gpt/generate", { file_id: 1, topic: "x" })).status).toBe(403);
    expect((await c.get("/api/auth/me")).status).toBe(200);
    expect((await c.get("/api/config")).body.require_email_verification).toBe(true);
    expect((await c.get("/api/users/profile")).status).toBe(200);
    expect((await c.post("/auth/resend-verification", { email: details.email })).status).toBe(200);

    const link = await followMailLink(details.email, "/verify-email", /Verify/);
    await c.raw("GET", `/api/auth/verify-email${link.search}`);
    expect((await c.get("/api/files")).status).toBe(200);
  });
});

describe("password reset", () => {
  it("mails a one-hour, single-use link; the reset ends every session and the new password works", async () => {
    const { c, details, token } = await signUp();
    const forgot = await client(server.url).post("/auth/forgot-password/", { email: details.email });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ message: "If the email exists, we've sent a reset link. Please check your inbox." });
    const link = await followMailLink(details.email, "/reset-password", /Reset/);
    const resetToken = link.searchParams.get("token")!;

    const short = await client(server.url).post("/auth/reset-password/", { token: resetToken, new_password: "123" });
    expect(short.status).toBe(422);
    expect(short.body.detail[0].msg).toBe("Password must be at least 6 characters.");

    const ok = await client(server.url).post("/auth/reset-password/", { token: resetToken, new_password: "brand new pass" });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toEqual(expect.any(String));
    expect((await c.get("/api/auth/me")).status).toBe(401);
    const bearer = client(server.url);
    bearer.setBearer(token);
    expect((await bearer.get("/api/auth/me")).status).toBe(401);

    expect((await client(server.url).post("/api/auth/login", { email: details.email, password: details.password })).status).toBe(401);
    expect((await client(server.url).post("/api/auth/login", { email: details.email, password: "brand new pass" })).status).toBe(200);

    const reused = await client(server.url).post("/auth/reset-password/", { token: resetToken, new_password: "another one" });
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toBe("Invalid or expired reset link.");
  });

  it("refuses a reset link after an hour, and answers unknown addresses the same", async () => {
    const { details } = await signUp();
    const unknown = await client(server.url).post("/auth/forgot-password/", { email: "nobody@school.example" });
    expect(unknown.status).toBe(200);
    await client(server.url).post("/auth/forgot-password/", { email: details.email });
    const link = await followMailLink(details.email, "/reset-password", /Reset/);
    server.clock.advance(3600 * 1000 + 1000);
    try {
      const res = await client(server.url).post("/auth/reset-password/", { token: link.searchParams.get("token"), new_password: "whatever1" });
      expect(res.status).toBe(400);
    } finally {
      server.clock.advance(-(3600 * 1000 + 1000));
    }
  });
});

describe("links mailed before a change", () => {
  /** Asks for a reset mail and returns its link's token, once the mail is in. */
  async function resetLink(email: string): Promise<string> {
    const to = email.toLowerCase();
    const seen = smtp.mails.filter((m) => m.to.includes(to) && /Reset/.test(m.subject)).length;
    expect((await client(server.url).post("/auth/forgot-password/", { email })).status).toBe(200);
    return linkIn(await smtp.waitFor(to, { subject: /Reset/, after: seen }), "/reset-password").searchParams.get("token")!;
  }
  const reset = (token: string, new_password: string) => client(server.url).post("/auth/reset-password/", { token, new_password });

  it("stop working once a reset used another: the first of two reset mails cannot set the password again", async () => {
    const { details } = await signUp();
    const first = await resetLink(details.email);
    const second = await resetLink(details.email);
    expect((await reset(second, "second choice")).status).toBe(200);
    const late = await reset(first, "first choice");
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe("Invalid or expired reset link.");
    expect((await client(server.url).post("/api/auth/login", { email: details.email, password: "second choice" })).status).toBe(200);
  });

  it("stop working once the password is changed in the settings", async () => {
    const { c, details } = await signUp();
    const link = await resetLink(details.email);
    const changed = await c.put("/api/users/profile", { username: details.username, email: details.email, password: "changed in settings", current_password: details.password });
    expect(changed.status).toBe(200);
    expect((await reset(link, "from the old mail")).status).toBe(400);
  });

  it("sent to an old address stop working once the e-mail changes, reset and verification alike", async () => {
    const { c, details } = await signUp();
    const verifyOld = await followMailLink(details.email, "/verify-email", /Verify/);
    const resetOld = await resetLink(details.email);
    const newEmail = `moved.${details.email}`.toLowerCase();
    const moved = await c.put("/api/users/profile", { username: details.username, email: newEmail, current_password: details.password });
    expect(moved.status).toBe(200);
    expect((await reset(resetOld, "from the old mailbox")).status).toBe(400);
    expect((await c.raw("GET", `/api/auth/verify-email${verifyOld.search}`)).headers.get("location")).toBe("/login?verified=false");
    expect((await c.get("/api/auth/me")).body.is_verified).toBe(false);
    // The new address's own links work.
    const resetNew = await resetLink(newEmail);
    expect((await reset(resetNew, "from the new mailbox")).status).toBe(200);
  });
});

describe("profile and settings", () => {
  it("updates the username, keeps the password when blank, and answers the user", async () => {
    const { c, details } = await signUp();
    const res = await c.put("/users/profile", { username: details.username + "_x", email: details.email, password: "" });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(details.username + "_x");
    expect((await client(server.url).post("/api/auth/login", { email: details.email, password: details.password })).status).toBe(200);
  });

  it("validation errors come as detail[0].msg, and a taken e-mail as 409", async () => {
    const { c, details } = await signUp();
    const other = await signUp();
    const bad = await c.put("/api/users/profile", { username: "", email: details.email });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].msg).toBe("Username is required.");
    const taken = await c.put("/api/users/profile", { username: details.username, email: other.details.email, current_password: details.password });
    expect(taken.status).toBe(409);
  });

  it("a changed e-mail must be verified again and gets a mail", async () => {
    const { c, details } = await signUp();
    const link = await followMailLink(details.email, "/verify-email", /Verify/);
    await c.raw("GET", `/api/auth/verify-email${link.search}`);
    expect((await c.get("/api/auth/me")).body.is_verified).toBe(true);
    const res = await c.put("/api/users/profile", { username: details.username, email: `new.${details.email}`, current_password: details.password });
    expect(res.body.is_verified).toBe(false);
    const mail = await smtp.waitFor(`new.${details.email}`.toLowerCase());
    expect(mail.subject).toMatch(/Verify/);
  });

  it("a password change ends the other sessions but keeps this one", async () => {
    const { c, details, token } = await signUp();
    const res = await c.put("/api/users/profile", { username: details.username, email: details.email, password: "changed pass", current_password: details.password });
    expect(res.status).toBe(200);
    expect((await c.get("/api/auth/me")).status).toBe(200);
    const old = client(server.url);
    old.setBearer(token);
    expect((await old.get("/api/auth/me")).status).toBe(401);
  });
});

describe("re-authentication", () => {
  const profile = (details: ReturnType<typeof person>, change: Record<string, unknown>) => ({ username: details.username, email: details.email, ...change });

  it("a new password or e-mail needs the current password: missing is 422, wrong is 403, and nothing changes", async () => {
    const { c, details } = await signUp();
    for (const change of [{ password: "taken over" }, { email: `thief.${n}@evil.example` }]) {
      const missing = await c.put("/api/users/profile", profile(details, change));
      expect(missing.status, JSON.stringify(change)).toBe(422);
      expect(missing.body.detail[0]).toMatchObject({ loc: ["body", "current_password"], msg: "Enter your current password to change your email or password." });
      const wrong = await c.put("/api/users/profile", profile(details, { ...change, current_password: "a guess" }));
      expect(wrong.status).toBe(403);
      expect(wrong.body.detail).toBe("The current password is incorrect.");
    }
    expect((await c.get("/api/auth/me")).body.email).toBe(details.email.toLowerCase());
    expect((await client(server.url).post("/api/auth/login", { email: details.email, password: details.password })).status).toBe(200);
  });

  it("a new username alone does not ask for it", async () => {
    const { c, details } = await signUp();
    expect((await c.put("/api/users/profile", profile(details, { username: `${details.username}_r` }))).status).toBe(200);
  });
});

describe("account deletion", () => {
  it("needs the password, then deletes the account and ends its sessions", async () => {
    const { c, details, token } = await signUp();
    const wrong = await c.delete("/api/users/me", { password: "not it" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe("The password is incorrect.");
    const missing = await c.delete("/api/users/me", {});
    expect(missing.status).toBe(422);

    const ok = await c.delete("/api/users/me", { password: details.password });
    expect(ok.status).toBe(204);
    expect((await c.get("/api/auth/me")).status).toBe(401);
    const bearer = client(server.url);
    bearer.setBearer(token);
    expect((await bearer.get("/api/auth/me")).status).toBe(401);
    expect((await client(server.url).post("/api/auth/login", { email: details.email, password: details.password })).status).toBe(401);
    // The e-mail is free again.
    expect((await client(server.url).post("/api/auth/register", details)).status).toBe(201);
  });
});

describe("the last administrator", () => {
  it("cannot delete their account while no other administrator exists", async () => {
    const s = await startTestServer();
    try {
      const admin = client(s.url);
      await admin.post("/api/auth/register", { username: "onlyadmin", email: "only@school.example", password: "admin-pass" });
      const res = await admin.delete("/api/users/me", { password: "admin-pass" });
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/only administrator/);
      expect((await admin.get("/api/auth/me")).body.is_admin).toBe(true);
    } finally {
      await s.close();
    }
  });
});

describe("mail requests answer before any lookup or mail", () => {
  /** Every header but the two that differ on every response. */
  const comparable = (headers: Headers) => [...headers].filter(([name]) => name !== "date" && name !== "x-request-id");

  it.each([
    ["/api/auth/forgot-password", /Reset/],
    ["/api/auth/resend-verification", /Verify/],
  ])("%s answers a known and an unknown address identically, and mails only afterwards", async (path, subject) => {
    const { details } = await signUp();
    const to = details.email.toLowerCase();
    await smtp.waitFor(to, { subject: /Verify/ }); // the sign-up's own mail is in
    const seen = smtp.mails.length;
    const release = smtp.hold();
    // Held mails cannot arrive, so an answer that waited for its mail only comes after this release
    // (and then fails the count below) instead of hanging the test.
    const safety = setTimeout(release, 3000);
    try {
      const known = await client(server.url).post(path, { email: details.email });
      const mailsWhenAnswered = smtp.mails.length;
      const unknown = await client(server.url).post(path, { email: `nobody.${n}@school.example` });
      expect(mailsWhenAnswered).toBe(seen);
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(comparable(unknown.headers)).toEqual(comparable(known.headers));
    } finally {
      clearTimeout(safety);
      release();
    }
    await smtp.waitFor(to, { subject, after: subject.source === "Verify" ? 1 : 0 });
  });
});

describe("mail records", () => {
  it("keep no usable link once a mail went out over SMTP", async () => {
    const { details } = await signUp();
    await followMailLink(details.email, "/verify-email", /Verify/);
    const row = await server.app.db("outbox").where({ to: details.email.toLowerCase() }).orderBy("id", "desc").first();
    expect(row.status).toBe("sent");
    expect(row.text).toContain("token=[sent]");
    expect(row.text).not.toMatch(/token=[\w-]{20,}/);
  });
});

describe("rate limits", () => {
  it("counts parallel failed logins before checking them, so a burst gets no more than 10 guesses", async () => {
    const { details } = await signUp();
    const tries = await Promise.all(Array.from({ length: 25 }, (_, i) => client(server.url).post("/api/auth/login", { email: details.email, password: `guess-${i}` })));
    expect(tries.filter((r) => r.status === 401)).toHaveLength(10);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it("takes the client address from X-Forwarded-For only with TRUST_PROXY", async () => {
    // At 1% of the limits, one sign-up per address per 10 minutes.
    for (const [trust, secondStatus] of [["true", 201], ["false", 429]] as const) {
      const s = await startTestServer({ TRUST_PROXY: trust, RATE_LIMIT_FACTOR: "0.01" });
      try {
        const from = (ip: string) => ({ "X-Forwarded-For": ip });
        const a = await client(s.url).post("/api/auth/register", { username: "first1", email: "first1@school.example", password: "secret1" }, from("203.0.113.1"));
        expect(a.status).toBe(201);
        const same = await client(s.url).post("/api/auth/register", { username: "first2", email: "first2@school.example", password: "secret1" }, from("203.0.113.1"));
        expect(same.status).toBe(429);
        const other = await client(s.url).post("/api/auth/register", { username: "first3", email: "first3@school.example", password: "secret1" }, from("203.0.113.2"));
        expect(other.status).toBe(secondStatus);
      } finally {
        await s.close();
      }
    }
  });

  it("locks an account for 15 minutes after 10 failed logins, with Retry-After", async () => {
    const { details } = await signUp();
    for (let i = 0; i < 10; i++) {
      expect((await client(server.url).post("/api/auth/login", { email: details.email, password: "wrong-" + i })).status).toBe(401);
    }
    const locked = await client(server.url).post("/api/auth/login", { email: details.email, password: details.password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(locked.body.detail).toMatch(/Too many failed login attempts/);
    server.clock.advance(15 * 60 * 1000 + 1000);
    try {
      expect((await client(server.url).post("/api/auth/login", { email: details.email, password: details.password })).status).toBe(200);
    } finally {
      server.clock.advance(-(15 * 60 * 1000 + 1000));
    }
  });

  it("lets a whole school behind one address sign up and log in within a minute", async () => {
    const school = await startTestServer();
    try {
      const students = Array.from({ length: 30 }, (_, i) => ({ username: `pupil${i}`, email: `pupil${i}@school.example`, password: "pupil-pass" }));
      for (const s of students) expect((await client(school.url).post("/api/auth/register", s)).status).toBe(201);
      // 300 logins: the per-address count is what is tested, so most are cheap (a missing password).
      let passed = 0;
      for (let i = 0; i < 300; i++) {
        const s = students[i % 30]!;
        const res = await client(school.url).post("/api/auth/login", i < 30 ? s : { email: s.email, password: "" });
        if (res.status !== 429) passed += 1;
      }
      expect(passed).toBe(300);
    } finally {
      await school.close();
    }
  });

  it("RATE_LIMIT_FACTOR=0 turns the limits off", async () => {
    const open = await startTestServer({ RATE_LIMIT_FACTOR: "0" });
    try {
      await client(open.url).post("/api/auth/register", { username: "loadtest", email: "load@school.example", password: "loadtest" });
      for (let i = 0; i < 12; i++) await client(open.url).post("/api/auth/login", { email: "load@school.example", password: "wrong!" });
      expect((await client(open.url).post("/api/auth/login", { email: "load@school.example", password: "loadtest" })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

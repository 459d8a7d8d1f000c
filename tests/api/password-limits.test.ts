/**
 * Password checks and account mails: a flood of wrong passwords must not starve the database, every
 * endpoint that checks a password is rate limited, and the limits stop brute force without letting
 * a stranger lock the owner out of logging in or resetting their password.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStudent } from "../helpers/accounts.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp.ts";

let server: TestServer;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  // Requests say where they come from (X-Forwarded-For), so one test plays several networks.
  server = await startTestServer({ TRUST_PROXY: "true", SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const from = (ip: string) => ({ "X-Forwarded-For": ip });
const login = (c: Client, email: string, password: string, ip: string) => c.post("/api/auth/login", { email, password }, from(ip));
const deleteWithWrongPassword = (c: Client) => c.delete("/api/users/me", { password: "not my password" });

describe("a flood of wrong passwords", () => {
  it("leaves the database answering: /api/health stays 200 while 100 wrong-password checks run", async () => {
    // 20 accounts, 5 wrong passwords each: all within the limits, so every one is really hashed.
    const students = await Promise.all(Array.from({ length: 20 }, () => newStudent(server.url, "flood")));
    const flood = students.flatMap((s) =>
      Array.from({ length: 5 }, (_, i) =>
        i % 2
          ? deleteWithWrongPassword(s.c)
          : s.c.put("/api/users/profile", { username: s.username, email: s.email, password: "new password", current_password: "a wrong guess" }),
      ),
    );
    let done = false;
    const settled = Promise.all(flood).finally(() => (done = true));
    const probes: number[] = [];
    while (!done) {
      probes.push((await fetch(`${server.url}/api/health`)).status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = await settled;
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(403));
    expect(probes.length).toBeGreaterThan(5);
    expect(probes.filter((status) => status !== 200)).toEqual([]);
  });
});

describe("a burst of password checks", () => {
  it("queues at most 100 behind the two running and answers the rest 503 with Retry-After at once", async () => {
    const ip = "192.0.2.44";
    // Unknown addresses are checked against a dummy hash, so every one of these costs a real scrypt.
    const burst = await Promise.all(
      Array.from({ length: 160 }, (_, i) => login(client(server.url), `nobody-${i}@school.example`, "wrong", ip)),
    );
    const busy = burst.filter((r) => r.status === 503);
    expect(burst.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(102);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + burst.filter((r) => r.status === 401).length).toBe(160);
    expect(busy[0]!.body.detail).toBe("The server is busy checking passwords. Please try again in a few seconds.");
    expect(busy[0]!.headers.get("retry-after")).toBe("5");
  }, 120_000); // ~100 real scrypt runs: seconds on a quiet machine, more while other tests share it
});

describe("asking for the current password again", () => {
  it("allows 5 wrong answers per session, then 429 with Retry-After, even for the right one", async () => {
    const { c, password } = await newStudent(server.url);
    for (let i = 0; i < 5; i++) expect((await deleteWithWrongPassword(c)).status).toBe(403);
    const limited = await c.delete("/api/users/me", { password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(limited.body.detail).toMatch(/Too many wrong passwords/);
    expect((await c.get("/api/auth/me")).status).toBe(200);
  });

  it("allows 10 per account across sessions, counting password changes and deletions alike", async () => {
    const { c, email, password, username } = await newStudent(server.url);
    const second = client(server.url);
    expect((await login(second, email, password, "192.0.2.10")).status).toBe(200);
    const third = client(server.url);
    expect((await login(third, email, password, "192.0.2.11")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await deleteWithWrongPassword(c)).status).toBe(403);
    for (let i = 0; i < 5; i++) {
      const res = await second.put("/api/users/profile", { username, email, password: "taken over", current_password: `guess ${i}` });
      expect(res.status).toBe(403);
    }
    const limited = await third.delete("/api/users/me", { password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("forgets right answers: a user who confirms correctly is never limited by it", async () => {
    const { c, email, username, password } = await newStudent(server.url);
    for (let i = 0; i < 8; i++) {
      const res = await c.put("/api/users/profile", { username, email, password: `new password ${i}`, current_password: i ? `new password ${i - 1}` : password });
      expect(res.status).toBe(200);
    }
  });
});

describe("failed logins", () => {
  it("stop brute force from one address, but not the owner from another address or their own browser", async () => {
    const owner = await newStudent(server.url); // signed up in this browser: it carries the device cookie
    const stranger = "203.0.113.66";
    for (let i = 0; i < 10; i++) expect((await login(client(server.url), owner.email, `guess-${i}`, stranger)).status).toBe(401);
    const stopped = await login(client(server.url), owner.email, owner.password, stranger);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(stopped.body.detail).toMatch(/Too many failed login attempts/);

    expect((await login(client(server.url), owner.email, owner.password, "198.51.100.7")).status).toBe(200);
    // Even behind the stranger's address (one school network), the owner's own browser gets in.
    expect((await login(owner.c, owner.email, owner.password, stranger)).status).toBe(200);
  });

  it("stop brute force from many addresses at 50 an hour per account; the owner's browser still gets in", async () => {
    const owner = await newStudent(server.url);
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < 10; i++) expect((await login(client(server.url), owner.email, `guess-${a}-${i}`, `203.0.113.${100 + a}`)).status).toBe(401);
    }
    expect((await login(client(server.url), owner.email, "guess-from-a-new-address", "203.0.113.200")).status).toBe(429);
    expect((await login(client(server.url), owner.email, owner.password, "198.51.100.8")).status).toBe(429);
    expect((await login(owner.c, owner.email, owner.password, "198.51.100.8")).status).toBe(200);
  });

  it("count the owner's browser apart, and stop it too after 10 failures", async () => {
    const owner = await newStudent(server.url);
    for (let i = 0; i < 10; i++) expect((await login(owner.c, owner.email, `typo-${i}`, "198.51.100.9")).status).toBe(401);
    expect((await login(owner.c, owner.email, owner.password, "198.51.100.9")).status).toBe(429);
    // That was the device's own count: the same address without the cookie was not touched.
    expect((await login(client(server.url), owner.email, owner.password, "198.51.100.9")).status).toBe(200);
  });

  it("stop trusting device cookies from before a password change", async () => {
    const owner = await newStudent(server.url);
    const former = client(server.url); // someone who once knew the password kept this browser's device cookie
    expect((await login(former, owner.email, owner.password, "203.0.113.60")).status).toBe(200);
    const changed = await owner.c.put("/api/users/profile", { username: owner.username, email: owner.email, password: "a-brand-new-secret", current_password: owner.password });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(former, owner.email, `guess-${i}`, "203.0.113.61")).status).toBe(401);
    // Those guesses counted against the account from that address, not against a trusted device of their own.
    expect((await login(client(server.url), owner.email, "a-brand-new-secret", "203.0.113.61")).status).toBe(429);
    // The owner's browser got a fresh device cookie with the change, and still gets in there.
    expect((await login(owner.c, owner.email, "a-brand-new-secret", "203.0.113.61")).status).toBe(200);
  });

  it("trust a device cookie only for the account that signed in with it", async () => {
    const owner = await newStudent(server.url);
    const other = await newStudent(server.url);
    const ip = "203.0.113.77";
    for (let i = 0; i < 10; i++) expect((await login(client(server.url), owner.email, `guess-${i}`, ip)).status).toBe(401);
    expect((await login(other.c, owner.email, owner.password, ip)).status).toBe(429);
  });
});

describe("reset mails", () => {
  const forgot = (email: string, ip: string) => client(server.url).post("/api/auth/forgot-password", { email }, from(ip));

  it("a stranger's requests use up only their own allowance: the owner can still reset from their network", async () => {
    const owner = await newStudent(server.url);
    for (let i = 0; i < 3; i++) expect((await forgot(owner.email, "203.0.113.90")).status).toBe(200);
    const limited = await forgot(owner.email, "203.0.113.90");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await forgot(owner.email, "198.51.100.20")).status).toBe(200);
    await smtp.waitFor(owner.email, { subject: /Reset/, after: 3 });
  });

  it("a stranger asking all hour long from one network still leaves the owner a reset from theirs", async () => {
    const owner = await newStudent(server.url);
    const stranger = "203.0.113.91";
    let refused = 0;
    try {
      // Three every 15 minutes, for an hour: the stranger fills the mailbox's hourly allowance of repeats.
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 3; i++) if ((await forgot(owner.email, stranger)).status === 429) refused++;
        server.clock.advance(15 * 60_000 + 1000);
      }
      expect(refused).toBeGreaterThan(0);
      expect((await forgot(owner.email, "198.51.100.22")).status).toBe(200);
      await smtp.waitFor(owner.email, { subject: /Reset/, after: 11 });
    } finally {
      server.clock.advance(-4 * (15 * 60_000 + 1000));
    }
  });

  it("bound what one inbox receives: first requests from 5 networks and 10 repeats an hour", async () => {
    const owner = await newStudent(server.url);
    const network = (i: number) => `203.0.113.${150 + (i % 5)}`;
    for (let i = 0; i < 5; i++) expect((await forgot(owner.email, network(i))).status).toBe(200);
    expect((await forgot(owner.email, "198.51.100.21")).status).toBe(429); // a sixth network this hour
    for (let i = 0; i < 10; i++) expect((await forgot(owner.email, network(i))).status).toBe(200);
    server.clock.advance(16 * 60_000); // each network's own 3-per-15-minutes allowance is back...
    try {
      expect((await forgot(owner.email, network(0))).status).toBe(429); // ...but the hour's repeats are used up
    } finally {
      server.clock.advance(-16 * 60_000);
    }
  });
});

/**
 * Sessions as rows: each sign-in is one, listed for its owner with its device and address, ended
 * one by one or all at once; a logged-out token stops working whichever way it is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMaintenance } from "../../src/admin/maintenance.ts";
import { maintenanceTasks } from "../../src/server.ts";
import { newStudent } from "../helpers/accounts.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A second sign-in of the same account, from another "device". */
async function logIn(email: string, password: string, userAgent = FIREFOX_WINDOWS): Promise<Client> {
  const c = client(server.url);
  const res = await c.post("/api/auth/login", { email, password }, { "user-agent": userAgent });
  expect(res.status).toBe(200);
  return c;
}

/** The session token a client holds (its cookie), to try it as a bearer elsewhere. */
const tokenOf = (c: Client) => c.cookies.get("sf_session")!;
const asBearer = (token: string) => {
  const c = client(server.url);
  c.setBearer(token);
  return c;
};

describe("logout", () => {
  it("ends the session: its token stops working as a cookie and as a bearer", async () => {
    const { c } = await newStudent(server.url);
    const token = tokenOf(c);
    const copy = client(server.url);
    copy.cookies.set("sf_session", token);
    expect((await asBearer(token).get("/api/auth/me")).status).toBe(200);

    expect((await c.post("/api/auth/logout")).status).toBe(204);
    expect((await c.get("/api/auth/me")).status).toBe(401);
    expect((await copy.get("/api/auth/me")).status).toBe(401);
    expect((await asBearer(token).get("/api/auth/me")).status).toBe(401);
  });

  it("with a bearer token ends that session, and leaves the account's other sessions alone", async () => {
    const { email, password } = await newStudent(server.url);
    const laptop = await logIn(email, password);
    const script = asBearer(tokenOf(await logIn(email, password)));
    expect((await script.post("/api/auth/logout")).status).toBe(204);
    expect((await script.get("/api/auth/me")).status).toBe(401);
    expect((await laptop.get("/api/auth/me")).status).toBe(200);
  });
});

describe("the sessions list", () => {
  it("shows each sign-in with its device in plain words, address and times, and marks this one", async () => {
    const c = client(server.url);
    const email = `lister.${process.pid}@school.example`;
    await c.post("/api/auth/register", { username: `lister${process.pid}`, email, password: "study-hard-123" }, { "user-agent": CHROME_LINUX });
    await logIn(email, "study-hard-123", SAFARI_IPHONE);

    const res = await c.get("/api/auth/sessions");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: expect.any(Number), device: "Chrome on Linux", ip_address: "127.0.0.1", created_at: expect.any(String), last_seen_at: expect.any(String), current: true },
      { id: expect.any(Number), device: "Safari on iPhone", ip_address: "127.0.0.1", created_at: expect.any(String), last_seen_at: expect.any(String), current: false },
    ]);
    expect(Date.parse(res.body[0].created_at)).not.toBeNaN();
    expect((await client(server.url).get("/api/auth/sessions")).status).toBe(401);
  });

  it("ends one session by id (204); another user's session id is 404 and stays live", async () => {
    const { c, email, password } = await newStudent(server.url);
    const phone = await logIn(email, password);
    const stranger = await newStudent(server.url);
    const phoneId = (await c.get("/api/auth/sessions")).body.find((s: any) => !s.current).id;

    expect((await stranger.c.delete(`/api/auth/sessions/${phoneId}`)).status).toBe(404);
    expect((await phone.get("/api/auth/me")).status).toBe(200);

    expect((await c.delete(`/api/auth/sessions/${phoneId}`)).status).toBe(204);
    expect((await phone.get("/api/auth/me")).status).toBe(401);
    expect((await c.get("/api/auth/sessions")).body).toHaveLength(1);
    expect((await c.delete(`/api/auth/sessions/${phoneId}`)).status).toBe(404);
  });

  it("ending this session from the list is logging out", async () => {
    const { c } = await newStudent(server.url);
    const [mine] = (await c.get("/api/auth/sessions")).body;
    expect((await c.delete(`/api/auth/sessions/${mine.id}`)).status).toBe(204);
    expect((await c.get("/api/auth/me")).status).toBe(401);
  });

  it("writes last seen at most once a minute, not on every request", async () => {
    const { c, id } = await newStudent(server.url);
    const seen = async () => (await server.app.db("sessions").where({ user_id: id }).first()).last_seen_at;
    const first = await seen();
    server.clock.advance(30_000);
    await c.get("/api/auth/me");
    expect(await seen()).toBe(first);
    server.clock.advance(31_000);
    await c.get("/api/auth/me");
    expect(Date.parse(await seen())).toBeGreaterThan(Date.parse(first) + 60_000);
    const [listed] = (await c.get("/api/auth/sessions")).body;
    expect(listed.last_seen_at).toBe(await seen());
  });
});

describe("how many sessions an account keeps", () => {
  it("ends the least recently seen one past 20, so signing in again and again cannot grow the list", async () => {
    const s = await newStudent(server.url);
    const first = tokenOf(s.c);
    const later: Client[] = [];
    for (let i = 0; i < 20; i++) later.push(await logIn(s.email, s.password));
    const list = (await later.at(-1)!.get("/api/auth/sessions")).body;
    expect(list).toHaveLength(20);
    expect((await asBearer(first).get("/api/auth/me")).status).toBe(401); // the oldest one ended
    expect((await later[0]!.get("/api/auth/me")).status).toBe(200);
  });
});

describe("ending sessions", () => {
  it("logout-all ends every session and empties the list", async () => {
    const { c, email, password, id } = await newStudent(server.url);
    const other = await logIn(email, password);
    expect((await other.post("/api/auth/logout-all")).status).toBe(204);
    expect((await c.get("/api/auth/me")).status).toBe(401);
    expect(await server.app.db("sessions").where({ user_id: id })).toEqual([]);
  });

  it("a password change ends the other sessions and keeps this one, with a fresh cookie", async () => {
    const { c, email, password, username, id } = await newStudent(server.url);
    const other = await logIn(email, password);
    const before = tokenOf(c);
    const res = await c.put("/api/users/profile", { username, email, password: "a new password", current_password: password });
    expect(res.status).toBe(200);
    expect(tokenOf(c)).not.toBe(before);
    expect((await c.get("/api/auth/me")).status).toBe(200);
    expect((await other.get("/api/auth/me")).status).toBe(401);
    expect((await asBearer(before).get("/api/auth/me")).status).toBe(401);
    const list = (await c.get("/api/auth/sessions")).body;
    expect(list).toHaveLength(1);
    expect(list[0].current).toBe(true);
    expect(await server.app.db("sessions").where({ user_id: id })).toHaveLength(1);
  });

  it("renews a cookie used after an hour, and its session lives on from there", async () => {
    const { c, id } = await newStudent(server.url);
    const expiry = async () => Date.parse((await server.app.db("sessions").where({ user_id: id }).first()).expires_at);
    const [token, expires] = [tokenOf(c), await expiry()];
    server.clock.advance(3600_000 + 1000);
    expect((await c.get("/api/auth/me")).status).toBe(200);
    expect(tokenOf(c)).not.toBe(token);
    expect(await expiry()).toBeGreaterThan(expires + 3600_000);
  });

  it("the hourly maintenance removes expired sessions and keeps live ones", async () => {
    const expired = await newStudent(server.url);
    const live = await newStudent(server.url);
    await server.app.db("sessions").where({ user_id: expired.id }).update({ expires_at: new Date(server.clock.now().getTime() - 1000).toISOString() });
    expect((await expired.c.get("/api/auth/me")).status).toBe(401);
    const summary = await runMaintenance(server.app, maintenanceTasks);
    expect(summary.expired_sessions).toBeGreaterThanOrEqual(1);
    expect(await server.app.db("sessions").where({ user_id: expired.id })).toEqual([]);
    expect((await live.c.get("/api/auth/me")).status).toBe(200);
  });
});

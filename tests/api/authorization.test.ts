/**
 * Walks every route the router registers and proves who may use it: anonymous callers get 401 (but on
 * the public routes), a second student gets 404 on the first student's records, a student gets 403 on
 * admin routes, a member of a teacher's class gets 403 on the teacher's routes of that class (and anyone
 * else 404), and the owner (the teacher) succeeds. The table below must classify every route, so a route added
 * later fails this test, by name, until someone decides who may call it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeAccount } from "../../src/accounts/roles.ts";
import { createRouter } from "../../src/http/app.ts";
import { ALIASED } from "../../src/http/middleware/aliases.ts";
import { notify } from "../../src/study/notifications/service.ts";
import { newStudent } from "../helpers/accounts.ts";
import { uploadPythonErrors } from "../helpers/generation.ts";
import { client, type Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** A user with one record of each kind. */
interface Fixture {
  c: Client;
  email: string;
  password: string;
  username: string;
  fileId: number;
  testId: number;
  /** A test nobody has taken: its questions may still change (editing). */
  draftTestId: number;
  resultId: number;
  jobId: number;
  /** The user's own id (the target of admin routes) and the session the client signed in with. */
  id: number;
  sessionId: number;
  /** A study set (from the material when the fixture has records) and its first flashcard. */
  setId: number;
  cardId: number;
  /** A class (its fileId attached) and a template. */
  classId: number;
  templateId: number;
  /** A goal, a notification, and an announcement posted after the account was made (0 where none). */
  goalId: number;
  notificationId: number;
  announcementId: number;
  /**
   * A teacher's class (the teacher's own for the teacher fixture; the one the owner student joined for the
   * owner), its join code, an assignment of the teacher's test, a member to remove, and the e-mail of a
   * student to add (0 and "" elsewhere).
   */
  teacherClassId: number;
  joinCode: string;
  assignmentId: number;
  memberId: number;
  newcomer: string;
}

type Owned =
  | "fileId"
  | "testId"
  | "draftTestId"
  | "resultId"
  | "jobId"
  | "id"
  | "sessionId"
  | "setId"
  | "cardId"
  | "classId"
  | "templateId"
  | "goalId"
  | "notificationId"
  | "announcementId"
  | "teacherClassId"
  | "assignmentId"
  | "memberId";

interface RouteCase {
  /** teacher: the teacher of the class the path names (or an admin); its members get 403, anyone else 404. */
  access: "public" | "user" | "teacher" | "admin";
  /** The record the path's :id names (for admin routes: the record of the user acted on). */
  owned?: Owned;
  /** Further path parameters (`:file_id`) and the fixture's records they name. */
  params?: Record<string, Owned | number>;
  /** The body's ids name the caller's records: another student gets 404 for them too. */
  ownsBody?: boolean;
  body?: (f: Fixture) => unknown;
  query?: string;
  /** The status of a call that works: the owner's, or anyone's on a public route. */
  ok: number;
  /** The call uses something up (the account, the session, the file): it gets an owner of its own. */
  fresh?: boolean;
  /** A Server-Sent Events stream: only the status is read. */
  stream?: boolean;
}

const unique = () => `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const ROUTES: Record<string, RouteCase> = {
  "GET /api/health": { access: "public", ok: 200 },
  "GET /api/config": { access: "public", ok: 200 },
  "POST /api/auth/register": { access: "public", ok: 201, body: () => ({ username: unique(), email: `${unique()}@school.example`, password: "study-hard-123" }) },
  "POST /api/auth/login": { access: "public", ok: 200, body: (f) => ({ email: f.email, password: f.password }) },
  "GET /api/auth/verify-email": { access: "public", ok: 302, query: "?token=not-a-token" },
  "POST /api/auth/resend-verification": { access: "public", ok: 200, body: (f) => ({ email: f.email }) },
  "POST /api/auth/forgot-password": { access: "public", ok: 200, body: (f) => ({ email: f.email }) },
  "POST /api/auth/reset-password": { access: "public", ok: 400, body: () => ({ token: "not-a-token", new_password: "another-pass-1" }) },
  "POST /api/auth/logout": { access: "public", ok: 204, fresh: true },
  "GET /api/auth/me": { access: "user", ok: 200 },
  "GET /api/auth/providers": { access: "public", ok: 200 },
  // Sign-in with a provider answers with redirects: here to the readable refusal page (no such provider, no flow started).
  "GET /api/auth/oidc/:provider/start": { access: "public", ok: 302, params: { provider: 0 } },
  "GET /api/auth/oidc/callback": { access: "public", ok: 302, query: "?code=c&state=s" },
  "GET /api/auth/identities": { access: "user", ok: 200 },
  // Nobody here has linked a provider: unlinking one answers 404 (tests/api/oidc.test.ts unlinks a real one).
  "DELETE /api/auth/identities/:provider": { access: "user", ok: 404, params: { provider: 0 } },
  "POST /api/auth/logout-all": { access: "user", ok: 204, fresh: true },
  "GET /api/users/profile": { access: "user", ok: 200 },
  "PUT /api/users/profile": { access: "user", ok: 200, body: (f) => ({ username: f.username, email: f.email }) },
  "DELETE /api/users/me": { access: "user", ok: 204, fresh: true, body: (f) => ({ password: f.password }) },
  "GET /api/files": { access: "user", ok: 200 },
  "POST /api/files/upload/scan": { access: "user", ok: 200 },
  // An upload's progress lives only while the upload does: the owner's call here names none, so 404 (tests/api/ocr.test.ts follows a live one).
  "GET /api/materials/uploads/:id/progress": { access: "user", ok: 404 },
  "GET /api/files/:id": { access: "user", owned: "fileId", ok: 200 },
  "GET /api/files/:id/download": { access: "user", owned: "fileId", ok: 200 },
  "GET /api/files/:id/search": { access: "user", owned: "fileId", ok: 200, query: "?q=exception" },
  "DELETE /api/files/:id": { access: "user", owned: "fileId", ok: 204, fresh: true },
  "POST /api/tests/submit": { access: "user", ownsBody: true, ok: 201, body: (f) => ({ test_id: f.testId, answers: {} }) },
  "GET /api/tests/results": { access: "user", ok: 200 },
  "GET /api/results/:id": { access: "user", owned: "resultId", ok: 200 },
  "GET /api/dashboard": { access: "user", ok: 200 },
  "POST /api/gpt/generate": { access: "user", ownsBody: true, ok: 202, body: (f) => ({ file_id: f.fileId, topic: "exceptions", count: 1, async: true }) },
  "GET /api/study_sets": { access: "user", ok: 200 },
  "POST /api/study_sets": { access: "user", ok: 201, body: () => ({ name: "Another set" }) },
  "POST /api/study_sets/from-result": { access: "user", ownsBody: true, ok: 201, body: (f) => ({ result_id: f.resultId }) },
  "GET /api/study_sets/:id": { access: "user", owned: "setId", ok: 200 },
  "PATCH /api/study_sets/:id": { access: "user", owned: "setId", ok: 200, body: () => ({ description: "Renamed" }) },
  "DELETE /api/study_sets/:id": { access: "user", owned: "setId", ok: 204, fresh: true },
  "POST /api/study_sets/:id/cards": { access: "user", owned: "setId", ok: 201, body: () => ({ question: "Q?", answer: "A" }) },
  "POST /api/study_sets/:id/generate": { access: "user", owned: "setId", ok: 202, body: () => ({ count: 1 }) },
  "PATCH /api/flashcards/:id": { access: "user", owned: "cardId", ok: 200, body: () => ({ answer: "B" }) },
  "DELETE /api/flashcards/:id": { access: "user", owned: "cardId", ok: 204, fresh: true },
  "POST /api/flashcards/:id/review": { access: "user", owned: "cardId", ok: 200, body: () => ({ rating: "good" }) },
  "GET /api/classes": { access: "user", ok: 200 },
  "POST /api/classes": { access: "user", ok: 201, body: () => ({ name: "Biology" }) },
  "GET /api/classes/:id": { access: "user", owned: "classId", ok: 200 },
  "DELETE /api/classes/:id": { access: "user", owned: "classId", ok: 204, fresh: true },
  "POST /api/classes/:id/materials": { access: "user", owned: "classId", ownsBody: true, ok: 200, body: (f) => ({ file_id: f.fileId }) },
  "DELETE /api/classes/:id/materials/:file_id": { access: "user", owned: "classId", params: { file_id: "fileId" }, ok: 204, fresh: true },
  // Teaching. The owner student is a member of the teacher fixture's class (and joins it again here).
  "POST /api/classes/join": { access: "user", ok: 200, body: (f) => ({ code: f.joinCode }) },
  "POST /api/classes/:id/join-code": { access: "teacher", owned: "teacherClassId", ok: 200 },
  "GET /api/classes/:id/members": { access: "teacher", owned: "teacherClassId", ok: 200 },
  "POST /api/classes/:id/members": { access: "teacher", owned: "teacherClassId", ok: 201, body: (f) => ({ email: f.newcomer }) },
  "DELETE /api/classes/:id/members/:user_id": { access: "teacher", owned: "teacherClassId", params: { user_id: "memberId" }, ok: 204 },
  "GET /api/assignments": { access: "user", ok: 200 },
  "POST /api/classes/:id/assignments": { access: "teacher", owned: "teacherClassId", ok: 201, body: (f) => ({ test_id: f.draftTestId, attempts_allowed: 2 }) },
  "GET /api/classes/:id/assignments": { access: "user", owned: "teacherClassId", ok: 200 },
  "DELETE /api/classes/:id/assignments/:assignment_id": { access: "teacher", owned: "teacherClassId", params: { assignment_id: "assignmentId" }, ok: 204 },
  "GET /api/goals": { access: "user", ok: 200 },
  "POST /api/goals": { access: "user", ok: 201, body: () => ({ kind: "tests_taken", target: 3 }) },
  "GET /api/goals/:id": { access: "user", owned: "goalId", ok: 200 },
  "PATCH /api/goals/:id": { access: "user", owned: "goalId", ok: 200, body: () => ({ target: 4 }) },
  "DELETE /api/goals/:id": { access: "user", owned: "goalId", ok: 204, fresh: true },
  "GET /api/notifications": { access: "user", ok: 200, query: "?limit=5" },
  "POST /api/notifications/read-all": { access: "user", ok: 200 },
  "POST /api/notifications/:id/read": { access: "user", owned: "notificationId", ok: 200 },
  // The stranger's account is made after the owner's announcement, so it is not theirs to see.
  "POST /api/notifications/announcements/:id/read": { access: "user", owned: "announcementId", ok: 200 },
  "GET /api/templates": { access: "user", ok: 200 },
  "POST /api/templates": { access: "user", ok: 201, body: () => ({ name: "Quick quiz" }) },
  "GET /api/templates/:id": { access: "user", owned: "templateId", ok: 200 },
  "DELETE /api/templates/:id": { access: "user", owned: "templateId", ok: 204, fresh: true },
  "POST /api/tests/:id/regenerate": { access: "user", owned: "testId", ok: 202, body: () => ({ async: true }) },
  "GET /api/tests/:id": { access: "user", owned: "testId", ok: 200 },
  "GET /api/tests/:id/export": { access: "user", owned: "testId", ok: 200, query: "?format=gift" },
  // In this order on the draft test (2 questions): add a third, reorder, edit, delete one, write one again.
  "GET /api/tests/:id/questions": { access: "user", owned: "draftTestId", ok: 200 },
  "POST /api/tests/:id/questions": { access: "user", owned: "draftTestId", ok: 201, body: () => ({ question: "Is this question written by hand?", type: "true_false", answer: "True" }) },
  "POST /api/tests/:id/questions/reorder": { access: "user", owned: "draftTestId", ok: 200, body: () => ({ order: [2, 0, 1] }) },
  "PATCH /api/tests/:id/questions/:index": { access: "user", owned: "draftTestId", params: { index: 0 }, ok: 200, body: () => ({ explanation: "Checked by the teacher." }) },
  "DELETE /api/tests/:id/questions/:index": { access: "user", owned: "draftTestId", params: { index: 0 }, ok: 200 },
  "POST /api/tests/:id/questions/:index/regenerate": { access: "user", owned: "draftTestId", params: { index: 0 }, ok: 202, body: () => ({ async: true }) },
  "GET /api/tests/:id/item-analysis": { access: "user", owned: "testId", ok: 200, query: "?attempts=all" },
  "GET /api/classes/:id/results": { access: "teacher", owned: "teacherClassId", ok: 200 },
  "GET /api/classes/:id/results.csv": { access: "teacher", owned: "teacherClassId", ok: 200 },
  "GET /api/ai/insights": { access: "user", ok: 200 },
  "GET /api/jobs/:id": { access: "user", owned: "jobId", ok: 200 },
  "POST /api/jobs/:id/cancel": { access: "user", owned: "jobId", ok: 200 },
  "GET /api/jobs/:id/events": { access: "user", owned: "jobId", ok: 200, stream: true },
  "GET /api/auth/sessions": { access: "user", ok: 200 },
  "DELETE /api/auth/sessions/:id": { access: "user", owned: "sessionId", ok: 204, fresh: true },
  "GET /api/announcements": { access: "user", ok: 200 },
  "GET /api/admin/data": { access: "admin", ok: 200 },
  "GET /api/admin/users": { access: "admin", ok: 200, query: "?q=owner&sort=email" },
  "GET /api/admin/users/:id": { access: "admin", owned: "id", ok: 200 },
  "PATCH /api/admin/users/:id": { access: "admin", owned: "id", ok: 200, body: () => ({ is_verified: true }) },
  "POST /api/admin/users/:id/password-reset": { access: "admin", owned: "id", ok: 200 },
  "DELETE /api/users/:id": { access: "admin", owned: "id", ok: 204, fresh: true },
  "GET /api/admin/files": { access: "admin", ok: 200 },
  "GET /api/admin/analytics": { access: "admin", ok: 200, query: "?days=7" },
  "GET /api/admin/audit": { access: "admin", ok: 200 },
  "POST /api/admin/announcements": { access: "admin", ok: 201, body: () => ({ message: "The library closes early on Friday." }) },
};

/** "GET /api/files/:id" for each method and path the router registers (HEAD goes with GET). */
function registeredRoutes(): string[] {
  const names = new Set<string>();
  for (const layer of createRouter().stack) {
    for (const method of layer.methods) if (method !== "HEAD") names.add(`${method} ${layer.path}`);
  }
  return [...names];
}

let server: TestServer;
let admin: Fixture;
let owner: Fixture;
let stranger: Fixture;
let teacher: Fixture;

/** Whose records a route is called on: the teacher's for teacher routes, else the owner student's. */
const holderOf = (route: RouteCase) => (route.access === "teacher" ? teacher : owner);

/**
 * Makes `t` a teacher with a class that has their test assigned, the owner student and a pupil as
 * members, and a newcomer to add. The routes that remove the pupil and the assignment run after the
 * ones that read them (the router's order), so they need no fresh fixture.
 */
async function teachingRecords(t: Fixture) {
  await changeAccount(server.app, t.id, { role: "teacher" });
  const cls = await t.c.post("/api/classes", { name: "Taught class" });
  const assignment = await t.c.post(`/api/classes/${cls.body.id}/assignments`, { test_id: t.testId });
  const pupil = await newStudent(server.url, "pupil");
  for (const c of [owner.c, pupil.c]) await c.post("/api/classes/join", { code: cls.body.join_code });
  if (cls.status !== 201 || assignment.status !== 201) throw new Error(`teaching fixture failed: ${cls.status} ${assignment.status}`);
  const records = { teacherClassId: cls.body.id as number, joinCode: cls.body.join_code as string };
  Object.assign(owner, records);
  Object.assign(t, records, { assignmentId: assignment.body.id as number, memberId: pupil.id, newcomer: (await newStudent(server.url, "newcomer")).email });
}

/** A study set of `c`'s: written from the material when given one, else typed in. */
async function studySet(c: Client, fileId?: number) {
  const res = await c.post("/api/study_sets", fileId ? { name: "Set", file_id: fileId, topic: "exceptions", count: 2 } : { name: "Set", flashcards: [{ question: "Q?", answer: "A" }] });
  if (res.status !== 201) throw new Error(`study set failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { setId: res.body.id as number, cardId: res.body.flashcards[0].id as number };
}

/** A class of `c`'s with `fileId` attached, and a template. */
async function organiser(c: Client, fileId: number) {
  const cls = await c.post("/api/classes", { name: "Class" });
  const attached = await c.post(`/api/classes/${cls.body.id}/materials`, { file_id: fileId });
  const tpl = await c.post("/api/templates", { name: "Template", file_id: fileId });
  if (attached.status !== 201 || tpl.status !== 201) throw new Error(`class or template failed: ${attached.status} ${tpl.status}`);
  return { classId: cls.body.id as number, templateId: tpl.body.id as number };
}

/** A goal and a notification of the user's, and an announcement posted just after their account (once there is an administrator). */
async function studyRecords(s: { c: Client; id: number }) {
  const goal = await s.c.post("/api/goals", { kind: "tests_taken", target: 2 });
  await notify(server.app, s.id, { kind: "cards_due", message: "You have 1 flashcard due today.", event_key: "fixture" });
  const notificationId: number = (await server.app.db("notifications").where({ user_id: s.id }).first("id")).id;
  const announcementId: number = admin ? (await admin.c.post("/api/admin/announcements", { message: `For ${s.id}` })).body.id : 0;
  if (goal.status !== 201) throw new Error(`goal failed: ${goal.status} ${JSON.stringify(goal.body)}`);
  return { goalId: goal.body.id as number, notificationId, announcementId };
}

async function fixture(name: string, records = true): Promise<Fixture> {
  const s = await newStudent(server.url, name);
  const sessionId: number = (await s.c.get("/api/auth/sessions")).body[0].id;
  const base = { ...s, sessionId, fileId: 0, testId: 0, draftTestId: 0, resultId: 0, jobId: 0, teacherClassId: 0, joinCode: "", assignmentId: 0, memberId: 0, newcomer: "" };
  if (!records) {
    const fileId = await uploadPythonErrors(s.c);
    return { ...base, ...(await studySet(s.c)), ...(await organiser(s.c, fileId)), ...(await studyRecords(s)), fileId };
  }
  const fileId = await uploadPythonErrors(s.c);
  const gen = await s.c.post("/gpt/generate", { file_id: fileId, topic: "exceptions", count: 2 });
  if (gen.status !== 200) throw new Error(`generation failed: ${gen.status} ${JSON.stringify(gen.body)}`);
  const sub = await s.c.post("/tests/submit", { test_id: gen.body.test_id, answers: {} });
  const draft = await s.c.post("/gpt/generate", { file_id: fileId, topic: "exceptions", count: 2 });
  return { ...base, ...(await studySet(s.c, fileId)), ...(await organiser(s.c, fileId)), ...(await studyRecords(s)), fileId, testId: gen.body.test_id, draftTestId: draft.body.test_id, jobId: gen.body.job_id, resultId: sub.body.result_id };
}

function pathFor(name: string, route: RouteCase, f: Fixture): string {
  let path = name.split(" ")[1]!.replace(":id", String(route.owned ? f[route.owned] : 0));
  for (const [param, key] of Object.entries(route.params ?? {})) path = path.replace(`:${param}`, String(typeof key === "number" ? key : f[key]));
  return path + (route.query ?? "");
}

/** Calls the route as `c` on `f`'s records and returns the status. */
async function call(c: Client, name: string, route: RouteCase, f: Fixture, viaPath?: string): Promise<number> {
  const method = name.split(" ")[0]!;
  const path = viaPath ?? pathFor(name, route, f);
  if (name === "POST /api/files/upload/scan") return (await c.upload(path, (await import("../helpers/generation.ts")).PYTHON_ERRORS, "python-errors.pdf")).status;
  const body = route.body?.(f);
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await c.raw(method, path, { body: body === undefined ? null : JSON.stringify(body), headers });
  if (route.stream) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  // Rate limits are not under test here: each route is called several times with one account.
  server = await startTestServer({ RATE_LIMIT_FACTOR: "100" });
  admin = await fixture("admin"); // the first account is the administrator
  owner = await fixture("owner");
  stranger = await fixture("stranger");
  teacher = await fixture("teacher");
  await teachingRecords(teacher);
});
afterAll(() => server.close());

describe("every registered route is classified", () => {
  it("has a row in the table for each route, and no row for a route that is gone", () => {
    const registered = registeredRoutes();
    expect(registered.filter((r) => !(r in ROUTES)), "routes nobody has classified").toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !registered.includes(r)), "rows for routes that no longer exist").toEqual([]);
  });

  // GET /metrics is no user route: Prometheus reads it with METRICS_TOKEN or from this machine, and no
  // session of any role opens it (tests/api/metrics.test.ts). So it is served beside the router, not in it.
  it("leaves GET /metrics out of the router: its access is not a role's", async () => {
    expect(registeredRoutes().filter((r) => r.includes("metrics"))).toEqual([]);
    const res = await admin.c.raw("GET", "/metrics");
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});

describe.each(registeredRoutes())("%s", (name) => {
  const route = ROUTES[name];

  it("answers an anonymous caller as its class says", async () => {
    if (!route) throw new Error(`${name} is not classified in tests/api/authorization.test.ts`);
    const anonymous = client(server.url);
    const f = route.fresh ? await fixture("fresh", false) : holderOf(route);
    const status = await call(anonymous, name, route, f);
    if (route.access === "public") expect(status).toBe(route.ok);
    else expect(status).toBe(401);
    // The spec's paths outside /api reach the same handler, and the same rule.
    const bare = pathFor(name, route, f).replace(/^\/api/, "");
    if (ALIASED.test(bare)) expect(await call(anonymous, name, route, f, bare)).toBe(route.access === "public" ? route.ok : 401);
  });

  it("keeps other people's records from a second student and admin routes from students", async () => {
    if (!route) throw new Error(`${name} is not classified in tests/api/authorization.test.ts`);
    if (route.access === "admin") expect(await call(stranger.c, name, route, stranger)).toBe(403);
    if (route.access === "teacher") {
      expect(await call(stranger.c, name, route, teacher)).toBe(404);
      expect(await call(owner.c, name, route, teacher), "a member of the class").toBe(403);
    }
    if (route.access === "user" && (route.owned || route.ownsBody)) {
      const victim = route.fresh ? await fixture("victim", false) : owner;
      expect(await call(stranger.c, name, route, victim)).toBe(404);
    }
  });

  it("works for its owner (for admin routes: for an administrator)", async () => {
    if (!route) throw new Error(`${name} is not classified in tests/api/authorization.test.ts`);
    const f = route.fresh ? await fixture("fresh", false) : holderOf(route);
    expect(await call(route.access === "admin" ? admin.c : f.c, name, route, f)).toBe(route.ok);
  });
});

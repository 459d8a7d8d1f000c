/**
 * Teachers' classes: join codes (readable, regenerable, wrong ones limited), the roster (join, add by
 * e-mail, remove, leave), and what members may see of the class and its materials (read-only) while
 * everybody else sees nothing (404). A student's own organiser class stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeAccount } from "../../src/accounts/roles.ts";
import { JOIN_CODE_ALPHABET } from "../../src/study/classes/members.ts";
import { newStudent } from "../helpers/accounts.ts";
import { uploadPythonErrors } from "../helpers/generation.ts";
import type { Client } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { newClass, newTeacher, newTest } from "../helpers/teaching.ts";

let server: TestServer;
let admin: Awaited<ReturnType<typeof newStudent>>;
beforeAll(async () => {
  // Real limits: the join-code limit is under test. Few accounts sign up from this address.
  server = await startTestServer();
  admin = await newStudent(server.url, "admin"); // the first account is the administrator
});
afterAll(() => server.close());

const join = (c: Client, code: string) => c.post("/api/classes/join", { code });

describe("a teacher's class", () => {
  it("gets a readable join code; a student's own class gets none", async () => {
    const teacher = await newTeacher(server);
    const cls = await teacher.c.post("/api/classes", { name: "Biology" });
    expect(cls.status).toBe(201);
    expect(cls.body).toMatchObject({ name: "Biology", role: "teacher", member_count: 0, teacher: teacher.username });
    expect(cls.body.join_code).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{8}$`));
    expect(cls.body.join_code).not.toMatch(/[01OIL]/);

    const student = await newStudent(server.url);
    const own = await student.c.post("/api/classes", { name: "My revision" });
    expect(own.body).toMatchObject({ role: "organiser", join_code: null, teacher: null });
    // An administrator can do what a teacher can.
    expect((await admin.c.post("/api/classes", { name: "Staff room" })).body.join_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it("lets a student join with the code (any case, spaces or dashes), twice harmlessly, and shows it read-only", async () => {
    const teacher = await newTeacher(server);
    const cls = await newClass(teacher.c, "Chemistry");
    const student = await newStudent(server.url);
    const typed = `${cls.join_code!.slice(0, 4).toLowerCase()}-${cls.join_code!.slice(4)} `;
    const first = await join(student.c, typed);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: cls.id, name: "Chemistry", role: "member", join_code: null, teacher: teacher.username });
    const again = await join(student.c, cls.join_code!);
    expect(again.status).toBe(200);
    expect(again.body.member_count).toBe(1);
    expect((await student.c.get("/api/classes")).body).toEqual([expect.objectContaining({ id: cls.id, role: "member" })]);
    // The teacher joining their own class changes nothing.
    expect((await join(teacher.c, cls.join_code!)).body).toMatchObject({ role: "teacher", member_count: 1 });

    // Read-only: a member may not change, delete, manage members or assignments.
    expect((await student.c.delete(`/api/classes/${cls.id}`)).status).toBe(403);
    expect((await student.c.get(`/api/classes/${cls.id}/members`)).status).toBe(403);
    expect((await student.c.post(`/api/classes/${cls.id}/join-code`)).status).toBe(403);
    expect((await student.c.post(`/api/classes/${cls.id}/members`, { email: admin.email })).status).toBe(403);
  });

  it("answers a wrong code with 404 and a clear message, and limits guessing per account", async () => {
    const student = await newStudent(server.url);
    const wrong = await join(student.c, "ZZZZ2222");
    expect(wrong.status).toBe(404);
    expect(wrong.body.detail).toBe("No class has this join code. Check the code with your teacher.");
    expect((await join(student.c, "")).status).toBe(422);
    for (let i = 0; i < 9; i++) expect((await join(student.c, `WRONG${i}22`)).status).toBe(404);
    const limited = await join(student.c, "WRONGXYZ");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(limited.body.detail).toMatch(/Too many wrong join codes/);
    // Another account is not affected.
    expect((await join((await newStudent(server.url)).c, "ZZZZ2222")).status).toBe(404);
  });

  it("limits wrong codes sent at once too: exactly 10 are answered 404, the rest 429; a right code is not counted", async () => {
    const teacher = await newTeacher(server);
    const cls = await newClass(teacher.c, "Physics");
    const student = await newStudent(server.url);
    for (let i = 0; i < 9; i++) expect((await join(student.c, `MISS${i}222`)).status).toBe(404);
    expect((await join(student.c, cls.join_code!)).status).toBe(200);
    // The right code took no place: one wrong code is still allowed.
    expect((await join(student.c, "MISSLAST")).status).toBe(404);
    expect((await join(student.c, "MISSMORE")).status).toBe(429);

    const racer = await newStudent(server.url);
    const statuses = (await Promise.all(Array.from({ length: 16 }, (_, i) => join(racer.c, `RACE${i}22`)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it("takes nobody in, and lends nothing, once its teacher is made a student again", async () => {
    const teacher = await newTeacher(server);
    const cls = await newClass(teacher.c, "Geology");
    const fileId = await uploadPythonErrors(teacher.c);
    expect((await teacher.c.post(`/api/classes/${cls.id}/materials`, { file_id: fileId })).status).toBe(201);
    const { testId } = await newTest(teacher.c, fileId, 1);
    expect((await teacher.c.post(`/api/classes/${cls.id}/assignments`, { test_id: testId })).status).toBe(201);
    const member = await newStudent(server.url);
    expect((await join(member.c, cls.join_code!)).status).toBe(200);
    expect((await member.c.get(`/api/files/${fileId}`)).status).toBe(200);
    expect((await member.c.get(`/api/tests/${testId}?mode=take`)).status).toBe(200);

    await changeAccount(server.app, teacher.id, { role: "student" });
    const late = await join((await newStudent(server.url)).c, cls.join_code!);
    expect(late.status).toBe(404);
    expect(late.body.detail).toBe("No class has this join code. Check the code with your teacher.");
    expect((await member.c.get(`/api/files/${fileId}`)).status).toBe(404);
    expect((await member.c.get(`/api/tests/${testId}?mode=take`)).status).toBe(404);
    expect((await member.c.post("/api/tests/submit", { test_id: testId, answers: {} })).status).toBe(404);

    // Made a teacher again, the class works as before.
    await changeAccount(server.app, teacher.id, { role: "teacher" });
    expect((await member.c.get(`/api/files/${fileId}`)).status).toBe(200);
  });

  it("turns a teacher's own class made before they taught into a teacher's class when they ask for a code", async () => {
    const teacher = await newStudent(server.url, "promoted");
    const before = await newClass(teacher.c, "Made as a student");
    expect(before.join_code).toBeNull();
    expect((await teacher.c.post(`/api/classes/${before.id}/join-code`)).status).toBe(403);
    await changeAccount(server.app, teacher.id, { role: "teacher" });
    const code = await teacher.c.post(`/api/classes/${before.id}/join-code`);
    expect(code.status).toBe(200);
    expect((await teacher.c.get(`/api/classes/${before.id}`)).body).toMatchObject({ role: "teacher", join_code: code.body.join_code });
    // An administrator cannot do that to a student's own class.
    const students = await newClass((await newStudent(server.url)).c, "Mine");
    expect((await admin.c.post(`/api/classes/${students.id}/join-code`)).status).toBe(403);
  });

  it("regenerates the code: the old one stops working, the new one works", async () => {
    const teacher = await newTeacher(server);
    const cls = await newClass(teacher.c);
    const fresh = await teacher.c.post(`/api/classes/${cls.id}/join-code`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.join_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(fresh.body.join_code).not.toBe(cls.join_code);
    const student = await newStudent(server.url);
    expect((await join(student.c, cls.join_code!)).status).toBe(404);
    expect((await join(student.c, fresh.body.join_code)).status).toBe(200);
    expect((await teacher.c.get(`/api/classes/${cls.id}`)).body.join_code).toBe(fresh.body.join_code);
  });
});

describe("the roster", () => {
  it("adds students by e-mail, lists and removes them; a member may leave", async () => {
    const teacher = await newTeacher(server);
    const cls = await newClass(teacher.c);
    const [ana, ben] = [await newStudent(server.url, "ana"), await newStudent(server.url, "ben")];
    const added = await teacher.c.post(`/api/classes/${cls.id}/members`, { email: ` ${ana.email.toUpperCase()} ` });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ user_id: ana.id, username: ana.username, email: ana.email });
    expect((await teacher.c.post(`/api/classes/${cls.id}/members`, { email: ana.email })).status).toBe(200);
    // Ana is told once, with a link to the class.
    const told = (await ana.c.get("/api/notifications")).body.items.filter((n: { kind: string }) => n.kind === "class_added");
    expect(told).toEqual([expect.objectContaining({ message: `${teacher.username} added you to the class Statistics 101.`, link: `/classes/${cls.id}` })]);
    await join(ben.c, cls.join_code!);
    const list = await teacher.c.get(`/api/classes/${cls.id}/members`);
    expect(list.body.map((m: { user_id: number }) => m.user_id)).toEqual([ana.id, ben.id]);
    // The class appears in Ana's list, added by her teacher.
    expect((await ana.c.get("/api/classes")).body.map((k: { id: number }) => k.id)).toContain(cls.id);

    expect((await teacher.c.delete(`/api/classes/${cls.id}/members/${ana.id}`)).status).toBe(204);
    expect((await teacher.c.delete(`/api/classes/${cls.id}/members/${ana.id}`)).status).toBe(404);
    expect((await ana.c.get(`/api/classes/${cls.id}`)).status).toBe(404);
    // Ben leaves on his own, but cannot remove anyone else.
    await join(ana.c, cls.join_code!);
    expect((await ben.c.delete(`/api/classes/${cls.id}/members/${ana.id}`)).status).toBe(403);
    expect((await ben.c.delete(`/api/classes/${cls.id}/members/${ben.id}`)).status).toBe(204);
    expect((await teacher.c.get(`/api/classes/${cls.id}/members`)).body.map((m: { user_id: number }) => m.user_id)).toEqual([ana.id]);
  });

  it("answers an unknown e-mail with a 404 that reveals nothing more, and refuses bad input", async () => {
    const teacher = await newTeacher(server);
    const cls = await newClass(teacher.c);
    const unknown = await teacher.c.post(`/api/classes/${cls.id}/members`, { email: "nobody@school.example" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("No student account uses this e-mail address. Ask the student to sign up first.");
    expect((await teacher.c.post(`/api/classes/${cls.id}/members`, { email: "not-an-address" })).status).toBe(422);
    expect((await teacher.c.post(`/api/classes/${cls.id}/members`, { email: teacher.email })).status).toBe(422);
  });

  it("adds only students: a teacher's or an administrator's address is answered like an unknown one", async () => {
    const teacher = await newTeacher(server);
    const cls = await newClass(teacher.c);
    const colleague = await newTeacher(server, "colleague");
    for (const email of [colleague.email, admin.email]) {
      const res = await teacher.c.post(`/api/classes/${cls.id}/members`, { email });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("No student account uses this e-mail address. Ask the student to sign up first.");
    }
    expect((await teacher.c.get(`/api/classes/${cls.id}/members`)).body).toEqual([]);
    expect((await colleague.c.get("/api/notifications")).body.items.filter((n: { kind: string }) => n.kind === "class_added")).toEqual([]);
  });

  it("limits how many students a teacher adds in an hour (429)", async () => {
    const teacher = await newTeacher(server);
    const cls = await newClass(teacher.c);
    const add = (i: number) => teacher.c.post(`/api/classes/${cls.id}/members`, { email: `nobody${i}@school.example` });
    for (let batch = 0; batch < 10; batch++) {
      const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => add(batch * 20 + i)))).map((r) => r.status);
      expect(statuses.every((s) => s === 404)).toBe(true);
    }
    const limited = await add(200);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^You have added many students in the last hour/);
    server.clock.advance(61 * 60_000);
    expect((await add(201)).status).toBe(404);
  });

  it("lets a student added to the most classes still join one with its code, and limits the adding instead", async () => {
    const teacher = await newTeacher(server);
    const student = await newStudent(server.url);
    const ids: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const made = await Promise.all(Array.from({ length: 10 }, (_, i) => newClass(teacher.c, `Course ${batch * 10 + i}`)));
      ids.push(...made.map((k) => k.id));
    }
    for (let batch = 0; batch < 10; batch++) {
      const added = await Promise.all(ids.slice(batch * 10, batch * 10 + 10).map((id) => teacher.c.post(`/api/classes/${id}/members`, { email: student.email })));
      expect(added.map((r) => r.status)).toEqual(Array(10).fill(201));
    }
    const oneMore = await newClass(teacher.c, "One more");
    const refused = await teacher.c.post(`/api/classes/${oneMore.id}/members`, { email: student.email });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^That student has already been added to 100 classes/);
    expect((await join(student.c, oneMore.join_code!)).status).toBe(200);
    server.clock.advance(61 * 60_000); // the adds above used up much of the teacher's hour
  });

  it("is the teacher's (and an administrator's) alone: others get 404, a student's own class has none (403)", async () => {
    const teacher = await newTeacher(server);
    const cls = await newClass(teacher.c);
    const other = await newTeacher(server, "other");
    const stranger = await newStudent(server.url);
    for (const c of [other.c, stranger.c]) {
      expect((await c.get(`/api/classes/${cls.id}`)).status).toBe(404);
      expect((await c.get(`/api/classes/${cls.id}/members`)).status).toBe(404);
      expect((await c.post(`/api/classes/${cls.id}/members`, { email: stranger.email })).status).toBe(404);
      expect((await c.delete(`/api/classes/${cls.id}/members/${stranger.id}`)).status).toBe(404);
      expect((await c.post(`/api/classes/${cls.id}/join-code`)).status).toBe(404);
    }
    expect((await admin.c.post(`/api/classes/${cls.id}/members`, { email: stranger.email })).status).toBe(201);
    expect((await admin.c.get(`/api/classes/${cls.id}/members`)).body).toHaveLength(1);
    expect((await admin.c.post(`/api/classes/${cls.id}/join-code`)).status).toBe(200);

    // A student's own organiser keeps working and has no members.
    const own = await newClass(stranger.c, "Revision");
    expect((await stranger.c.post(`/api/classes/${own.id}/members`, { email: other.email })).status).toBe(403);
    expect((await stranger.c.post(`/api/classes/${own.id}/join-code`)).status).toBe(403);
    expect((await stranger.c.get(`/api/classes/${own.id}/members`)).status).toBe(403);
    expect((await stranger.c.delete(`/api/classes/${own.id}`)).status).toBe(204);
  });
});

describe("a class's materials", () => {
  it("are read-only for members, usable for their own tests, and invisible to everyone else", async () => {
    const teacher = await newTeacher(server);
    const fileId = await uploadPythonErrors(teacher.c);
    const cls = await newClass(teacher.c, "Statistics");
    expect((await teacher.c.post(`/api/classes/${cls.id}/materials`, { file_id: fileId })).status).toBe(201);
    const member = await newStudent(server.url);
    const outsider = await newStudent(server.url);
    await join(member.c, cls.join_code!);

    const seen = await member.c.get(`/api/classes/${cls.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.materials.map((m: { file_id: number }) => m.file_id)).toEqual([fileId]);
    expect(seen.body.tests).toEqual([]); // the teacher's tests are not the member's
    expect((await member.c.get(`/api/files/${fileId}`)).status).toBe(200);
    const download = await member.c.raw("GET", `/api/files/${fileId}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    await download.arrayBuffer();
    expect((await member.c.get(`/api/files/${fileId}/search?q=exception`)).status).toBe(200);
    // Not theirs to change.
    expect((await member.c.delete(`/api/files/${fileId}`)).status).toBe(403);
    expect((await member.c.delete(`/api/classes/${cls.id}/materials/${fileId}`)).status).toBe(403);
    expect((await member.c.get("/api/files")).body).toEqual([]);

    // Their own practice test from it, listed on the class page for them.
    const { testId } = await newTest(member.c, fileId);
    expect((await member.c.get(`/api/tests/${testId}`)).status).toBe(200);
    expect((await member.c.get(`/api/classes/${cls.id}`)).body.tests.map((t: { test_id: number }) => t.test_id)).toEqual([testId]);

    // Nobody else sees any of it.
    for (const path of [`/api/classes/${cls.id}`, `/api/files/${fileId}`, `/api/files/${fileId}/download`]) expect((await outsider.c.get(path)).status).toBe(404);
    expect((await outsider.c.post("/api/gpt/generate", { file_id: fileId, topic: "exceptions", count: 1 })).status).toBe(404);

    // Removed from the class, the member loses the material but keeps their test.
    await teacher.c.delete(`/api/classes/${cls.id}/members/${member.id}`);
    expect((await member.c.get(`/api/files/${fileId}`)).status).toBe(404);
    expect((await member.c.get(`/api/tests/${testId}`)).status).toBe(200);
  });
});

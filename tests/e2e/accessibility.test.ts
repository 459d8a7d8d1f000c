/**
 * Every page, as the person who uses it, checked by axe-core at a laptop's and a phone's width:
 * serious or critical problems (contrast, missing labels, broken ARIA) fail, with where they are.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { seriousA11yProblems } from "../helpers/a11y.ts";
import { newStudent } from "../helpers/accounts.ts";
import { DESKTOP, openPage, PHONE } from "../helpers/browser.ts";
import { uploadRFaq } from "../helpers/generation.ts";
import type { Client } from "../helpers/http.ts";
import { colourQuestion, knownTest } from "../helpers/known-test.ts";
import { browserSuite, pageAs } from "../helpers/student-browser.ts";

const suite = browserSuite({ RATE_LIMIT_FACTOR: "100" });

let admin: Client;
let student: Client;
let testId: number;
let resultId: number;
let classId: number;
let setId: number;
let teacherClassId: number;

beforeAll(async () => {
  admin = (await newStudent(suite.server.url, "head")).c; // the first account is the administrator
  student = (await newStudent(suite.server.url)).c;
  const fileId = await uploadRFaq(student);
  const gen = await student.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 3 });
  testId = gen.body.test_id;
  resultId = (await student.post("/tests/submit", { test_id: testId, answers: { 0: "x" } })).body.result_id;
  classId = (await student.post("/api/classes", { name: "Statistics" })).body.id;
  await student.post(`/api/classes/${classId}/materials`, { file_id: fileId });
  await student.post("/api/templates", { name: "Exam practice", topic: "packages", file_id: fileId });
  setId = (await student.post("/api/study_sets", { name: "Packages", file_id: fileId, topic: "packages", count: 3 })).body.id;
  // A goal under way and an unread announcement, so /goals and /notifications show their lists.
  await student.post("/api/goals", { kind: "tests_taken", target: 3 });
  await admin.post("/api/admin/announcements", { message: "The library closes early on Friday." });
  // The administrator teaches too: a class the student joined, with a test assigned and taken, for its results page.
  const taught = (await admin.post("/api/classes", { name: "Biology" })).body;
  teacherClassId = taught.id;
  await student.post("/api/classes/join", { code: taught.join_code });
  const adminId: number = (await admin.get("/api/auth/me")).body.id;
  const assignedTest = await knownTest(suite.server, adminId, [colourQuestion("Which colour is the sky on a clear day?", "Blue")]);
  await admin.post(`/api/classes/${teacherClassId}/assignments`, { test_id: assignedTest });
  await student.post("/tests/submit", { test_id: assignedTest, answers: { 0: "Blue" } });
});

/** Every page, as the person who uses it; {test}, {result}, {class} and {set} are the ids made above. */
const PAGES: (readonly [who: "anyone" | "student" | "admin", route: string])[] = [
  ...["/", "/login", "/register", "/forgot-password", "/privacy", "/terms", "/no-such-page", "/auth/error?reason=domain"].map((r) => ["anyone", r] as const),
  ...[
    "/dashboard", "/upload", "/testgenerator", "/generated-test?id={test}", "/take-test?id={test}", "/test-results?result={result}",
    "/ai-insights", "/profile", "/settings", "/classes", "/classes/{class}", "/templates", "/study-sets", "/study-sets/{set}", "/goals", "/notifications",
    "/tests/{test}/analysis",
    // A teacher's class as its member sees it (read-only, with its assignment taken).
    "/classes/{teacherClass}",
  ].map((r) => ["student", r] as const),
  // …and as its teacher (join code, assignments, members).
  ...["/admin", "/admin/analytics", "/admin/audit", "/classes/{teacherClass}", "/classes/{teacherClass}/results"].map((r) => ["admin", r] as const),
];

const withIds = (route: string) =>
  route.replace("{test}", String(testId)).replace("{result}", String(resultId)).replace("{class}", String(classId)).replace("{set}", String(setId)).replace("{teacherClass}", String(teacherClassId));

describe.each([DESKTOP, PHONE])("at %d px", (width) => {
  it.each(PAGES)("%s: %s has no serious accessibility problems", async (who, template) => {
    const route = withIds(template);
    const as = who === "student" ? student : who === "admin" ? admin : undefined;
    const page = suite.track(as ? await pageAs(suite.browser, suite.server.url, as, route, { width }) : await openPage(suite.browser, suite.server.url + route, { width }));
    await page.locator("h1").first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousA11yProblems(page), route).toEqual([]);
  });
});

/** Teachers, their classes and tests, for the teaching tests (API and browser). */
import { changeAccount } from "../../src/accounts/roles.ts";
import { newStudent } from "./accounts.ts";
import { uploadPythonErrors } from "./generation.ts";
import type { Client } from "./http.ts";
import type { TestServer } from "./server.ts";

/** Signs up an account and makes it a teacher (as an administrator would). */
export async function newTeacher(server: TestServer, name = "teacher") {
  const t = await newStudent(server.url, name);
  await changeAccount(server.app, t.id, { role: "teacher" });
  return t;
}

/** A class of `c`'s, by name; answers its body (a teacher's carries the join code). */
export async function newClass(c: Client, name = "Statistics 101") {
  const res = await c.post("/api/classes", { name });
  if (res.status !== 201) throw new Error(`class failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; join_code: string | null };
}

/**
 * A practice test of `c`'s on exceptions from the Python tutorial's chapter on errors (uploaded unless the id of
 * that file is given), by the built-in provider.
 */
export async function newTest(c: Client, fileId?: number, count = 3): Promise<{ testId: number; fileId: number }> {
  const file = fileId ?? (await uploadPythonErrors(c));
  const gen = await c.post("/api/gpt/generate", { file_id: file, topic: "exceptions", count, question_types: ["multiple_choice"] });
  if (gen.status !== 200) throw new Error(`generation failed: ${gen.status} ${JSON.stringify(gen.body)}`);
  return { testId: gen.body.test_id, fileId: file };
}

/** An ISO time `minutes` from the server's clock. */
export const inMinutes = (server: TestServer, minutes: number) => new Date(server.app.clock.now().getTime() + minutes * 60_000).toISOString();

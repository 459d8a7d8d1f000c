/** A test with questions the test itself chooses, stored through generation's own service (no provider). */
import type { Scope } from "../../src/core/context.ts";
import type { Question } from "../../src/generation/providers/types.ts";
import { insertTest } from "../../src/generation/service.ts";
import type { TestServer } from "./server.ts";

/** A multiple-choice question on the options Red, Green, Blue and Yellow. */
export const colourQuestion = (question: string, answer: string): Question => ({
  question,
  type: "multiple_choice",
  options: ["Red", "Green", "Blue", "Yellow"],
  answer,
  explanation: "",
  source_pages: [1],
});

/** The service scope of a user, as a request of theirs would have it. */
export async function scopeOf(server: TestServer, userId: number): Promise<Scope> {
  const user = await server.app.db("users").where({ id: userId }).first("id", "username", "email", "role", "is_admin", "is_verified");
  return { ...server.app, user: { ...user, is_admin: Boolean(user.is_admin), is_verified: Boolean(user.is_verified) } };
}

/** Stores a test of `userId`'s with these questions; answers its id. */
export async function knownTest(server: TestServer, userId: number, questions: Question[], name = "Colours (Easy)"): Promise<number> {
  const { test_id } = await insertTest(await scopeOf(server, userId), {
    study_material_id: null,
    name,
    topic: "colours",
    difficulty: "Easy",
    question_types: [...new Set(questions.map((q) => q.type))],
    provider: "builtin",
    model: "test",
    seed: 1,
    questions,
  });
  return test_id;
}

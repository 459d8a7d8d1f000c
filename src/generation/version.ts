import { createHash } from "node:crypto";

/**
 * A digest of a test's stored questions: changes whenever they do. An editor sends it back with each
 * change and a taker with their answers, so an edit or a submission made on questions that have since
 * changed is told so (409) instead of landing on the wrong ones.
 */
export const questionsVersion = (questionsJson: string) => createHash("sha256").update(questionsJson).digest("base64url").slice(0, 22);

/**
 * The lock (core/db.ts lockKey) under which a test's questions change and an attempt at them is graded
 * and recorded: an edit never lands between a submission's reading of the questions and its insert.
 */
export const testQuestionsLock = (testId: number) => `test-questions:${testId}`;

/**
 * A test's owner reviews its questions before anyone takes it: edit one (text, type, options, answer,
 * explanation), delete, reorder, add one by hand, or have one written again from the material.
 *
 * Every change is one transaction that reads the questions, checks them as generation checks its items
 * (validate.ts's checkItem, without grounding: a teacher may write beyond the material) and writes them
 * back only if they are still what was read, so two edits at once never lose each other. `version` (a
 * digest of the questions) lets a client say what it last saw; a stale one is a 409.
 *
 * Attempts are stored against question numbers (practice's review: index, chosen, answer, correct) and
 * shown beside the test's current questions. So once a test has been taken, or is assigned to a class
 * (its members may be taking it now), only the wording (question text, explanation) may change; anything that would change what an attempt was graded against, or which
 * question a number means (type, options, answer, adding, deleting, reordering, regenerating), is a 409.
 */
import { randomInt } from "node:crypto";
import type { Scope } from "../core/context.ts";
import { lockKey, withTransaction } from "../core/db.ts";
import { AppError, conflict, notFound } from "../core/errors.ts";
import { enqueueJob, registerJobHandler, type JobView } from "../core/jobs.ts";
import { findMaterial } from "../materials/policy.ts";
import { attemptCount } from "../practice/test-attempts.ts";
import { runPipeline } from "./pipeline.ts";
import { QUESTION_TYPES, type Difficulty, type Question } from "./providers/types.ts";
import { providerFor } from "./providers/index.ts";
import { previousQuestions } from "./repeats.ts";
import { presentTest, TEST_JOB_LIMIT } from "./service.ts";
import { EDIT_LIMITS, EDIT_MESSAGES, type EditableTest, type NewQuestionInput, type QuestionPatch, type ReorderInput } from "./edit-schema.ts";
import { checkItem, normalise } from "./validate.ts";
import { questionsVersion, testQuestionsLock } from "./version.ts";

type StoredTest = Parameters<typeof presentTest>[0];

export const REGENERATE_QUESTION_JOB = "regenerate-question";

const STALE = "The test was changed since you opened it (in another window, or by a question being written again). Reload it and make your change again.";
const LOCKED =
  "This test has already been taken, and its attempts are graded against these questions as they are. You can still correct the wording of a question or its explanation; to change answers, options or questions, generate a new test.";
const ASSIGNED =
  "This test is assigned to a class, and its members take it as it is. You can still correct the wording of a question or its explanation; to change answers, options or questions, remove the assignment or generate a new test.";

/** Why only the wording may change (taken, or assigned to a class), or null when anything may. */
async function lockedBecause(scope: Scope, id: number, attempts: number): Promise<string | null> {
  if (attempts > 0) return LOCKED;
  return (await scope.sharing.testAssigned(scope, id)) ? ASSIGNED : null;
}

/** checkItem's reasons, said to the person who wrote the question, with the field they concern. */
const REASONS: Record<string, { msg: string; field: string }> = {
  "multiple choice needs 4 options": { msg: "A multiple-choice question needs 4 options.", field: "options" },
  "options are not distinct": { msg: "The options must all be different from each other.", field: "options" },
  "the answer is not among the options": { msg: "The answer must be one of the options.", field: "answer" },
  "a true/false answer must be True or False": { msg: "A true/false answer must be True or False.", field: "answer" },
  "a short answer must be short": { msg: EDIT_MESSAGES.answerLong, field: "answer" },
  "question too short or too long": { msg: EDIT_MESSAGES.question, field: "question" },
  "duplicate question": { msg: "This test already has that question.", field: "question" },
};


/** The caller's own test: editing is the owner's alone (an administrator included), anyone else gets 404. */
async function ownTest(scope: Scope, id: number): Promise<StoredTest> {
  const row: StoredTest | undefined = await scope.db("tests").where({ id, user_id: scope.user.id }).first();
  if (!row) throw notFound("Test not found.");
  return row;
}

const outOfRange = (index: number, total: number) => notFound(`There is no question ${index} in this test (it has ${total}, numbered from 0).`);

function present(row: StoredTest, attempts: number, locked: string | null): EditableTest {
  return { ...presentTest(row), attempts, locked: locked !== null, locked_reason: locked };
}

/** The test with the version to send back with an edit. */
export async function getEditableTest(scope: Scope, id: number): Promise<EditableTest> {
  const row = await ownTest(scope, id);
  const attempts = await attemptCount(scope.db, id);
  return present(row, attempts, await lockedBecause(scope, id, attempts));
}

interface Change {
  /** The question numbers may change meaning (add, delete, reorder, regenerate): refused once taken or assigned. */
  structural: boolean;
  /** `locked`: why only the wording may change now, or null. */
  apply: (questions: Question[], locked: string | null) => Question[];
}

/** Reads, changes and writes a test's questions as one step; see the file's comment. */
async function changeQuestions(scope: Scope, id: number, version: string | undefined, change: Change): Promise<EditableTest> {
  return withTransaction(scope, async (tx) => {
    // Serialised with submissions (practice grades under the same lock), so none is graded on questions changed meanwhile.
    await lockKey(tx.db, testQuestionsLock(id));
    const row = await ownTest(tx, id);
    if (version !== undefined && version !== questionsVersion(row.questions)) throw conflict(STALE);
    const attempts = await attemptCount(tx.db, id);
    const locked = await lockedBecause(tx, id, attempts);
    if (change.structural && locked) throw conflict(locked);
    const questions = change.apply(JSON.parse(row.questions) as Question[], locked);
    const json = JSON.stringify(questions);
    // A test whose owner added or deleted questions is the size they chose, not one the material fell short of.
    const sized = questions.length === row.count ? {} : { count: questions.length, requested_count: questions.length };
    // Written only over what was read: a concurrent writer (another instance on PostgreSQL) makes this a 409.
    const written = await tx.db("tests").where({ id, questions: row.questions }).update({ questions: json, ...sized });
    if (!written) throw conflict(STALE);
    return present({ ...row, questions: json, ...sized }, attempts, locked);
  });
}

/** Checks a hand-written or edited question like a generated one; a 422 naming the field otherwise. */
function checkQuestion(raw: Question, others: Question[], field: (name: string) => (string | number)[]): Question {
  const seen = new Set(others.map((q) => normalise(q.question)));
  const checked = checkItem(raw, { pageCount: 0, types: [...QUESTION_TYPES], grounding: "none", seen });
  if (checked.ok) return checked.question;
  const said = REASONS[checked.reason] ?? { msg: `This question cannot be saved: ${checked.reason}.`, field: "question" };
  throw new AppError(422, [{ loc: field(said.field), msg: said.msg, type: "value_error" }]);
}

const bodyField = (name: string) => ["body", name];
const without = (questions: Question[], index: number) => questions.filter((_, i) => i !== index);
const sameKey = (a: Question, b: Question) => a.type === b.type && a.answer === b.answer && JSON.stringify(a.options) === JSON.stringify(b.options);

/** PATCH /api/tests/{id}/questions/{index}: the fields sent replace the question's, the rest stay. */
export async function editQuestion(scope: Scope, id: number, index: number, patch: QuestionPatch): Promise<EditableTest> {
  const { version, ...fields } = patch;
  return changeQuestions(scope, id, version, {
    structural: false,
    apply(questions, locked) {
      const current = questions[index];
      if (!current) throw outOfRange(index, questions.length);
      const merged: Question = { ...current, ...fields, options: fields.options ?? current.options };
      // Other wordings the grader accepted belong to the old answer.
      if (merged.answer !== current.answer || merged.type !== current.type) delete merged.accepted_answers;
      const question = checkQuestion(merged, without(questions, index), bodyField);
      if (locked && !sameKey(question, current)) throw conflict(locked);
      return questions.map((q, i) => (i === index ? question : q));
    },
  });
}

/** POST /api/tests/{id}/questions: a question written by hand, cited to no page. */
export async function addQuestion(scope: Scope, id: number, input: NewQuestionInput): Promise<EditableTest> {
  const { version, position, ...fields } = input;
  return changeQuestions(scope, id, version, {
    structural: true,
    apply(questions) {
      if (questions.length >= EDIT_LIMITS.questions) throw conflict(`A test holds at most ${EDIT_LIMITS.questions} questions. Delete one to add another.`);
      const at = Math.min(position ?? questions.length, questions.length);
      const question = checkQuestion({ options: [], explanation: "", source_pages: [], ...fields }, questions, bodyField);
      return [...questions.slice(0, at), question, ...questions.slice(at)];
    },
  });
}

/** DELETE /api/tests/{id}/questions/{index}. A test keeps at least one question. */
export async function deleteQuestion(scope: Scope, id: number, index: number, version?: string): Promise<EditableTest> {
  return changeQuestions(scope, id, version, {
    structural: true,
    apply(questions) {
      if (!questions[index]) throw outOfRange(index, questions.length);
      if (questions.length === 1) throw conflict("A test needs at least one question: add another before deleting this one, or delete the test.");
      return without(questions, index);
    },
  });
}

/** POST /api/tests/{id}/questions/reorder: `order` lists every current question number once, in the new order. */
export async function reorderQuestions(scope: Scope, id: number, input: ReorderInput): Promise<EditableTest> {
  return changeQuestions(scope, id, input.version, {
    structural: true,
    apply(questions) {
      const { order } = input;
      const complete = order.length === questions.length && new Set(order).size === order.length && order.every((i) => i < questions.length);
      if (!complete) throw new AppError(422, [{ loc: ["body", "order"], msg: `${EDIT_MESSAGES.order} This test has ${questions.length}.`, type: "value_error" }]);
      return order.map((i) => questions[i]!);
    },
  });
}

interface RegenerateQuestionParams {
  test_id: number;
  index: number;
  /** The question as it was asked for: it is replaced only if it is still there, unchanged. */
  original: string;
  seed: number;
}

/**
 * POST /api/tests/{id}/questions/{index}/regenerate: one question written again from the test's material,
 * as a job (the provider may take minutes), under the same per-student limit as whole tests.
 */
export async function startQuestionRegeneration(scope: Scope, id: number, index: number, version?: string): Promise<JobView> {
  const row = await ownTest(scope, id);
  if (version !== undefined && version !== questionsVersion(row.questions)) throw conflict(STALE);
  const questions = JSON.parse(row.questions) as Question[];
  const original = questions[index];
  if (!original) throw outOfRange(index, questions.length);
  const locked = await lockedBecause(scope, id, await attemptCount(scope.db, id));
  if (locked) throw conflict(locked);
  if (!row.study_material_id) throw conflict("The study material of this test was deleted, so its questions cannot be written again. Edit the question by hand instead.");
  const params: RegenerateQuestionParams = { test_id: id, index, original: JSON.stringify(original), seed: randomInt(2 ** 31) };
  return enqueueJob(scope, REGENERATE_QUESTION_JOB, params, 1, { limit: TEST_JOB_LIMIT, provider: providerFor(scope).name });
}

registerJobHandler(REGENERATE_QUESTION_JOB, async (scope, raw, control) => {
  const params = raw as RegenerateQuestionParams;
  const row = await ownTest(scope, params.test_id).catch(() => {
    throw new AppError(410, "The test was deleted before its question could be written again.");
  });
  const material = await findMaterial(scope, row.study_material_id ?? 0).catch(() => {
    throw new AppError(410, "The study material was deleted before the question could be written again.");
  });
  const original = JSON.parse(params.original) as Question;
  const provider = providerFor(scope);
  await control.progress(0, 1);
  // None of the test's questions may come back, the one replaced included (repeats.ts).
  const previous = previousQuestions(JSON.parse(row.questions) as Question[]);
  const [question] = await runPipeline(
    scope.db,
    provider,
    {
      hash: material.hash,
      pageCount: material.page_count,
      topic: row.topic,
      difficulty: row.difficulty as Difficulty,
      count: 1,
      types: [original.type],
      seed: params.seed,
      previous,
    },
    { signal: control.signal, log: scope.log },
  );
  if (!question || previous.repeats(question)) throw new AppError(422, `No new question about "${row.topic}" could be written that this test does not already have. Edit the question by hand instead.`);
  await changeQuestions(scope, params.test_id, undefined, {
    structural: true,
    apply(questions) {
      if (JSON.stringify(questions[params.index]) !== params.original) throw conflict(STALE);
      checkQuestion(question, without(questions, params.index), bodyField);
      return questions.map((q, i) => (i === params.index ? question : q));
    },
  });
  await control.progress(1, 1);
  return { test_id: params.test_id };
});

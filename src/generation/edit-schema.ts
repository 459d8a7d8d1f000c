/** Inputs and outputs of editing a stored test's questions (src/generation/edit.ts). */
import { z } from "zod";
import { boundedList, IdParams, userText, wholeNumber } from "../core/schema.ts";
import { MAX_ANSWER_CHARS, QUESTION_TYPES } from "./providers/types.ts";
import type { presentTest } from "./service.ts";

/** Bounds of a question written or edited by hand (the generator's own bounds, where it has them). */
export const EDIT_LIMITS = {
  /** The most questions a test holds: the most a generation may ask for. */
  questions: 50,
  questionMin: 8,
  question: 1000,
  options: 4,
  option: MAX_ANSWER_CHARS,
  answer: MAX_ANSWER_CHARS,
  explanation: 2000,
  version: 64,
} as const;

export const EDIT_MESSAGES = {
  question: `The question must be ${EDIT_LIMITS.questionMin} to ${EDIT_LIMITS.question.toLocaleString("en")} characters long.`,
  type: "The type must be multiple_choice, true_false or short_answer.",
  options: `A question has at most ${EDIT_LIMITS.options} options, each at most ${EDIT_LIMITS.option} characters.`,
  answerEmpty: "Give the correct answer.",
  answerLong: `The answer can be at most ${EDIT_LIMITS.answer} characters.`,
  explanation: `The explanation can be at most ${EDIT_LIMITS.explanation.toLocaleString("en")} characters.`,
  version: "The version must be the one the test was read with.",
  nothing: "Say what to change: question, type, options, answer or explanation.",
  order: "The order must list every question's number (0, 1, …) exactly once.",
  position: `The position must be a whole number from 0 to ${EDIT_LIMITS.questions}.`,
  index: "The question number must be a whole number from 0.",
} as const;

const text = (min: number, max: number, message: string) => userText().pipe(z.string().min(min, message).max(max, message));
const questionText = () => z.string({ error: EDIT_MESSAGES.question }).pipe(text(EDIT_LIMITS.questionMin, EDIT_LIMITS.question, EDIT_MESSAGES.question));
const questionType = () => z.enum(QUESTION_TYPES, { error: EDIT_MESSAGES.type });
const options = () =>
  boundedList(z.string({ error: EDIT_MESSAGES.options }).pipe(text(0, EDIT_LIMITS.option, EDIT_MESSAGES.options)), EDIT_LIMITS.options, EDIT_MESSAGES.options);
const answer = () =>
  z.string({ error: EDIT_MESSAGES.answerEmpty }).pipe(userText()).pipe(z.string().min(1, EDIT_MESSAGES.answerEmpty).max(EDIT_LIMITS.answer, EDIT_MESSAGES.answerLong));
const explanation = () => z.string({ error: EDIT_MESSAGES.explanation }).pipe(text(0, EDIT_LIMITS.explanation, EDIT_MESSAGES.explanation));
/**
 * What the caller last read (`version` of an answer below). Optional, like HTTP's If-Match: when sent,
 * an edit to a test that changed since is refused with 409 instead of applied to questions the caller
 * has not seen. The UI always sends it.
 */
const version = () => z.string({ error: EDIT_MESSAGES.version }).max(EDIT_LIMITS.version, EDIT_MESSAGES.version).optional();

/** `/api/tests/{id}/questions/{index}`: the test and a 0-based question number (one past the end is a 404, not a 422). */
export const QuestionParams = IdParams.extend({
  index: wholeNumber(EDIT_MESSAGES.index).pipe(z.number().min(0, EDIT_MESSAGES.index).max(2 ** 31, EDIT_MESSAGES.index)),
});

/** PATCH: the fields to change; the rest of the question stays as it is. */
export const QuestionPatch = z
  .object({
    version: version(),
    question: questionText().optional(),
    type: questionType().optional(),
    options: options().optional(),
    answer: answer().optional(),
    explanation: explanation().optional(),
  })
  .refine((p) => ["question", "type", "options", "answer", "explanation"].some((k) => p[k as keyof typeof p] !== undefined), { message: EDIT_MESSAGES.nothing });
export type QuestionPatch = z.infer<typeof QuestionPatch>;

/** POST /api/tests/{id}/questions: a question written by hand, at `position` (default: the end). */
export const NewQuestionInput = z.object({
  version: version(),
  question: questionText(),
  type: questionType(),
  options: options().optional(),
  answer: answer(),
  explanation: explanation().optional(),
  position: wholeNumber(EDIT_MESSAGES.position).pipe(z.number().min(0, EDIT_MESSAGES.position).max(EDIT_LIMITS.questions, EDIT_MESSAGES.position)).optional(),
});
export type NewQuestionInput = z.infer<typeof NewQuestionInput>;

/** POST /api/tests/{id}/questions/reorder: the current question numbers in their new order. */
export const ReorderInput = z.object({
  version: version(),
  order: boundedList(wholeNumber(EDIT_MESSAGES.order).pipe(z.number().min(0, EDIT_MESSAGES.order)), EDIT_LIMITS.questions, EDIT_MESSAGES.order),
});
export type ReorderInput = z.infer<typeof ReorderInput>;

/** DELETE …/questions/{index}?version=… (a DELETE carries no body through every proxy). */
export const VersionQuery = z.object({ version: version() });

/** POST …/questions/{index}/regenerate: `async` answers 202 with the job instead of waiting for it. */
export const RegenerateQuestionInput = z.object({ version: version(), async: z.boolean({ error: "async must be true or false." }).optional() });

/**
 * A test as its owner edits it: the test (as GET /api/tests/{id} shows it), the version to send back,
 * how many attempts were submitted, and why only wording may change (taken, or assigned to a class), if it may.
 */
export type EditableTest = ReturnType<typeof presentTest> & { attempts: number; locked: boolean; locked_reason: string | null };

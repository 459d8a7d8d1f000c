import { z } from "zod";
import { boundedList, userText, wholeNumber } from "../core/schema.ts";
import { DIFFICULTIES, QUESTION_TYPES } from "./providers/types.ts";

const caseless = <T extends readonly string[]>(values: T) => (v: unknown) =>
  typeof v === "string" ? (values.find((x) => x.toLowerCase() === v.trim().toLowerCase()) ?? v) : v;

export const COUNT_MESSAGE = "Number of questions must be between 1 and 50.";
const TYPES_MESSAGE = "Question types must be a list of multiple_choice, true_false and short_answer.";

/** POST /gpt/generate: the spec's {file_id, prompt}, plus structured fields that win over the sentence. */
export const GenerateInput = z.object({
  file_id: wholeNumber("Select a study material.").pipe(z.number().positive("Select a study material.").max(2 ** 31, "Select a study material.")).optional(),
  prompt: userText().pipe(z.string().max(1000, "The prompt is too long (at most 1,000 characters).")).optional(),
  topic: userText().pipe(z.string().min(1, "Topic is required.").max(200, "The topic is too long (at most 200 characters).")).optional(),
  difficulty: z.preprocess(caseless(DIFFICULTIES), z.enum(DIFFICULTIES, { error: "Difficulty must be Easy, Medium or Hard." })).optional(),
  count: wholeNumber(COUNT_MESSAGE).pipe(z.number().min(1, COUNT_MESSAGE).max(50, COUNT_MESSAGE)).optional(),
  // At most one of each type: a longer list is refused before its entries are read.
  question_types: boundedList(z.enum(QUESTION_TYPES, { error: TYPES_MESSAGE }), QUESTION_TYPES.length, TYPES_MESSAGE)
    .pipe(z.array(z.enum(QUESTION_TYPES)).min(1, "Choose at least one question type."))
    .optional(),
  seed: z.number().int().min(0).max(2 ** 31).optional(),
  async: z.boolean().optional(),
});
export type GenerateInput = z.infer<typeof GenerateInput>;

export const TestQuery = z.object({ mode: z.enum(["take", "review"]).optional() });
export const RegenerateInput = z.object({ async: z.boolean().optional() });

/** GET /api/tests/{id}: the test's record beside its questions (test_metadata), as presentTest answers. */
export const TestInfo = z.object({
  test_id: z.number().int(),
  name: z.string(),
  study_material_id: z.number().int().nullable(),
  created_at: z.string(),
  /** "openai", "ollama", "builtin" (or "study-set" for a test made of a set's cards). */
  provider: z.string(),
  model: z.string(),
  /** How many questions were asked for: more than the test holds when the material grounded only some. */
  requested_count: z.number().int(),
  /** For a regenerated test: the test it replaced, and how many of that test's questions came back anyway. */
  regenerated_from: z.number().int().nullable(),
  repeated_count: z.number().int().nullable(),
});
export type TestInfo = z.infer<typeof TestInfo>;

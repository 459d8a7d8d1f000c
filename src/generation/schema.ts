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

import { z } from "zod";
import { wholeNumber } from "../core/schema.ts";

/** More answers than any test has questions (50 generated, room for teachers' additions). */
export const MAX_ANSWERS = 200;
const ANSWERS_MESSAGE = "answers must map question indexes to answers.";

export const SubmitInput = z.object({
  /** The questions' version the answers were given on (GET /api/tests/{id}?mode=take); optional for older clients. */
  version: z.string({ error: "version must be text." }).max(64, "version is too long.").optional(),
  test_id: wholeNumber("test_id is required.").pipe(z.number().positive("test_id is required.").max(2 ** 31, "test_id is required.")),
  // The number of keys is checked before any key or value, so a 10,000-key map costs one step.
  answers: z
    .record(z.string(), z.unknown(), { error: ANSWERS_MESSAGE })
    .refine((answers) => Object.keys(answers).length <= MAX_ANSWERS, `A test has at most ${MAX_ANSWERS} questions to answer.`)
    .pipe(
      z
        .record(z.string(), z.union([z.string().max(2000, "An answer is too long (at most 2,000 characters)."), z.null()], { error: "An answer must be text or null." }))
        .superRefine((answers, ctx) => {
          for (const key of Object.keys(answers)) {
            if (!/^(0|[1-9]\d{0,2})$/.test(key)) ctx.addIssue({ code: "custom", path: [key], message: "Answers are keyed by question index (0, 1, 2, …)." });
          }
        }),
    ),
});
export type SubmitInput = z.infer<typeof SubmitInput>;

/** The same header as every route that takes one (src/core/idempotency.ts). */
export { IdempotencyKeyHeader as IdempotencyKey } from "../core/idempotency.ts";

import { z } from "zod";

export const SubmitInput = z.object({
  test_id: z.coerce.number({ error: "test_id is required." }).int().positive("test_id is required.").max(2 ** 31),
  answers: z
    .record(z.string(), z.union([z.string().max(2000, "An answer is too long (at most 2,000 characters)."), z.null()]), {
      error: "answers must map question indexes to answers.",
    })
    .superRefine((answers, ctx) => {
      for (const key of Object.keys(answers)) {
        if (!/^\d{1,3}$/.test(key)) ctx.addIssue({ code: "custom", path: [key], message: "Answers are keyed by question index (0, 1, 2, …)." });
      }
    }),
});
export type SubmitInput = z.infer<typeof SubmitInput>;

export const IdempotencyKey = z.string().trim().min(1).max(128, "Idempotency-Key is too long (at most 128 characters).");

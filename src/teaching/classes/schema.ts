import { z } from "zod";
import { IdParams } from "../../core/schema.ts";

const CODE_REQUIRED = "Enter the class's join code.";
const EMAIL_REQUIRED = "Enter the student's e-mail address.";

/** POST /api/classes/join. */
export const JoinInput = z.object({
  code: z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(32, "A join code is 8 letters and digits."),
});

/** POST /api/classes/{id}/members. */
export const MemberInput = z.object({
  email: z.string({ error: EMAIL_REQUIRED }).trim().toLowerCase().min(1, EMAIL_REQUIRED).max(254, "That e-mail address is too long.").pipe(z.email("Enter a valid e-mail address.")),
});

/** `/api/classes/{id}/members/{user_id}`. */
export const MemberParams = IdParams.extend({ user_id: IdParams.shape.id });

/** POST /api/classes/{id}/join-code. */
export interface JoinCodeOut {
  join_code: string;
}

export type { MemberOut } from "../assignments/queries.ts";

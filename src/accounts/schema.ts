import { z } from "zod";
import { ROLES } from "../core/context.ts";

const email = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email must be at most 254 characters.")
  .pipe(z.email("Enter a valid email address."))
  .transform((e) => e.toLowerCase());

const username = z
  .string({ error: "Username is required." })
  .trim()
  .min(1, "Username is required.")
  .min(3, "Username must be at least 3 characters.")
  .max(32, "Username must be at most 32 characters.")
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may contain only letters, digits, _ . and -.");

export const password = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .min(6, "Password must be at least 6 characters.")
  .max(128, "Password must be at most 128 characters.");

export const RegisterInput = z.object({ username, email, password });
export type RegisterInput = z.infer<typeof RegisterInput>;

export const LoginInput = z.object({
  email: z.string({ error: "Email is required." }).trim().min(1, "Email is required.").max(254).transform((e) => e.toLowerCase()),
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(1024),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const EmailInput = z.object({ email });

export const ResetPasswordInput = z.object({
  token: z.string({ error: "Missing token." }).min(1, "Missing token.").max(256),
  new_password: password,
});

const blankIsMissing = (v: unknown) => (v === "" || v === null ? undefined : v);

export const CURRENT_PASSWORD_REQUIRED = "Enter your current password to change your email or password.";

export const ProfileInput = z.object({
  username,
  email,
  // Blank or missing keeps the current password (spec: sent only if filled).
  password: z.preprocess(blankIsMissing, password.optional()),
  // Required (by the service) for a new password or e-mail, so a stolen session cannot take the account over.
  current_password: z.preprocess(blankIsMissing, z.string({ error: CURRENT_PASSWORD_REQUIRED }).max(1024).optional()),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const DeleteAccountInput = z.object({
  password: z.string({ error: "Enter your password to delete your account." }).min(1, "Enter your password to delete your account.").max(1024),
});

export const UserOut = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  is_admin: z.boolean(),
  is_verified: z.boolean(),
});
export type UserOut = z.infer<typeof UserOut>;

/** One of the user's sessions (`GET /api/auth/sessions`). */
export const SessionOut = z.object({
  id: z.number(),
  /** In plain words, e.g. "Chrome on Linux". */
  device: z.string(),
  /** The network address it was last seen from. */
  ip_address: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionOut = z.infer<typeof SessionOut>;

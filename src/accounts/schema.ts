import { z } from "zod";

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

export const ProfileInput = z.object({
  username,
  email,
  // Blank or missing keeps the current password (spec: sent only if filled).
  password: z.preprocess((v) => (v === "" || v === null ? undefined : v), password.optional()),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const DeleteAccountInput = z.object({
  password: z.string({ error: "Enter your password to delete your account." }).min(1, "Enter your password to delete your account.").max(1024),
});

export const UserOut = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_verified: z.boolean(),
});
export type UserOut = z.infer<typeof UserOut>;

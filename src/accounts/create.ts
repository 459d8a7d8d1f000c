/**
 * Accounts made by an administrator (`studyforge users create`), not by signing up: the same rules for
 * e-mail, username and password as sign-up, a role chosen up front, and either a password or a
 * one-time link the person follows to set their own.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { AppContext } from "../core/context.ts";
import { conflict } from "../core/errors.ts";
import { ROLES, findUser, type DirectoryUser } from "./directory.ts";
import { hashPassword } from "./passwords.ts";
import { roleColumns } from "./roles.ts";
import { RegisterInput, password } from "./schema.ts";
import { issueResetLink } from "./reset-link.ts";
import { usernameKey } from "./users.ts";

export const CreateAccountInput = RegisterInput.pick({ username: true, email: true }).extend({
  password: password.optional(),
  role: z.enum(ROLES, { error: "role must be student, teacher or admin." }).default("student"),
});
export type CreateAccountInput = z.infer<typeof CreateAccountInput>;

export interface CreatedAccount {
  user: DirectoryUser;
  /** Without a password: the link that sets one (single use; a reset link's lifetime). */
  setPasswordLink: string | null;
}

/** The unique index a failed insert hit, as the sign-up form words it. */
function clashMessage(err: unknown): string | undefined {
  const message = String((err as Error)?.message);
  if (!/UNIQUE constraint failed|duplicate key/i.test(message)) return undefined;
  return /email/i.test(message) ? "That email is already registered." : "That username is already taken.";
}

/**
 * The new account's password hash. Hash before the transaction that creates the account: scrypt takes
 * a tenth of a second, and a transaction holds SQLite's write lock from its first statement. Without a
 * password the account gets one nobody knows, until the link sets a real one.
 */
export const newAccountPasswordHash = (input: CreateAccountInput) => hashPassword(input.password ?? randomBytes(32).toString("base64url"));

/**
 * Creates a verified account (an administrator vouches for the address). Run it inside the caller's
 * transaction with the audit entry, so both commit or neither does.
 */
export async function createAccount(app: AppContext, input: CreateAccountInput, password_hash: string): Promise<CreatedAccount> {
  const now = app.clock.now().toISOString();
  let id: number;
  try {
    const [row] = await app
      .db("users")
      .insert({
        username: input.username,
        username_key: usernameKey(input.username),
        email: input.email,
        password_hash,
        // Without one, the hash is random until the set-password link is used.
        password_set: Boolean(input.password),
        ...roleColumns(input.role),
        is_verified: true,
        created_at: now,
        updated_at: now,
      })
      .returning("id");
    id = typeof row === "object" ? row.id : row;
  } catch (err) {
    const clash = clashMessage(err);
    throw clash ? conflict(clash) : err;
  }
  const user = (await findUser(app.db, id))!;
  if (input.password) return { user, setPasswordLink: null };
  return { user, setPasswordLink: await issueResetLink(app, user) };
}

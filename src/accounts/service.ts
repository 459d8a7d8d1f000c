import type { AppContext, Scope, SessionUser } from "../core/context.ts";
import { AppError, conflict, forbidden, unauthorized } from "../core/errors.ts";
import { RATE_RULES } from "../core/rate-limit.ts";
import { resetMail, verificationMail } from "./mails.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords.ts";
import type { LoginInput, ProfileInput, RegisterInput } from "./schema.ts";
import { signSession } from "./sessions.ts";
import { consumeToken, issueToken } from "./tokens.ts";
import { toSessionUser, usernameKey, type UserRow } from "./users.ts";
import { releaseUserData } from "./cleanup.ts";

export const RESET_SENT_MESSAGE = "If the email exists, we've sent a reset link. Please check your inbox.";
export const VERIFICATION_SENT_MESSAGE = "If that account still needs verifying, we've sent a new link. Please check your inbox.";

const findByEmail = (app: AppContext, email: string): Promise<UserRow | undefined> => app.db("users").where({ email }).first();
const findById = (app: AppContext, id: number): Promise<UserRow | undefined> => app.db("users").where({ id }).first();

/** Says which of username and e-mail is taken, as a 409 the sign-up and settings forms show. */
async function assertAvailable(app: AppContext, username: string, email: string, exceptId?: number) {
  const clash = await app.db("users")
    .where((q) => q.where({ email }).orWhere({ username_key: usernameKey(username) }))
    .modify((q) => {
      if (exceptId) q.whereNot({ id: exceptId });
    })
    .select("email");
  if (clash.some((u: { email: string }) => u.email === email)) throw conflict("That email is already registered.");
  if (clash.length) throw conflict("That username is already taken.");
}

async function sendVerification(app: AppContext, user: { id: number; username: string; email: string }) {
  const token = await issueToken(app, user.id, "verify", user.email);
  await app.mail.send(verificationMail(user.email, user.username, `${app.config.publicUrl}/verify-email?token=${token}`));
}

/** A mail that could not be sent must not undo the sign-up or profile change; it can be resent. */
async function sendVerificationSafely(app: AppContext, user: { id: number; username: string; email: string }) {
  try {
    await sendVerification(app, user);
  } catch (err) {
    app.log.warn({ err, user_id: user.id }, "verification mail not sent; the user can ask again");
  }
}

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed|duplicate key/i.test(String((err as Error)?.message));

/** Signs a user up. The first account on an installation without an admin becomes the admin. */
export async function register(app: AppContext, input: RegisterInput): Promise<{ user: SessionUser; token: string }> {
  await assertAvailable(app, input.username, input.email);
  const password_hash = await hashPassword(input.password);
  const now = app.clock.now().toISOString();
  let id: number;
  try {
    id = await app.db.transaction(async (trx) => {
      const hasAdmin = await trx("users").where({ is_admin: true }).first("id");
      const [row] = await trx("users")
        .insert({
          username: input.username,
          username_key: usernameKey(input.username),
          email: input.email,
          password_hash,
          is_admin: !hasAdmin,
          is_verified: false,
          created_at: now,
          updated_at: now,
        })
        .returning("id");
      return typeof row === "object" ? row.id : row;
    });
  } catch (err) {
    // Two sign-ups racing for one name: the loser gets the same answer as a plain clash.
    if (isUniqueViolation(err)) await assertAvailable(app, input.username, input.email);
    throw err;
  }
  const row = (await findById(app, id))!;
  if (row.is_admin) app.log.info({ user_id: id }, "the first account became the administrator");
  await sendVerificationSafely(app, row);
  return { user: toSessionUser(row), token: await signSession(app, row) };
}

export async function login(app: AppContext, input: LoginInput): Promise<{ user: SessionUser; token: string }> {
  const key = `login-failed:${input.email}`;
  // Counted before the (slow) password check and forgiven on success, so a burst of parallel
  // guesses cannot all slip in before the first failure is recorded.
  app.limits.hit(key, RATE_RULES.failedLoginPerAccount);
  const row = await findByEmail(app, input.email);
  // Verify against a dummy hash when the address is unknown: the same answer in about the same time.
  const ok = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !ok) throw unauthorized("Incorrect email or password.");
  app.limits.reset(key);
  return { user: toSessionUser(row), token: await signSession(app, row) };
}

/** Ends every session of the user, this one included. */
export async function logoutEverywhere(scope: Scope): Promise<void> {
  await scope.db("users").where({ id: scope.user.id }).increment("session_version", 1);
}

/** Follows a verification link: true when it verified the address it was sent to. */
export async function verifyEmail(app: AppContext, token: string): Promise<boolean> {
  const used = await consumeToken(app, token, "verify");
  if (!used) return false;
  // A link sent to an address the user has since changed verifies nothing.
  const updated = await app.db("users")
    .where({ id: used.userId, email: used.email })
    .update({ is_verified: true, updated_at: app.clock.now().toISOString() });
  return updated === 1;
}

export async function resendVerification(app: AppContext, email: string): Promise<string> {
  app.limits.hit(`mail:${email}`, RATE_RULES.mailPerEmail);
  const row = await findByEmail(app, email);
  if (row && !row.is_verified) await sendVerification(app, row);
  return VERIFICATION_SENT_MESSAGE;
}

export async function forgotPassword(app: AppContext, email: string): Promise<string> {
  app.limits.hit(`mail:${email}`, RATE_RULES.mailPerEmail);
  const row = await findByEmail(app, email);
  if (row) {
    const token = await issueToken(app, row.id, "reset", row.email);
    await app.mail.send(resetMail(row.email, row.username, `${app.config.publicUrl}/reset-password?token=${token}`));
  }
  return RESET_SENT_MESSAGE;
}

/** Sets a new password from a reset link and ends every session of that user. */
export async function resetPassword(app: AppContext, token: string, newPassword: string): Promise<string> {
  const used = await consumeToken(app, token, "reset");
  if (!used) throw new AppError(400, "Invalid or expired reset link.");
  await app.db("users")
    .where({ id: used.userId })
    .update({
      password_hash: await hashPassword(newPassword),
      session_version: app.db.raw("session_version + 1"),
      updated_at: app.clock.now().toISOString(),
    });
  return "Your password has been reset. You can now log in.";
}

/**
 * Updates username, e-mail and (when given) password. A new e-mail must be verified again;
 * a new password ends the user's other sessions, so the caller gets a fresh token for this one.
 */
export async function updateProfile(scope: Scope, input: ProfileInput): Promise<{ user: SessionUser; token?: string }> {
  await assertAvailable(scope, input.username, input.email, scope.user.id);
  const current = (await findById(scope, scope.user.id))!;
  const emailChanged = input.email !== current.email;
  const changes: Partial<UserRow> & Record<string, unknown> = {
    username: input.username,
    username_key: usernameKey(input.username),
    email: input.email,
    updated_at: scope.clock.now().toISOString(),
  };
  if (emailChanged) changes.is_verified = false;
  // Switching the address back and forth must not flood someone's inbox with verification mails.
  if (emailChanged) scope.limits.hit(`mail:${input.email}`, RATE_RULES.mailPerEmail);
  if (input.password) {
    changes.password_hash = await hashPassword(input.password);
    changes.session_version = current.session_version + 1;
  }
  try {
    await scope.db("users").where({ id: current.id }).update(changes);
  } catch (err) {
    if (isUniqueViolation(err)) await assertAvailable(scope, input.username, input.email, scope.user.id);
    throw err;
  }
  const row = (await findById(scope, current.id))!;
  if (emailChanged) await sendVerificationSafely(scope, row);
  return { user: toSessionUser(row), token: input.password ? await signSession(scope, row) : undefined };
}

/** Deletes the account and everything it owns, after checking the password. */
export async function deleteAccount(scope: Scope, password: string): Promise<void> {
  const row = await findById(scope, scope.user.id);
  if (!row) return;
  if (!(await verifyPassword(password, row.password_hash))) throw forbidden("The password is incorrect.");
  // Without an admin, the next sign-up would become one: the last admin stays until there is another.
  if (row.is_admin && !(await scope.db("users").where({ is_admin: true }).whereNot({ id: row.id }).first("id"))) {
    throw conflict("You are the only administrator, so your account cannot be deleted until another administrator exists.");
  }
  await releaseUserData(scope, row.id);
}

/** Said in the log at start while nobody can administer the installation. */
export async function hasAdmin(app: AppContext): Promise<boolean> {
  return Boolean(await app.db("users").where({ is_admin: true }).first("id"));
}

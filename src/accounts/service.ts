import { runInBackground } from "../core/background.ts";
import type { AppContext, Scope, SessionUser } from "../core/context.ts";
import { AppError, conflict, forbidden, invalid, notFound, unauthorized } from "../core/errors.ts";
import { countedCheck, issueDeviceToken, limitMail, loginBuckets, passwordCheckBuckets } from "./limits.ts";
import { verificationMail } from "./mails.ts";
import { issueResetLink, mailResetLink } from "./reset-link.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords.ts";
import { CURRENT_PASSWORD_REQUIRED, type LoginInput, type ProfileInput, type RegisterInput } from "./schema.ts";
import { endSession, endSessions, renewSession, startSession, type Client, type SessionScope } from "./sessions.ts";
import { consumeToken, findUsableToken, issueToken, markUsed, revokeTokens } from "./tokens.ts";
import { toSessionUser, usernameKey, type UserRow } from "./users.ts";
import { releaseUserData } from "./cleanup.ts";
import { noteActivity } from "./directory.ts";
import { assertAnotherAdmin, roleColumns } from "./roles.ts";
import { withTransaction } from "../core/db.ts";
import { NO_PASSWORD_YET, PASSWORD_LOGIN_OFF } from "./oidc/schema.ts";

export const RESET_SENT_MESSAGE = "If the email exists, we've sent a reset link. Please check your inbox.";
export const VERIFICATION_SENT_MESSAGE = "If that account still needs verifying, we've sent a new link. Please check your inbox.";
const INVALID_RESET_LINK = "Invalid or expired reset link.";

/** A sign-in's result: the user, their session token, and this browser's device token (limits.ts). */
export interface SignedIn {
  user: SessionUser;
  token: string;
  device: string;
}

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


export const DISABLED_MESSAGE = "This account has been disabled. Ask your school's administrator.";

/** Starts a session for the account (a password login, a sign-in with a provider). */
export async function signIn(app: AppContext, row: UserRow, client: Client): Promise<SignedIn> {
  noteActivity(app, row.id);
  return { user: toSessionUser(row), token: await startSession(app, row, client), device: await issueDeviceToken(app, row) };
}

/** PASSWORD_LOGIN=false: a school that signs in only with its provider (the CLI still sets passwords). */
function assertPasswordLogin(app: AppContext) {
  if (!app.config.passwordLogin) throw forbidden(PASSWORD_LOGIN_OFF);
}

/** Signs a user up. The first account on an installation without an admin becomes the admin. */
export async function register(app: AppContext, input: RegisterInput, client: Client): Promise<SignedIn> {
  assertPasswordLogin(app);
  await assertAvailable(app, input.username, input.email);
  const password_hash = await hashPassword(input.password);
  const now = app.clock.now().toISOString();
  let id: number;
  try {
    id = await app.db.transaction(async (trx) => {
      const hasAdmin = await trx("users").where({ role: "admin" }).first("id");
      const [row] = await trx("users")
        .insert({
          username: input.username,
          username_key: usernameKey(input.username),
          email: input.email,
          password_hash,
          ...roleColumns(hasAdmin ? "student" : "admin"),
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
  if (row.role === "admin") app.log.info({ user_id: id }, "the first account became the administrator");
  await sendVerificationSafely(app, row);
  return signIn(app, row, client);
}

/** Logs in; `client.device` is the browser's device token, if it has one (limits.ts). */
export async function login(app: AppContext, input: LoginInput, client: Client & { device?: string }): Promise<SignedIn> {
  assertPasswordLogin(app);
  const row = await findByEmail(app, input.email);
  const buckets = await loginBuckets(app, { email: input.email, ip: client.ip, device: client.device, user: row });
  // Verify against a dummy hash when the address is unknown: the same answer in about the same time.
  const ok = await countedCheck(app.limits, buckets, () => verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH));
  if (!row || !ok) throw unauthorized("Incorrect email or password.");
  // Said only to someone who knows the password: it reveals nothing to a guesser.
  if (row.disabled) throw forbidden(DISABLED_MESSAGE);
  return signIn(app, row, client);
}

/** Ends the session the request came with (a token of it no longer works, as cookie or bearer). */
export async function logout(scope: SessionScope): Promise<void> {
  await endSession(scope, scope.user.id, scope.sessionId);
}

/** Ends every session of the user, this one included. */
export async function logoutEverywhere(scope: Scope): Promise<void> {
  await withTransaction(scope, async (trx) => {
    await trx.db("users").where({ id: scope.user.id }).increment("session_version", 1);
    await endSessions(trx, scope.user.id);
  });
}

/** Ends one of the user's sessions (a device they no longer use); another user's is 404. */
export async function endOneSession(scope: Scope, id: number): Promise<void> {
  if (!(await endSession(scope, scope.user.id, id))) throw notFound("No such session.");
}

/** Follows a verification link: true when it verified the address it was sent to. */
export async function verifyEmail(app: AppContext, token: string): Promise<boolean> {
  const used = await consumeToken(app, token, "verify");
  if (!used) return false;
  // The address may have changed between the token check and now: verify only the one mailed.
  const updated = await app.db("users")
    .where({ id: used.userId, email: used.email })
    .update({ is_verified: true, updated_at: app.clock.now().toISOString() });
  return updated === 1;
}

/**
 * The two "mail me a link" calls answer at once, the same for any address: the lookup and the
 * mail happen after the answer, so neither the answer nor its timing says whether an account exists.
 */
async function mailLater(app: AppContext, email: string, client: Client, what: string, send: (row: UserRow) => Promise<void>) {
  await limitMail(app.limits, email, client.ip);
  runInBackground(app, what, async () => {
    const row = await findByEmail(app, email);
    if (row) await send(row);
  });
}

export async function resendVerification(app: AppContext, email: string, client: Client): Promise<string> {
  await mailLater(app, email, client, "verification mail", async (row) => {
    if (!row.is_verified) await sendVerification(app, row);
  });
  return VERIFICATION_SENT_MESSAGE;
}

export async function forgotPassword(app: AppContext, email: string, client: Client): Promise<string> {
  await mailLater(app, email, client, "reset mail", async (row) => mailResetLink(app, row, await issueResetLink(app, row)));
  return RESET_SENT_MESSAGE;
}

/**
 * Sets a new password from a reset link: every session of the user ends, and every other link
 * mailed to them stops working (an older reset mail must not set the password again).
 */
export async function resetPassword(app: AppContext, token: string, newPassword: string): Promise<string> {
  // Checked before hashing, so made-up tokens cost no scrypt.
  const found = await findUsableToken(app, token, "reset");
  if (!found) throw new AppError(400, INVALID_RESET_LINK);
  const password_hash = await hashPassword(newPassword);
  await withTransaction(app, async (trx) => {
    if (!(await markUsed(trx, found.id))) throw new AppError(400, INVALID_RESET_LINK);
    const updated = await trx.db("users")
      .where({ id: found.userId, email: found.email })
      .update({ password_hash, password_set: true, session_version: trx.db.raw("session_version + 1"), updated_at: app.clock.now().toISOString() });
    if (updated !== 1) throw new AppError(400, INVALID_RESET_LINK);
    await revokeTokens(trx, found.userId);
    await endSessions(trx, found.userId);
  });
  return "Your password has been reset. You can now log in.";
}

/**
 * Asks for the current password again before something a stolen session must not do alone
 * (a new password or e-mail, deleting the account). Wrong answers count per session and account.
 */
async function confirmPassword(scope: SessionScope, row: UserRow, password: string | undefined, wrong: string) {
  // An account made by signing in with a provider has a random password nobody knows: say how to get one.
  if (!row.password_set) throw forbidden(NO_PASSWORD_YET);
  if (!password) throw invalid(CURRENT_PASSWORD_REQUIRED, ["body", "current_password"]);
  const ok = await countedCheck(scope.limits, passwordCheckBuckets(row.id, scope.sessionId), () => verifyPassword(password, row.password_hash));
  if (!ok) throw forbidden(wrong);
}

/**
 * Updates username, e-mail and (when given) password; a new e-mail or password needs the current
 * password. A new e-mail must be verified again; a new password ends the user's other sessions,
 * so the caller gets a fresh token for this one. Either makes every link mailed before unusable.
 */
export async function updateProfile(scope: SessionScope, input: ProfileInput, client: Client): Promise<{ user: SessionUser; token?: string; device?: string }> {
  const current = (await findById(scope, scope.user.id))!;
  const emailChanged = input.email !== current.email;
  if (emailChanged || input.password) await confirmPassword(scope, current, input.current_password, "The current password is incorrect.");
  await assertAvailable(scope, input.username, input.email, current.id);
  const changes: Record<string, unknown> = {
    username: input.username,
    username_key: usernameKey(input.username),
    email: input.email,
    updated_at: scope.clock.now().toISOString(),
  };
  // Switching the address back and forth must not flood someone's inbox with verification mails.
  if (emailChanged) {
    await limitMail(scope.limits, input.email, client.ip);
    changes.is_verified = false;
  }
  if (input.password) {
    changes.password_hash = await hashPassword(input.password);
    changes.session_version = current.session_version + 1;
  }
  try {
    await withTransaction(scope, async (trx) => {
      await trx.db("users").where({ id: current.id }).update(changes);
      if (emailChanged || input.password) await revokeTokens(trx, current.id);
      if (input.password) await endSessions(trx, current.id, scope.sessionId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) await assertAvailable(scope, input.username, input.email, current.id);
    throw err;
  }
  const row = (await findById(scope, current.id))!;
  if (emailChanged) await sendVerificationSafely(scope, row);
  if (!input.password) return { user: toSessionUser(row) };
  // The new session version ended every device's trust (limits.ts); this browser proved itself just now.
  const token = await renewSession(scope, { userId: row.id, id: scope.sessionId, version: row.session_version });
  return { user: toSessionUser(row), token, device: await issueDeviceToken(scope, row) };
}

/** Deletes the account and everything it owns, after checking the password. */
export async function deleteAccount(scope: SessionScope, password: string): Promise<void> {
  const row = await findById(scope, scope.user.id);
  if (!row) return;
  await confirmPassword(scope, row, password, "The password is incorrect.");
  // Without an admin, the next sign-up would become one: the last admin stays until there is another.
  await releaseUserData(scope, row.id, async (trx) => {
    if (row.role === "admin") await assertAnotherAdmin(trx, row.id, "deleteOwn");
  });
}

/** Said in the log at start while nobody can administer the installation. */
export async function hasAdmin(app: AppContext): Promise<boolean> {
  return Boolean(await app.db("users").where({ role: "admin", disabled: false }).first("id"));
}

/**
 * Signing in with a school's OpenID Connect provider: which StudyForge account a verified ID token
 * belongs to (README, "School sign-in"). Matched by the provider's subject once linked; else by an
 * e-mail the provider vouches for; else a new account when the address is from an allowed domain.
 */
import { randomBytes } from "node:crypto";
import type { AppContext, Scope } from "../../core/context.ts";
import type { OidcProviderConfig } from "../../core/config.ts";
import { lockKey, withTransaction } from "../../core/db.ts";
import { conflict, notFound } from "../../core/errors.ts";
import { hashPassword } from "../passwords.ts";
import { roleColumns } from "../roles.ts";
import { signIn, type SignedIn } from "../service.ts";
import { endSessions, type Client } from "../sessions.ts";
import { revokeTokens } from "../tokens.ts";
import { usernameKey, type UserRow } from "../users.ts";
import type { OidcClaims } from "./client.ts";
import { providerEmail } from "./email.ts";
import { auditTakeover, newAccountRole, providerRole, syncRole } from "./provider-role.ts";
import { findIdentity, identitiesOf, linkIdentity, unlinkIdentity } from "./identities.ts";
import { UNLINK_LAST, UNLINK_ONLY_WAY, type IdentitiesOut, type OidcFailure, type ProvidersOut } from "./schema.ts";

/** A sign-in the rules refuse; the page names the reason (schema.ts) and, where it helps, the address. */
export class SignInRefused extends Error {
  readonly reason: OidcFailure;
  readonly email?: string;
  constructor(reason: OidcFailure, email?: string) {
    super(`sign-in refused: ${reason}`);
    this.reason = reason;
    this.email = email;
  }
}

export const providerById = (app: AppContext, id: string): OidcProviderConfig | undefined => app.config.oidcProviders.find((p) => p.id === id);

export function listProviders(app: AppContext): ProvidersOut {
  return { providers: app.config.oidcProviders.map((p) => ({ id: p.id, name: p.name })), password_login: app.config.passwordLogin };
}

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1);

/** The claim's address as stored (email.ts); undefined without one; refused when it cannot be used as given. */
function claimedEmail(claims: OidcClaims): string | undefined {
  if (claims.email === undefined) return undefined;
  const email = providerEmail(claims.email);
  if (!email) throw new SignInRefused("email_invalid");
  return email;
}

/** A free username from the address's local part (jane.doe@… → jane.doe, then jane.doe2, …). */
async function freeUsername(app: AppContext, email: string): Promise<string> {
  let base = email.slice(0, email.indexOf("@")).replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 26);
  if (base.length < 3) base = (base + "user").slice(0, 26);
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}${i + 2}`), `${base}${randomBytes(3).toString("hex")}`];
  const taken = new Set<string>(await app.db("users").whereIn("username_key", candidates.map(usernameKey)).pluck("username_key"));
  return candidates.find((c) => !taken.has(usernameKey(c)))!;
}

async function createFromProvider(app: AppContext, provider: OidcProviderConfig, claims: OidcClaims, email: string, password_hash: string): Promise<number> {
  const now = app.clock.now().toISOString();
  const role = await newAccountRole(app, provider, claims, email);
  const username = await freeUsername(app, email);
  const [row] = await app.db("users")
    .insert({
      username,
      username_key: usernameKey(username),
      email,
      password_hash,
      password_set: false,
      ...roleColumns(role),
      is_verified: true,
      created_at: now,
      updated_at: now,
    })
    .returning("id");
  return typeof row === "object" ? row.id : row;
}

/**
 * An account whose address was never verified holds the address the provider just proved: whoever made
 * it (perhaps a stranger who registered the student's address first) never proved the mailbox. The
 * account passes to the provider's user cleanly: a new random password nobody knows, every session and
 * mailed link ended, audited. Run inside the linking transaction.
 */
async function takeOver(app: AppContext, provider: OidcProviderConfig, user: UserRow, password_hash: string): Promise<void> {
  await app.db("users").where({ id: user.id }).update({
    password_hash,
    password_set: false,
    is_verified: true,
    session_version: app.db.raw("session_version + 1"),
    updated_at: app.clock.now().toISOString(),
  });
  await revokeTokens(app, user.id);
  await endSessions(app, user.id);
  await auditTakeover(app, provider, user);
  app.log.warn({ user_id: user.id, provider: provider.id }, "an unverified account was taken over by the provider's user of its address: its password and sessions ended");
}

/**
 * The account this verified ID token signs in to, linking or creating it as the rules allow (one
 * transaction: the account and its link agree). Throws SignInRefused.
 */
async function resolveAccount(app: AppContext, provider: OidcProviderConfig, claims: OidcClaims): Promise<{ row: UserRow; takenOver?: boolean }> {
  // The everyday case, a linked account, costs one read.
  const known = await findIdentity(app.db, provider.issuer, claims.sub);
  if (known) return { row: (await app.db("users").where({ id: known.user_id }).first())! };
  // Hashed before the transaction (scrypt is slow, a transaction holds SQLite's write lock): a new account's, or a taken-over one's.
  const password_hash = await hashPassword(randomBytes(32).toString("base64url"));
  let takenOver = false;
  const id = await withTransaction(app, async (trx) => {
    const linked = await findIdentity(trx.db, provider.issuer, claims.sub);
    if (linked) return linked.user_id;
    const email = claimedEmail(claims);
    if (!email) throw new SignInRefused("domain");
    if (claims.email_verified === false) throw new SignInRefused("unverified", email);
    const allowed = provider.allowedDomains.includes(domainOf(email));
    const existing: UserRow | undefined = await trx.db("users").where({ email }).first();
    // Linked by address only when the provider says it verified it, or it is the school's own domain.
    if (existing && !(claims.email_verified === true || allowed)) throw new SignInRefused("unverified", email);
    if (!existing && !allowed) throw new SignInRefused("domain", email);
    if (existing) {
      // Serialises with an unlink and another first sign-in to this account (PostgreSQL; SQLite runs one at a time),
      // then reads again what that one may have committed meanwhile: a double click must not take the account over twice.
      await lockKey(trx.db, `sign-in-ways:${existing.id}`);
      const links = await identitiesOf(trx.db, existing.id);
      if (links.some((l) => l.issuer === provider.issuer && l.subject === claims.sub)) return existing.id;
      // Another subject of this issuer already holds the account: the address was given to someone new at the provider.
      if (links.some((l) => l.issuer === provider.issuer)) throw new SignInRefused("subject_changed");
      const { is_verified }: Pick<UserRow, "is_verified"> = await trx.db("users").where({ id: existing.id }).first("is_verified");
      takenOver = !is_verified;
      if (takenOver) await takeOver(trx, provider, existing, password_hash);
    }
    const userId = existing?.id ?? (await createFromProvider(trx, provider, claims, email, password_hash));
    await linkIdentity(trx.db, { user_id: userId, provider: provider.id, issuer: provider.issuer, subject: claims.sub, email, linked_at: app.clock.now().toISOString() });
    if (!existing) app.log.info({ user_id: userId, provider: provider.id }, "account created by signing in with a provider");
    return userId;
  });
  return { row: (await app.db("users").where({ id }).first())!, takenOver };
}

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed|duplicate key/i.test(String((err as Error)?.message));

/** Signs in with a verified ID token: the same session as a password login. */
export async function signInWithProvider(app: AppContext, provider: OidcProviderConfig, claims: OidcClaims, client: Client): Promise<SignedIn> {
  let found: Awaited<ReturnType<typeof resolveAccount>>;
  try {
    found = await resolveAccount(app, provider, claims);
  } catch (err) {
    // Two first sign-ins of one person at once: the second finds what the first created.
    if (!isUniqueViolation(err)) throw err;
    found = await resolveAccount(app, provider, claims);
  }
  if (found.row.disabled) throw new SignInRefused("disabled");
  // The role the provider gives now (a listed address only when the provider does not deny having verified it).
  const email = claims.email_verified === false || claims.email === undefined ? undefined : (providerEmail(claims.email) ?? undefined);
  // A taken-over account keeps no role its unproven holder had (an address typed wrong by a teacher): a new account's.
  const wanted = providerRole(provider, claims, email) ?? (found.takenOver ? "student" : undefined);
  return signIn(app, await syncRole(app, provider, found.row, wanted), client);
}

/** Links the provider account to the signed-in user (from /settings); one linked to someone else is refused. */
export async function linkProvider(app: AppContext, userId: number, provider: OidcProviderConfig, claims: OidcClaims): Promise<void> {
  await withTransaction(app, async (trx) => {
    const linked = await findIdentity(trx.db, provider.issuer, claims.sub);
    if (linked && linked.user_id !== userId) throw new SignInRefused("linked_elsewhere");
    await linkIdentity(trx.db, { user_id: userId, provider: provider.id, issuer: provider.issuer, subject: claims.sub, email: claimedEmail(claims) ?? "", linked_at: app.clock.now().toISOString() });
  });
}

/** The signed-in user's linked providers, and whether they have a password to fall back on. */
export async function listIdentities(scope: Scope): Promise<IdentitiesOut> {
  const rows = await identitiesOf(scope.db, scope.user.id);
  const user: { password_set: number | boolean } = await scope.db("users").where({ id: scope.user.id }).first("password_set");
  return {
    identities: rows.map((r) => ({ provider: r.provider, name: providerById(scope, r.provider)?.name ?? r.provider, email: r.email, linked_at: r.linked_at })),
    has_password: Boolean(user.password_set),
  };
}

/**
 * Unlinks a provider, unless it is the only way the user can still sign in: a password counts only while
 * password login is on, a link only while its provider is configured. The check and the delete hold the
 * user's key, so two unlinks at once (two tabs, on PostgreSQL) cannot each leave the other as the last way.
 */
export async function unlinkProvider(scope: Scope, provider: string): Promise<void> {
  await withTransaction(scope, async (trx) => {
    await lockKey(trx.db, `sign-in-ways:${scope.user.id}`);
    const { identities, has_password } = await listIdentities(trx);
    if (!identities.some((i) => i.provider === provider)) throw notFound("No such linked sign-in.");
    const password = has_password && scope.config.passwordLogin;
    const others = identities.filter((i) => i.provider !== provider && providerById(scope, i.provider));
    if (!password && !others.length) throw conflict(scope.config.passwordLogin ? UNLINK_LAST : UNLINK_ONLY_WAY);
    await unlinkIdentity(trx.db, scope.user.id, provider);
  });
}

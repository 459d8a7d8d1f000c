/**
 * Signing in with a school's OpenID Connect provider: which StudyForge account a verified ID token
 * belongs to (README, "School sign-in"). Matched by the provider's subject once linked; else by an
 * e-mail the provider vouches for; else a new account when the address is from an allowed domain.
 */
import { randomBytes } from "node:crypto";
import type { AppContext, Role, Scope } from "../../core/context.ts";
import type { OidcProviderConfig } from "../../core/config.ts";
import { withTransaction } from "../../core/db.ts";
import { conflict, notFound } from "../../core/errors.ts";
import { hashPassword } from "../passwords.ts";
import { roleColumns } from "../roles.ts";
import { signIn, type SignedIn } from "../service.ts";
import type { Client } from "../sessions.ts";
import { usernameKey, type UserRow } from "../users.ts";
import type { OidcClaims } from "./client.ts";
import { findIdentity, identitiesOf, linkIdentity, unlinkIdentity } from "./identities.ts";
import { UNLINK_LAST, type IdentitiesOut, type OidcFailure, type ProvidersOut } from "./schema.ts";

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

/** A new account's role: listed administrators, then the role claim (student, teacher or admin), else student. */
function roleFor(provider: OidcProviderConfig, claims: OidcClaims, email: string): Role | undefined {
  if (provider.adminEmails.includes(email)) return "admin";
  if (!provider.roleClaim) return undefined;
  const value = claims[provider.roleClaim];
  const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string").slice(0, 100).map((v) => v.toLowerCase());
  return (["admin", "teacher", "student"] as const).find((r) => values.includes(r)) ?? "student";
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
  let role = roleFor(provider, claims, email);
  // As with sign-up, the first account becomes the administrator, unless the settings name who administers.
  if (!role) role = (await app.db("users").where({ role: "admin" }).first("id")) ? "student" : "admin";
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
 * The account this verified ID token signs in to, linking or creating it as the rules allow (one
 * transaction: the account and its link agree). Throws SignInRefused.
 */
async function resolveAccount(app: AppContext, provider: OidcProviderConfig, claims: OidcClaims): Promise<UserRow> {
  const email = claims.email;
  // The everyday case, a linked account, costs one read.
  const known = await findIdentity(app.db, provider.issuer, claims.sub);
  if (known) return (await app.db("users").where({ id: known.user_id }).first())!;
  // Hashed before the transaction (scrypt is slow, a transaction holds SQLite's write lock); used only for a new account.
  const password_hash = await hashPassword(randomBytes(32).toString("base64url"));
  const id = await withTransaction(app, async (trx) => {
    const linked = await findIdentity(trx.db, provider.issuer, claims.sub);
    if (linked) return linked.user_id;
    if (!email) throw new SignInRefused("domain", "no e-mail address");
    if (claims.email_verified === false) throw new SignInRefused("unverified", email);
    const allowed = provider.allowedDomains.includes(domainOf(email));
    const existing: UserRow | undefined = await trx.db("users").where({ email }).first();
    // Linked by address only when the provider says it verified it, or it is the school's own domain.
    if (existing && !(claims.email_verified === true || allowed)) throw new SignInRefused("unverified", email);
    if (!existing && !allowed) throw new SignInRefused("domain", email);
    const userId = existing?.id ?? (await createFromProvider(trx, provider, claims, email, password_hash));
    if (existing && !existing.is_verified) await trx.db("users").where({ id: userId }).update({ is_verified: true, updated_at: app.clock.now().toISOString() });
    await linkIdentity(trx.db, { user_id: userId, provider: provider.id, issuer: provider.issuer, subject: claims.sub, email, linked_at: app.clock.now().toISOString() });
    if (!existing) app.log.info({ user_id: userId, provider: provider.id }, "account created by signing in with a provider");
    return userId;
  });
  return (await app.db("users").where({ id }).first())!;
}

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed|duplicate key/i.test(String((err as Error)?.message));

/** Signs in with a verified ID token: the same session as a password login. */
export async function signInWithProvider(app: AppContext, provider: OidcProviderConfig, claims: OidcClaims, client: Client): Promise<SignedIn> {
  let row: UserRow;
  try {
    row = await resolveAccount(app, provider, claims);
  } catch (err) {
    // Two first sign-ins of one person at once: the second finds what the first created.
    if (!isUniqueViolation(err)) throw err;
    row = await resolveAccount(app, provider, claims);
  }
  if (row.disabled) throw new SignInRefused("disabled");
  return signIn(app, row, client);
}

/** Links the provider account to the signed-in user (from /settings); one linked to someone else is refused. */
export async function linkProvider(app: AppContext, userId: number, provider: OidcProviderConfig, claims: OidcClaims): Promise<void> {
  await withTransaction(app, async (trx) => {
    const linked = await findIdentity(trx.db, provider.issuer, claims.sub);
    if (linked && linked.user_id !== userId) throw new SignInRefused("linked_elsewhere");
    await linkIdentity(trx.db, { user_id: userId, provider: provider.id, issuer: provider.issuer, subject: claims.sub, email: claims.email ?? "", linked_at: app.clock.now().toISOString() });
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

/** Unlinks a provider, unless it is the only way the user can sign in (no password, no other provider). */
export async function unlinkProvider(scope: Scope, provider: string): Promise<void> {
  await withTransaction(scope, async (trx) => {
    const { identities, has_password } = await listIdentities(trx);
    if (!identities.some((i) => i.provider === provider)) throw notFound("No such linked sign-in.");
    if (!has_password && identities.length < 2) throw conflict(UNLINK_LAST);
    await unlinkIdentity(trx.db, scope.user.id, provider);
  });
}

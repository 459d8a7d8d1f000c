/**
 * The role a school's provider gives an account (README, "School sign-in"). Administrators come only
 * from OIDC_ADMIN_EMAILS, a role claim "admin" or the CLI: never from being the first to sign in, which
 * at a school would be whichever student clicks first. With OIDC_ROLE_CLAIM the provider is the source of
 * the role and it is applied at every sign-in, so a demotion there reaches StudyForge at the next one.
 */
import type { AppContext, Role } from "../../core/context.ts";
import type { OidcProviderConfig } from "../../core/config.ts";
import { withTransaction } from "../../core/db.ts";
import { AppError } from "../../core/errors.ts";
import { assertAnotherAdmin, changeAccount } from "../roles.ts";
import type { UserRow } from "../users.ts";
import type { OidcClaims } from "./client.ts";

/**
 * What the settings say this sign-in's role is: a listed administrator, else the claim's value (student,
 * teacher or admin; none of them: student); undefined when the settings say nothing (no OIDC_ROLE_CLAIM
 * and an address not listed), and the role given in StudyForge stands. `email`: the provider's verified one.
 */
export function providerRole(provider: OidcProviderConfig, claims: OidcClaims, email: string | undefined): Role | undefined {
  if (email && provider.adminEmails.includes(email)) return "admin";
  if (!provider.roleClaim) return undefined;
  const value = claims[provider.roleClaim];
  const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string").slice(0, 100).map((v) => v.toLowerCase());
  return (["admin", "teacher", "student"] as const).find((r) => values.includes(r)) ?? "student";
}

/** The provider as the one who acts in the audit log. */
const providerActor = (provider: OidcProviderConfig) => ({ id: null, name: `provider:${provider.id}` });

/**
 * Applies the provider's role to an account at sign-in, audited as `user.role`. The last enabled
 * administrator is never demoted this way (the installation must stay administrable): logged instead.
 */
export async function syncRole(app: AppContext, provider: OidcProviderConfig, row: UserRow, wanted: Role | undefined): Promise<UserRow> {
  if (!wanted || wanted === row.role) return row;
  return withTransaction(app, async (trx) => {
    if (row.role === "admin") {
      try {
        await assertAnotherAdmin(trx, row.id, "demote");
      } catch (err) {
        if (!(err instanceof AppError && err.status === 409)) throw err;
        app.log.warn({ user_id: row.id, provider: provider.id, wanted }, "the provider's role would demote the only administrator: kept as administrator");
        return row;
      }
    }
    await changeAccount(trx, row.id, { role: wanted });
    await trx.audit.record(trx, providerActor(provider), { action: "user.role", target: { type: "user", id: row.id, label: row.email }, details: { from: row.role, to: wanted, by: "provider" } });
    return (await trx.db("users").where({ id: row.id }).first())!;
  });
}

/** A new account's role; a warning while nobody can administer the installation. */
export async function newAccountRole(app: AppContext, provider: OidcProviderConfig, claims: OidcClaims, email: string): Promise<Role> {
  const role = providerRole(provider, claims, email) ?? "student";
  if (role !== "admin" && !(await app.db("users").where({ role: "admin", disabled: false }).first("id"))) {
    app.log.warn({ provider: provider.id }, "no administrator yet: list one in OIDC_ADMIN_EMAILS, give a role claim \"admin\", or run `studyforge users create --role admin`");
  }
  return role;
}

/** An unverified account that a provider's sign-in took over, in the audit log. */
export const auditTakeover = (app: AppContext, provider: OidcProviderConfig, user: { id: number; email: string }) =>
  app.audit.record(app, providerActor(provider), { action: "user.takeover", target: { type: "user", id: user.id, label: user.email }, details: { provider: provider.id, reason: "unverified address proven by the provider" } });

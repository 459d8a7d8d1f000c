import { z } from "zod";

/** A configured provider as the sign-in pages show it (`GET /api/auth/providers`). */
export const ProviderOut = z.object({ id: z.string(), name: z.string() });
export type ProviderOut = z.infer<typeof ProviderOut>;

export const ProvidersOut = z.object({
  providers: z.array(ProviderOut),
  /** false: PASSWORD_LOGIN=false, the pages hide the password forms. */
  password_login: z.boolean(),
});
export type ProvidersOut = z.infer<typeof ProvidersOut>;

/** A provider account linked to the signed-in user (`GET /api/auth/identities`). */
export const IdentityOut = z.object({
  provider: z.string(),
  name: z.string(),
  email: z.string(),
  linked_at: z.string(),
});
export type IdentityOut = z.infer<typeof IdentityOut>;

export const IdentitiesOut = z.object({
  identities: z.array(IdentityOut),
  /** Whether the account has a password it can sign in with (an account created by a provider has none until a reset link sets one). */
  has_password: z.boolean(),
});
export type IdentitiesOut = z.infer<typeof IdentitiesOut>;

export const ProviderParams = z.object({ provider: z.string().max(20) });

/**
 * Why a sign-in with a provider did not happen: the callback redirects to /auth/error?reason=…, and the
 * page says it in these words ({name}: the provider's, {email}: the account's). Never a stack trace.
 */
export const OIDC_FAILURES = {
  unavailable: "{name} could not be reached, so you were not signed in. Try again in a few minutes; if it keeps happening, tell your school's administrator.",
  misconfigured: "{name} refused StudyForge's sign-in request. Your school's administrator should check StudyForge's settings for {name} (issuer, client ID and secret).",
  expired: "This sign-in link has expired or was already used. Please sign in again.",
  state: "This sign-in did not start in this browser, or its answer was changed on the way. Please sign in again.",
  token: "{name}'s answer could not be verified, so you were not signed in. Please sign in again; if it keeps happening, tell your school's administrator.",
  domain: "Your account ({email}) is not from a school domain this StudyForge accepts.",
  unverified: "{name} has not verified the e-mail address of your account ({email}), so StudyForge cannot sign you in with it.",
  email_invalid: "{name} gave an e-mail address StudyForge cannot use (too long, or with characters other than plain letters, digits and punctuation), so you were not signed in. Ask your school's administrator.",
  subject_changed: "The StudyForge account with this address is already linked to a different {name} account, so you were not signed in. Ask your school's administrator.",
  rate_limited: "Too many sign-in attempts from this network. Please wait a few minutes and try again.",
  linked_elsewhere: "That {name} account is already linked to another StudyForge account.",
  disabled: "This account has been disabled. Ask your school's administrator.",
  cancelled: "Sign-in with {name} was cancelled.",
  unknown_provider: "This sign-in option is not configured here.",
} as const;
export type OidcFailure = keyof typeof OIDC_FAILURES;

export const PASSWORD_LOGIN_OFF = "Password sign-in is turned off here: sign in with your school account.";
/** Unlinking the last configured provider when password login is off. */
export const UNLINK_ONLY_WAY = "This is your only way to sign in here: link another sign-in option first.";
export const UNLINK_LAST = "Set a password first (use 'Forgot password?' on the sign-in page): without this provider you could not sign in.";
export const NO_PASSWORD_YET = "Your account signs in with your school account and has no password yet. Set one with 'Forgot password?' on the sign-in page.";

import { createHash, randomBytes } from "node:crypto";
import type { AppContext } from "../core/context.ts";

export type TokenKind = "verify" | "reset";

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  verify: 24 * 3600 * 1000,
  reset: 3600 * 1000,
};

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** A single-use e-mail token: 32 random bytes for the link, only its hash in the database. */
export async function issueToken(app: AppContext, userId: number, kind: TokenKind, email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = app.clock.now();
  await app.db("user_tokens").insert({
    user_id: userId,
    kind,
    email,
    token_hash: sha256(token),
    expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]).toISOString(),
    created_at: now.toISOString(),
  });
  return token;
}

export interface UsableToken {
  id: number;
  userId: number;
  /** The address the link was sent to, which is still the account's. */
  email: string;
}

/**
 * The token while it can still be used, else null: unknown, used, expired, or sent to an
 * address the account no longer has (a link in an old mailbox must not open the account).
 */
export async function findUsableToken(app: AppContext, token: string, kind: TokenKind): Promise<UsableToken | null> {
  const row = await app.db("user_tokens as t")
    .join("users as u", (on) => on.on("u.id", "t.user_id").andOn("u.email", "t.email"))
    .where({ "t.token_hash": sha256(token), "t.kind": kind })
    .whereNull("t.used_at")
    .where("t.expires_at", ">", app.clock.now().toISOString())
    .first("t.id", "t.user_id", "t.email");
  return row ? { id: row.id, userId: row.user_id, email: row.email } : null;
}

/** Marks a token used. Conditional, so two clicks on one link cannot both succeed. */
export async function markUsed(app: AppContext, id: number): Promise<boolean> {
  return (await app.db("user_tokens").where({ id }).whereNull("used_at").update({ used_at: app.clock.now().toISOString() })) === 1;
}

export async function consumeToken(app: AppContext, token: string, kind: TokenKind): Promise<UsableToken | null> {
  const found = await findUsableToken(app, token, kind);
  return found && (await markUsed(app, found.id)) ? found : null;
}

/** Every link the user has not used yet stops working: after a new password or a new e-mail address. */
export async function revokeTokens(app: AppContext, userId: number): Promise<void> {
  await app.db("user_tokens").where({ user_id: userId }).whereNull("used_at").delete();
}

/** Hourly maintenance: tokens that can no longer be used (expired, or used more than a day ago). */
export async function removeUnusableTokens(app: AppContext): Promise<number> {
  const now = app.clock.now().getTime();
  return app.db("user_tokens")
    .where("expires_at", "<", new Date(now).toISOString())
    .orWhere("used_at", "<", new Date(now - 24 * 3600 * 1000).toISOString())
    .delete();
}

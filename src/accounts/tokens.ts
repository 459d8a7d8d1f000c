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

/**
 * Marks the token used and returns its user and address, or null when it is unknown, used or
 * expired. The update is conditional, so two clicks on one link cannot both succeed.
 */
export async function consumeToken(app: AppContext, token: string, kind: TokenKind): Promise<{ userId: number; email: string } | null> {
  const now = app.clock.now().toISOString();
  const row = await app.db("user_tokens").where({ token_hash: sha256(token), kind }).first();
  if (!row || row.used_at || row.expires_at <= now) return null;
  const updated = await app.db("user_tokens").where({ id: row.id }).whereNull("used_at").update({ used_at: now });
  return updated === 1 ? { userId: row.user_id, email: row.email } : null;
}

import type { AppContext } from "../core/context.ts";
import type { DirectoryUser } from "./directory.ts";
import { resetMail } from "./mails.ts";
import { issueToken } from "./tokens.ts";

type Recipient = Pick<DirectoryUser, "id" | "username" | "email">;

/**
 * A password-reset link for the user. Its token is stored with the scope's `db`, so inside a
 * transaction it commits (or not) with whatever else the transaction records, e.g. the audit entry
 * of an administrator who asked for it. Mail it after the commit (mailResetLink).
 */
export async function issueResetLink(app: AppContext, user: Recipient): Promise<string> {
  const token = await issueToken(app, user.id, "reset", user.email);
  return `${app.config.publicUrl}/reset-password?token=${token}`;
}

export async function mailResetLink(app: AppContext, user: Recipient, link: string): Promise<void> {
  await app.mail.send(resetMail(user.email, user.username, link));
}

import type { AppContext } from "../core/context.ts";
import type { DirectoryUser } from "./directory.ts";
import { resetMail } from "./mails.ts";
import { issueToken } from "./tokens.ts";

/**
 * A password-reset link for the user, mailed to their address. An administrator (page or CLI) asks for
 * it on the user's behalf; without SMTP the mail only reaches the log, so the link is handed back for
 * the administrator to pass on.
 */
export async function sendResetLink(app: AppContext, user: Pick<DirectoryUser, "id" | "username" | "email">): Promise<{ link: string | null }> {
  const token = await issueToken(app, user.id, "reset", user.email);
  const link = `${app.config.publicUrl}/reset-password?token=${token}`;
  await app.mail.send(resetMail(user.email, user.username, link));
  return { link: app.config.smtpUrl ? null : link };
}

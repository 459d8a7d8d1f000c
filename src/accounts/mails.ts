import type { MailMessage } from "../core/mail.ts";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One layout for every account mail: a greeting, one sentence, the link as a button and as text. */
function accountMail(to: string, subject: string, username: string, lead: string, action: string, link: string, footnote: string): MailMessage {
  const text = `Hi ${username},\n\n${lead}\n\n${action}: ${link}\n\n${footnote}\n\n— StudyForge`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a2433">
<p>Hi ${escape(username)},</p><p>${escape(lead)}</p>
<p><a href="${escape(link)}" style="display:inline-block;padding:10px 18px;background:#1f5f8b;color:#fff;border-radius:8px;text-decoration:none">${escape(action)}</a></p>
<p style="font-size:14px">Or open this link: <a href="${escape(link)}">${escape(link)}</a></p>
<p style="font-size:14px;color:#4a5568">${escape(footnote)}</p><p>— StudyForge</p></body></html>`;
  return { to, subject, text, html };
}

export const verificationMail = (to: string, username: string, link: string) =>
  accountMail(
    to,
    "Verify your StudyForge email address",
    username,
    "Please confirm that this is your email address so you can use StudyForge.",
    "Verify my email",
    link,
    "The link works once and expires in 24 hours. If you did not sign up for StudyForge, you can ignore this email.",
  );

export const resetMail = (to: string, username: string, link: string) =>
  accountMail(
    to,
    "Reset your StudyForge password",
    username,
    "Someone (hopefully you) asked to reset the password of your StudyForge account.",
    "Choose a new password",
    link,
    "The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.",
  );

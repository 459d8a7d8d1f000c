import nodemailer from "nodemailer";
import type { Db } from "./db.ts";
import type { Logger } from "./logger.ts";
import type { Clock } from "./clock.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

/**
 * Mail over SMTP when SMTP_URL is set. Without it, each mail goes to the log (with its link)
 * and the outbox table, so a fresh installation works with no mail server. Every mail is
 * kept in the outbox either way, with how it went.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: Logger; clock: Clock }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const record = (msg: MailMessage, status: string, error?: string) =>
    opts.db("outbox").insert({ ...msg, status, error: error ?? null, created_at: opts.clock.now().toISOString() });
  // A mail that went out keeps no usable link in the database (tokens are stored only hashed).
  const redact = (msg: MailMessage): MailMessage => {
    const hide = (s: string) => s.replace(/([?&]token=)[\w-]+/g, "$1[sent]");
    return { ...msg, text: hide(msg.text), html: hide(msg.html) };
  };

  return {
    async send(msg) {
      if (!transport) {
        opts.log.info({ to: msg.to, subject: msg.subject, text: msg.text }, "mail (no SMTP_URL set, so it is logged instead of sent)");
        await record(msg, "logged");
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...msg });
        await record(redact(msg), "sent");
      } catch (err) {
        opts.log.error({ err, to: msg.to, subject: msg.subject }, "sending mail failed");
        await record(redact(msg), "failed", (err as Error).message);
        throw err;
      }
    },
  };
}

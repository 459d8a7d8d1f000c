import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps every mail it receives, parsed. */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  let held: Promise<void> | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      void (held ?? Promise.resolve()).then(() => callback());
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : (parsed.to?.text ?? "");
          mails.push({ to, subject: parsed.subject ?? "", text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "" });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the next mail to this address (after `after` mails to it were already seen). */
    async waitFor(to: string, opts: { subject?: RegExp; after?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
      const deadline = Date.now() + (opts.timeoutMs ?? 5000);
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to) && (!opts.subject || opts.subject.test(m.subject)));
        if (found.length > (opts.after ?? 0)) return found[opts.after ?? 0]!;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within the time limit (got ${mails.length} in all)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    count: (to: string) => mails.filter((m) => m.to.includes(to)).length,
    /** Holds every mail at MAIL FROM (nothing is received) until the returned function is called. */
    hold(): () => void {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The first link in a mail's text that goes to the given page. */
export function linkIn(mail: ReceivedMail, page: string): URL {
  const match = mail.text.match(new RegExp(`https?://\\S+${page.replace("/", "\\/")}\\?token=[\\w-]+`));
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  return new URL(match[0]);
}

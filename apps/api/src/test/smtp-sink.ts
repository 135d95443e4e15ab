import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Waits for the next message to `to` that arrived after `since` (an index into messages). */
  /** The first e-mail to `to` after `since` (whose subject matches `subject`, when given). */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number; subject?: RegExp }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives, for tests to read login codes from. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const toField = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          messages.push({
            to: toField?.value[0]?.address?.toLowerCase() ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, { since = 0, timeoutMs = 10_000, subject } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages
          .slice(since)
          .find((message) => message.to === to.toLowerCase() && (!subject || subject.test(message.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code from a login e-mail's subject line. */
export function codeFromSubject(subject: string): string {
  const match = /\b(\d{6})\b/.exec(subject);
  if (!match) throw new Error(`no code in subject: ${subject}`);
  return match[1]!;
}

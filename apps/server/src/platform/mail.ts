import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when a URL is configured; otherwise each message is written as JSON to a folder and logged. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  mailDir: string;
  log: (msg: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      await mkdir(options.mailDir, { recursive: true });
      const file = path.join(options.mailDir, `${Date.now()}-${randomBytes(4).toString('hex')}.json`);
      await writeFile(
        file,
        JSON.stringify({ from: options.from, ...message, sentAt: new Date().toISOString() }, null, 2),
      );
      options.log(`mail to ${message.to} "${message.subject}" written to ${file}`);
    },
  };
}

/**
 * Sends after the transaction that caused the mail has committed; a failed send is logged,
 * never turned into a failed request.
 */
export function sendAfterCommit(mailer: Mailer, message: MailMessage, log: (err: unknown) => void): void {
  setImmediate(() => {
    mailer.send(message).catch(log);
  });
}

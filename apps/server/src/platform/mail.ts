import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { Db } from './db';
import type { Database } from './db.types';
import { type JobHandler, type Jobs, PermanentJobFailure } from './jobs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Set by the mail job so that every retry of one job carries the same Message-ID. */
  messageId?: string;
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
 * Queues a mail in the caller's transaction: it is sent by the `mail` job only if that transaction
 * commits. A handler that queues a mail gives its job's id (followUpJobId), so that a second run
 * of the handler does not send it twice.
 */
export async function queueMail(
  jobs: Jobs,
  trx: Transaction<Database>,
  message: MailMessage,
  options: { id?: string } = {},
): Promise<void> {
  await jobs.send(trx, 'mail', message, options);
}

/** The top-level domain `.invalid` is reserved never to exist: a mail to it can never be delivered. */
const RESERVED_INVALID = /\.invalid$/i;

/** The SMTP server refused the mail for good (a 5xx reply): retrying would be refused the same. */
const refusedForGood = (error: Error) => {
  const code = (error as Error & { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * The `mail` job's handler. Idempotent: a job delivered is recorded under its id, so a run
 * again (a lost completion, a restart, a failed job retried by an admin) sends nothing twice; the
 * Message-ID is the job's too, so that a receiving server can drop the copy sent just before a
 * crash. A mail that can never be delivered is a failed job at once (PermanentJobFailure); other
 * failures are retried.
 */
export function mailJobHandler(db: Db, mailer: Mailer, domain: string): JobHandler<MailMessage> {
  return async (message, jobId) => {
    const sent = await db
      .selectFrom('mail_deliveries')
      .select('job_id')
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    if (sent) return;
    if (RESERVED_INVALID.test(message.to.trim())) {
      throw new PermanentJobFailure(`No mail can reach ${message.to}: the domain .invalid never exists.`);
    }
    await mailer.send({ ...message, messageId: `<${jobId}@${domain}>` }).catch((error: Error) => {
      throw refusedForGood(error) ? new PermanentJobFailure(error.message) : error;
    });
    await db
      .insertInto('mail_deliveries')
      .values({ job_id: jobId })
      .onConflict((oc) => oc.column('job_id').doNothing())
      .execute();
  };
}

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { Db } from './db';
import type { Database } from './db.types';
import type { JobHandler, Jobs } from './jobs';

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

/** Queues a mail in the caller's transaction: it is sent by the `mail` job only if that transaction commits. */
export async function queueMail(jobs: Jobs, trx: Transaction<Database>, message: MailMessage): Promise<void> {
  await jobs.send(trx, 'mail', message);
}

/**
 * The `mail` job's handler. Idempotent: a job delivered is recorded under its id, so a run
 * again (a lost completion, a restart) sends nothing twice; the Message-ID is the job's too,
 * so that a receiving server can drop the copy sent just before a crash.
 */
export function mailJobHandler(db: Db, mailer: Mailer, domain: string): JobHandler<MailMessage> {
  return async (message, jobId) => {
    const sent = await db
      .selectFrom('mail_deliveries')
      .select('job_id')
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    if (sent) return;
    await mailer.send({ ...message, messageId: `<${jobId}@${domain}>` });
    await db
      .insertInto('mail_deliveries')
      .values({ job_id: jobId })
      .onConflict((oc) => oc.column('job_id').doNothing())
      .execute();
  };
}

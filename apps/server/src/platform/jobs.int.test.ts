import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { QUEUES } from './jobs';
import { createMailer, mailJobHandler, queueMail } from './mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = (to: string) => ({ to, subject: `Test ${to}`, text: 'Hello.' });
const mailsTo = (to: string) => t.smtp.mails.filter((m) => m.to.includes(to));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mail jobs', () => {
  it('a mail queued in a transaction that commits is sent exactly once; one whose transaction rolls back never', async () => {
    await t.db.transaction().execute((trx) => queueMail(t.jobs, trx, message('committed@demo.test')));
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queueMail(t.jobs, trx, message('rolled-back@demo.test'));
        throw new Error('the command failed after queuing its mail');
      }),
    ).rejects.toThrow('the command failed');
    const sent = await t.smtp.waitFor('committed@demo.test');
    expect(sent.subject).toBe('Test committed@demo.test');
    // a few polling turns of the worker (0.5 s in the test kit): nothing more arrives
    await pause(1500);
    expect(mailsTo('committed@demo.test')).toHaveLength(1);
    expect(mailsTo('rolled-back@demo.test')).toHaveLength(0);
  });

  it('the mail handler run twice for one job (a lost completion, a restart) sends once, with the Message-ID of the job', async () => {
    const mailer = createMailer({ smtpUrl: t.smtp.url, from: 'test@demo.test', mailDir: '', log: () => {} });
    const handle = mailJobHandler(t.db, mailer, 'reprise.test');
    const jobId = randomUUID();
    await handle(message('twice@demo.test'), jobId);
    await handle(message('twice@demo.test'), jobId);
    const sent = mailsTo('twice@demo.test');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`Message-ID: <${jobId}@reprise.test>`);
  });

  it('a mail that fails is tried again, each wait doubling', async () => {
    const { rows } = await sql<{ retry_limit: number; retry_backoff: boolean }>`
      SELECT retry_limit, retry_backoff FROM pgboss.queue WHERE name = 'mail'`.execute(t.db);
    expect(rows[0]).toEqual({ retry_limit: QUEUES.mail.retryLimit, retry_backoff: true });
  });
});

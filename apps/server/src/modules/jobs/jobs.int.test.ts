import { randomUUID } from 'node:crypto';
import type { FailedJobResponse } from '@reprise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, startApiKit, type Who } from '../../../test/api-kit';
import { QUEUES } from '../../platform/jobs';
import { queueMail } from '../../platform/mail';
import { systemContext } from '../../platform/request-context';
import { answerPasswordReset } from '../auth';

let kit: ApiKit;
beforeAll(async () => {
  kit = await startApiKit();
});
afterAll(() => kit.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mailsTo = (to: string) => kit.t.smtp.mails.filter((m) => m.to.includes(to));
const message = (to: string) => ({
  to,
  subject: `Your link, ${to}`,
  text: 'Open http://localhost:3000/renew/secret-token-of-the-body to go on.',
});

const failedJobs = async (query = '') => {
  const res = await kit.get('admin', `/api/jobs/failed${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { member: FailedJobResponse[]; totalItems: number; view: { next?: string } };
};

/** Waits until the failed jobs list a mail to `to` (its retries run out on the worker). */
async function failedMailTo(to: string, timeoutMs = 15_000): Promise<FailedJobResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await failedJobs('?queue=mail&itemsPerPage=100')).member.find((j) => j.data.to === to);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no failed mail to ${to} within ${timeoutMs} ms`);
    await pause(100);
  }
}

/**
 * Queues a mail as a command does; with `retryLimit`, the job's own retries are made short and
 * immediate in the same transaction, so that the test sees them run out (the queue's policy,
 * QUEUES.mail, would take an hour). Answers the job's id.
 */
async function sendMail(to: string, retryLimit?: number): Promise<string> {
  return kit.t.db.transaction().execute(async (trx) => {
    await queueMail(kit.t.jobs, trx, message(to));
    const { rows } = await sql<{ id: string }>`
      UPDATE pgboss.job SET retry_limit = ${retryLimit ?? QUEUES.mail.retryLimit}, retry_delay = 0, retry_backoff = false
      WHERE name = 'mail' AND data->>'to' = ${to} RETURNING id`.execute(trx);
    return rows[0]?.id as string;
  });
}

describe('failed jobs', () => {
  it('a mail the SMTP server refuses for a while is retried, then listed for admins with its error, attempts and dates, its recipient but not its body', async () => {
    const to = 'refused-for-a-while@demo.test';
    kit.t.smtp.refuse(to, 451);
    const sentAt = Date.now();
    await sendMail(to, 2);

    const failed = await failedMailTo(to);
    expect(failed).toMatchObject({ queue: 'mail', attempts: 3, data: { to, subject: `Your link, ${to}` } });
    expect(Object.keys(failed.data).sort()).toEqual(['subject', 'to']);
    expect(failed.error).toMatch(/451/);
    expect(Date.parse(failed.createdAt)).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(Date.parse(failed.failedAt)).toBeGreaterThanOrEqual(Date.parse(failed.createdAt));
    expect(JSON.stringify(await failedJobs('?itemsPerPage=100'))).not.toContain('secret-token');
    expect(mailsTo(to)).toHaveLength(0);
  });

  it('retried once the cause is mended, a failed mail runs again and is delivered exactly once, under its first job id', async () => {
    const to = 'mended@demo.test';
    kit.t.smtp.refuse(to, 451);
    const jobId = await sendMail(to, 1);
    const failed = await failedMailTo(to);

    kit.t.smtp.accept(to);
    expect((await kit.post('admin', `/api/jobs/failed/${failed.id}/retry`)).statusCode).toBe(202);
    const delivered = await kit.t.smtp.waitFor(to);
    // the worker polls every 0.5 s in the test kit: a few turns bring nothing more
    await pause(1500);
    expect(mailsTo(to)).toHaveLength(1);
    // the same Message-ID and delivery record as the first attempts': a run again sends nothing twice
    expect(delivered.text).toContain(`Message-ID: <${jobId}@localhost>`);
    const recorded = await kit.t.db
      .selectFrom('mail_deliveries')
      .select('job_id')
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    expect(recorded).toBeDefined();

    expect((await failedJobs('?itemsPerPage=100')).member.map((j) => j.id)).not.toContain(failed.id);
    const again = await kit.post('admin', `/api/jobs/failed/${failed.id}/retry`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('not_found');
  });

  it('a mail refused for good (a 5xx reply, or the reserved .invalid domain) fails at once, without its retries', async () => {
    kit.t.smtp.refuse('refused-for-good@demo.test', 550);
    await sendMail('refused-for-good@demo.test');
    await sendMail('nobody@demo.invalid');
    const refused = await failedMailTo('refused-for-good@demo.test');
    expect(refused.attempts).toBe(1);
    expect(refused.error).toMatch(/550/);
    const invalid = await failedMailTo('nobody@demo.invalid');
    expect(invalid).toMatchObject({ attempts: 1, error: expect.stringMatching(/\.invalid/) });
  });

  it('a discarded failed job is gone for good, and the admin who discarded it is in the audit log', async () => {
    const to = 'discarded@demo.invalid';
    await sendMail(to);
    const failed = await failedMailTo(to);
    expect((await kit.remove('admin', `/api/jobs/failed/${failed.id}`)).statusCode).toBe(204);
    expect((await failedJobs('?itemsPerPage=100')).member.map((j) => j.id)).not.toContain(failed.id);
    expect((await kit.remove('admin', `/api/jobs/failed/${failed.id}`)).statusCode).toBe(404);
    expect((await kit.post('admin', `/api/jobs/failed/${failed.id}/retry`)).statusCode).toBe(404);
    const logged = await kit.t.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.actor_user_id')
      .select(['action', 'users.email'])
      .where('entity_type', '=', 'job')
      .where('entity_id', '=', failed.id)
      .execute();
    expect(logged).toEqual([{ action: 'remove', email: 'admin@demo.test' }]);
  });

  it('the failed password link mail shows its recipient and subject, never its link', async () => {
    const to = 'management_unit_manager@demo.test';
    kit.t.smtp.refuse(to, 550);
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/password/renew',
      payload: { email: to },
      remoteAddress: '10.77.0.1',
    });
    expect(res.statusCode).toBe(202);
    const failed = await failedMailTo(to);
    expect(Object.keys(failed.data).sort()).toEqual(['subject', 'to']);
    expect(JSON.stringify(failed)).not.toMatch(/renew|token/i);
    kit.t.smtp.accept(to);
  });

  it('the list is paged, newest failure first, and filtered by queue', async () => {
    for (const to of ['first@paged.invalid', 'second@paged.invalid']) {
      await sendMail(to);
      await failedMailTo(to);
    }
    const first = await failedJobs('?queue=mail&itemsPerPage=1');
    expect(first.member).toHaveLength(1);
    expect(first.member[0]?.data.to).toBe('second@paged.invalid');
    expect(first.totalItems).toBeGreaterThanOrEqual(2);
    expect(first.view.next).toContain('page=2');
    expect((await failedJobs('?queue=mail&itemsPerPage=1&page=2')).member[0]?.data.to).toBe(
      'first@paged.invalid',
    );
    expect(await failedJobs('?queue=password-reset')).toMatchObject({ member: [], totalItems: 0 });
  });

  it('refuses an unknown queue and an id that is not a UUID, and answers 404 for a job that is not failed', async () => {
    expect((await kit.get('admin', '/api/jobs/failed?queue=nope')).statusCode).toBe(422);
    expect((await kit.post('admin', '/api/jobs/failed/not-an-id/retry')).statusCode).toBe(422);
    expect((await kit.post('admin', `/api/jobs/failed/${randomUUID()}/retry`)).statusCode).toBe(404);
  });

  it.each<Who>(['rmu', 'otherRmu', 'buyer', 'warehouse', 'seller'])(
    'only platform admins see and act on failed jobs: %s gets 403',
    async (who) => {
      const id = randomUUID();
      expect((await kit.get(who, '/api/jobs/failed')).statusCode).toBe(403);
      expect((await kit.post(who, `/api/jobs/failed/${id}/retry`)).statusCode).toBe(403);
      expect((await kit.remove(who, `/api/jobs/failed/${id}`)).statusCode).toBe(403);
    },
  );
});

describe('idempotent handlers', () => {
  it('the password-reset job run twice (a lost completion, a restart) mails one link', async () => {
    const email = 'store_manager@demo.test';
    const jobId = randomUUID();
    const ctx = systemContext(kit.t.deps, { kind: 'all' });
    await answerPasswordReset(ctx, { email }, jobId);
    await answerPasswordReset(ctx, { email }, jobId);
    await kit.t.smtp.waitFor(email);
    await pause(1500);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

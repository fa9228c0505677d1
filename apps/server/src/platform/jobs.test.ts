import { JOB_QUEUES } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { DEAD_LETTER_QUEUE, followUpJobId, QUEUES, SHOWN_DATA, shownData } from './jobs';

describe('job queues', () => {
  it('every queue retries with backoff and sends its failures for good to the dead letters', () => {
    expect(Object.keys(QUEUES).sort()).toEqual([...JOB_QUEUES].sort());
    for (const policy of Object.values(QUEUES)) {
      expect(policy).toMatchObject({ retryBackoff: true, deadLetter: DEAD_LETTER_QUEUE });
      expect(policy.retryLimit).toBeGreaterThan(0);
      expect(policy.retryDelay).toBeGreaterThan(0);
    }
  });

  it("an admin reads a failed mail's recipient and subject, never its body with its links", () => {
    const mail = {
      to: 'lucie@demo.test',
      subject: 'Choose your password',
      text: 'http://localhost:3000/renew/the-token',
      html: '<a href="http://localhost:3000/renew/the-token">here</a>',
      messageId: '<x@localhost>',
    };
    expect(shownData('mail', mail)).toEqual({ to: 'lucie@demo.test', subject: 'Choose your password' });
    expect(shownData('password-reset', { email: 'lucie@demo.test', token: 'the-token' })).toEqual({
      email: 'lucie@demo.test',
    });
  });

  it('shows only text fields, and nothing of a payload that is not an object', () => {
    expect(shownData('mail', { to: { address: 'x' }, subject: 3 })).toEqual({});
    expect(shownData('mail', null)).toEqual({});
    for (const fields of Object.values(SHOWN_DATA)) expect(fields).not.toContain('text');
  });

  it('a follow-up job id is a UUID, the same for the same job and purpose, another for another', () => {
    const jobId = '6f1c2b4e-8a57-4d0e-9d4b-1f6a3c2e9b10';
    const id = followUpJobId(jobId, 'mail');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(followUpJobId(jobId, 'mail')).toBe(id);
    expect(followUpJobId(jobId, 'other')).not.toBe(id);
    expect(followUpJobId('7f1c2b4e-8a57-4d0e-9d4b-1f6a3c2e9b10', 'mail')).not.toBe(id);
  });
});

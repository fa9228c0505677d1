import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, expectProblem, PM } from '../../../test/buyback-kit';
import { type ControlKit, startControlKit, visitorRequests } from '../../../test/control-kit';

/**
 * The transfer without IBAN (payment-job.ts, iban-link.mail.ts, iban-link.service.ts): the payment
 * job mails the customer a link; the customer gives the IBAN on the public page, once; the payment
 * then goes into the transfer batch like any transfer.
 */

let k: ControlKit;
let address = 0;

/** A visitor's request, each from its own address (the public answers are throttled by address). */
const visitor = visitorRequests(() => k, 88);

const payment = (buybackId: string) =>
  k.t.db.selectFrom('payments').selectAll().where('buyback_id', '=', buybackId).executeTakeFirstOrThrow();

/** A completed buyback paid by transfer without IBAN, and the token of the mail its job sent. */
async function awaitingIban() {
  address += 1;
  const email = `no-iban-${address}@example.test`;
  const b = await k.createBuyback({ paymentModeId: PM.noIbanTransfer, customer: customer({ email }) });
  const sent = await k.post('seller', `/api/buybacks/${b.id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  const started = await k.asOperator('POST', '/api/warehouse/control/start', {
    code: b.item.identificationNumber,
  });
  expect(started.statusCode, started.body).toBe(200);
  const before = k.mailsTo(email).length;
  const done = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/complete`, {
    answers: await k.declaredAnswers(b),
  });
  expect(done.statusCode, done.body).toBe(200);
  const mail = await k.nextMail(email, before);
  const token = /\/iban\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  return { b, mail, token: token as string };
}

beforeAll(async () => {
  k = await startControlKit();
});
afterAll(() => k.close());

describe('the IBAN link', () => {
  it('mails the customer a link when the buyback completes; the payment waits for the IBAN', async () => {
    const { b, mail } = await awaitingIban();
    expect(mail.subject).toContain(b.identificationNumber);
    const row = await payment(b.id);
    expect(row).toMatchObject({ status: 'awaiting_payment', iban_encrypted: null, attempts: 1 });
    expect(row.iban_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.iban_requested_at).toBeTruthy();
    // the mail holds the token, the database only its hash
    expect(mail.text).not.toContain(row.iban_token_hash as string);
  });

  it('shows the amount, the buyback and the masked name; gives the IBAN once; the payment goes into the batch', async () => {
    const { b, token } = await awaitingIban();
    const shown = await visitor('GET', `/api/payments/iban-requests/${token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toMatchObject({
      amountCents: b.totalCents,
      currency: 'EUR',
      buybackCode: b.identificationNumber,
      customerName: 'Søren Ł.',
    });
    const bad = await visitor('POST', `/api/payments/iban-requests/${token}`, {
      iban: 'FR76 3000 6000 0112 3456 7890 188',
      holder: 'Søren Łukasiewicz',
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().violations[0]).toMatchObject({ propertyPath: 'iban', message: 'iban_invalid' });
    const given = await visitor('POST', `/api/payments/iban-requests/${token}`, {
      iban: 'de89 3704 0044 0532 0130 00',
      holder: 'Søren Łukasiewicz',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().ibanMasked).toBe('DE89 **** **** **** **30 00');
    const row = await payment(b.id);
    expect(row).toMatchObject({
      status: 'payment_created',
      iban_holder: 'Søren Łukasiewicz',
      iban_token_hash: null,
    });
    expect(row.iban_encrypted).toMatch(/^v1:/);
    expect(row.iban_encrypted).not.toContain('DE89370400440532013000');
    expect(row.transfer_batch_id).toBeTruthy();
    // the token is consumed
    expectProblem(await visitor('GET', `/api/payments/iban-requests/${token}`), 404, 'iban_link_invalid');
    expectProblem(
      await visitor('POST', `/api/payments/iban-requests/${token}`, {
        iban: 'DE89370400440532013000',
        holder: 'X Y',
      }),
      404,
      'iban_link_invalid',
    );
    // the batch file pays the holder at the IBAN given
    const file = await k.get('rmu', `/api/transfer-batches/${row.transfer_batch_id}/file`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(file.body).toContain('<Nm>Soren Lukasiewicz</Nm>');
    // another account sees nothing of it
    const other = await k.get('otherRmu', `/api/transfer-batches/${row.transfer_batch_id}`);
    expectProblem(other, 404, 'not_found');
  });

  it('an unknown or malformed token answers 404 / 422, never the payment', async () => {
    expectProblem(
      await visitor('GET', `/api/payments/iban-requests/${'a'.repeat(43)}`),
      404,
      'iban_link_invalid',
    );
    expectProblem(await visitor('GET', '/api/payments/iban-requests/short'), 404, 'iban_link_invalid');
    expect((await visitor('GET', '/api/payments/iban-requests/not%20a%20token')).statusCode).toBe(422);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/buyback-kit';
import { type ControlKit, startControlKit } from '../../../test/control-kit';
import { paymentStatusHistory } from '../../../test/payment-kit';
import { DEMO } from '../../../test/test-app';
import { systemContext, transact } from '../../platform/request-context';
import { enqueuePaymentOnCompletion } from './payment-execution';

/**
 * The payment job and SEPA transfer batches (payment-execution.ts, payment-job.ts,
 * transfer-batches.service.ts; docs/payments.md): a completed buyback is paid by its job, into the
 * account's open batch; the batch's file is downloaded, the batch marked sent (payments initiated),
 * and a bank statement completes or fails each payment and reconciles the batch.
 */

let k: ControlKit;

const payment = (buybackId: string) =>
  k.t.db.selectFrom('payments').selectAll().where('buyback_id', '=', buybackId).executeTakeFirstOrThrow();

/** Waits until the payment job has moved the payment to `status`. */
async function paymentIn(buybackId: string, status: string) {
  const start = Date.now();
  for (;;) {
    const row = await payment(buybackId);
    if (row.status === status) return row;
    if (Date.now() - start > 15_000)
      throw new Error(`payment of ${buybackId} still ${row.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The control at the declared answers: the buyback completes (item_completed). */
async function completed(over: Record<string, unknown> = {}) {
  const b = await k.underControl(over);
  const res = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/complete`, {
    answers: await k.declaredAnswers(b),
  });
  expect(res.statusCode, res.body).toBe(200);
  return b;
}

const paymentJobs = async (paymentId: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'payment' AND data->>'paymentId' = ${paymentId}`.execute(
        k.t.db,
      )
    ).rows[0]?.n,
  );

const statement = (csv: string, who: 'rmu' | 'otherRmu' | 'seller' = 'rmu') => {
  const boundary = '----reprise-statement';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return k.send('POST', who, '/api/bank-statements', payload, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
};

const SEPA = DEMO.connectorConfigurations.sepaCreditTransfer.id;
const setSepa = (status: 'active' | 'inactive') =>
  k.t.db.updateTable('connector_configurations').set({ status }).where('id', '=', SEPA).execute();

beforeAll(async () => {
  k = await startControlKit();
});
afterAll(() => k.close());

describe('the payment job', () => {
  it('a completed bank-transfer buyback is paid into the open batch of the day: awaiting → created, once', async () => {
    const b = await completed();
    const row = await paymentIn(b.id, 'payment_created');
    expect(row).toMatchObject({
      reference: b.identificationNumber,
      amount_cents: b.totalCents,
      attempts: 1,
      connector_configuration_id: SEPA,
    });
    expect(row.transfer_batch_id).toBeTruthy();
    expect(await paymentJobs(row.id)).toBe(1);
    // a later change of the completed buyback (or the same effect run again) enqueues nothing more
    await transact(systemContext(k.t.deps, { kind: 'all' }), (tx) =>
      enqueuePaymentOnCompletion(tx, {
        buybackId: b.id,
        accountId: row.account_id,
        fromBuybackStatus: 'bb_completed',
        toBuybackStatus: 'bb_completed',
      }),
    );
    expect(await paymentJobs(row.id)).toBe(1);
    expect(await paymentStatusHistory(k.t, b.id)).toEqual(['awaiting_payment', 'payment_created']);
    const audits = await k.t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_type', '=', 'payment')
      .where('entity_id', '=', row.id)
      .execute();
    expect(audits.some((a) => (a.after as { status?: string }).status === 'payment_created')).toBe(true);
  });

  it('a buyback not yet completed enqueues no payment', async () => {
    const b = await k.underControl();
    const row = await payment(b.id);
    expect(row.status).toBe('awaiting_payment');
    expect(await paymentJobs(row.id)).toBe(0);
  });

  it('pays the negotiated price after a counter-offer accepted (plus the checkout modifiers)', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const accepted = await k.t.app.inject({
      method: 'POST',
      url: `/api/public/litigations/${b.id}/accept`,
      payload: { token: offer.token },
      remoteAddress: '10.66.0.1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const row = await paymentIn(b.id, 'payment_created');
    const buyback = await k.t.db
      .selectFrom('buybacks')
      .select(['total_cents', 'estimated_price_cents'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    const negotiated = offer.item.controlledPriceCents as number;
    expect(negotiated).toBeLessThan(b.totalCents);
    expect(row.amount_cents).toBe(negotiated + buyback.total_cents - buyback.estimated_price_cents);
  });

  it('nothing to pay (the price completed at is 0): payment_not_needed', async () => {
    const b = await k.underControl();
    await k.t.db
      .updateTable('buybacks')
      .set({ estimated_price_cents: sql<number>`total_cents + 10000000` })
      .where('id', '=', b.id)
      .execute();
    const res = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/complete`, {
      answers: await k.declaredAnswers(b),
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await paymentIn(b.id, 'payment_not_needed');
    expect(row.amount_cents).toBe(0);
    expect(row.transfer_batch_id).toBeNull();
  });

  it('without an active SEPA configuration the transfer fails with its reason', async () => {
    await setSepa('inactive');
    try {
      const b = await completed();
      const row = await paymentIn(b.id, 'payment_failed');
      expect(row.failure_reason).toBe('no_bank_transfer_connector');
      expect(row.transfer_batch_id).toBeNull();
    } finally {
      await setSepa('active');
    }
  });
});

describe('transfer batches and bank statements', () => {
  let batchId: string;
  const paid: { id: string; code: string; amount: number }[] = [];

  it('lists the open batch with its payments, their IBAN masked', async () => {
    for (let i = 0; i < 3; i += 1) {
      const b = await completed();
      const row = await paymentIn(b.id, 'payment_created');
      batchId = row.transfer_batch_id as string;
    }
    // with the payments of the tests above, in the same open batch
    const inBatch = await k.t.db
      .selectFrom('payments as p')
      .innerJoin('buybacks as b', 'b.id', 'p.buyback_id')
      .select(['b.id', 'b.identification_number as code', 'p.amount_cents as amount'])
      .where('p.transfer_batch_id', '=', batchId)
      .orderBy('p.created_at')
      .execute();
    paid.push(...inBatch);
    expect(paid.length).toBeGreaterThanOrEqual(3);
    const list = await k.get('rmu', '/api/transfer-batches?status[]=open');
    expect(list.statusCode, list.body).toBe(200);
    const open = list.json().member.find((m: { id: string }) => m.id === batchId);
    expect(open).toMatchObject({ status: 'open', currency: 'EUR', sequence: 1 });
    expect(open.businessDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(open.messageId.length).toBeLessThanOrEqual(35);
    const detail = await k.get('rmu', `/api/transfer-batches/${batchId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const codes = detail.json().payments.map((p: { buybackCode: string }) => p.buybackCode);
    for (const p of paid) expect(codes).toContain(p.code);
    expect(detail.json().payments[0].ibanMasked).toMatch(/^FR76 \*{4}/);
    expect(detail.body).not.toContain('FR7630006000011234567890189');
    expect(detail.json().paymentsCount).toBe(detail.json().payments.length);
  });

  it('downloads the batch file: pain.001.001.09 with the IBANs in clear, as an attachment', async () => {
    const res = await k.get('rmu', `/api/transfer-batches/${batchId}/file`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="RP\d{8}-\d+-\w+\.xml"$/);
    expect(res.body).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(res.body).toContain(`<EndToEndId>${paid[0]?.code}</EndToEndId>`);
    expect(res.body).toContain('<IBAN>FR7630006000011234567890189</IBAN>');
    expect(res.body).toContain('<BICFI>AGRIFRPPXXX</BICFI>');
  });

  it('another account sees no batch, and a store seller may not open them', async () => {
    const other = await k.get('otherRmu', '/api/transfer-batches');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().member.map((m: { id: string }) => m.id)).not.toContain(batchId);
    expectProblem(await k.get('otherRmu', `/api/transfer-batches/${batchId}`), 404, 'not_found');
    expectProblem(await k.get('otherRmu', `/api/transfer-batches/${batchId}/file`), 404, 'not_found');
    expectProblem(await k.post('otherRmu', `/api/transfer-batches/${batchId}/sent`), 404, 'not_found');
    expect((await k.get('seller', '/api/transfer-batches')).statusCode).toBe(403);
    expect((await k.post('seller', `/api/transfer-batches/${batchId}/sent`)).statusCode).toBe(403);
    expect((await statement('date;reference;amount;status\n', 'seller')).statusCode).toBe(403);
  });

  it('marking the batch sent initiates its payments; a second time is refused; new payments open a new batch', async () => {
    const res = await k.post('rmu', `/api/transfer-batches/${batchId}/sent`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('sent');
    expect(res.json().sentBy).toBeTruthy();
    for (const p of res.json().payments) expect(p.status).toBe('payment_initiated');
    expectProblem(
      await k.post('rmu', `/api/transfer-batches/${batchId}/sent`),
      409,
      'transfer_batch_not_open',
    );
    const b = await completed();
    const next = await paymentIn(b.id, 'payment_created');
    expect(next.transfer_batch_id).not.toBe(batchId);
    const nextBatch = (await k.get('rmu', `/api/transfer-batches/${next.transfer_batch_id}`)).json();
    expect(nextBatch.status).toBe('open');
  });

  it('a statement completes matched payments, fails rejected ones, reports the others, and reconciles the batch', async () => {
    const [first, second, third] = paid as [(typeof paid)[0], (typeof paid)[0], (typeof paid)[0]];
    const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    const csv = [
      'date;reference;amount;status',
      `2026-11-26;${first.code};${euros(first.amount)};paid`,
      `2026-11-26;${second.code};${euros(second.amount)};rejected`,
      `2026-11-26;${third.code};${euros(third.amount + 1)};paid`,
      '2026-11-26;9999999999999;10,00;paid',
    ].join('\n');
    const res = await statement(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      format: 'csv',
      entriesCount: 4,
      paidCount: 1,
      failedCount: 1,
      unmatched: [
        { line: 4, reference: third.code, reason: 'amount_mismatch' },
        { line: 5, reference: '9999999999999', reason: 'unknown_reference' },
      ],
      reconciledBatchIds: [],
    });
    expect(await payment(first.id)).toMatchObject({ status: 'payment_completed' });
    expect((await payment(first.id)).paid_at?.toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(await payment(second.id)).toMatchObject({
      status: 'payment_failed',
      failure_reason: 'rejected by the bank',
    });
    // the third settled by a second statement: the batch is then reconciled
    const rest = paid.slice(2).map((p) => `2026-11-27;${p.code};${euros(p.amount)};paid`);
    const again = await statement(
      ['date;reference;amount;status', ...rest, `2026-11-27;${first.code};${euros(first.amount)};paid`].join(
        '\n',
      ),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      paidCount: rest.length,
      unmatched: [{ line: rest.length + 2, reason: 'already_settled' }],
      reconciledBatchIds: [batchId],
    });
    expect((await k.get('rmu', `/api/transfer-batches/${batchId}`)).json().status).toBe('reconciled');
    const stored = await k.t.db.selectFrom('bank_statements').selectAll().orderBy('uploaded_at').execute();
    expect(stored.at(-1)).toMatchObject({
      format: 'csv',
      paid_count: rest.length,
      entries_count: rest.length + 1,
    });
  });

  it('a camt.053 statement settles too; a statement of another account settles nothing of this one', async () => {
    const b = await completed();
    const row = await paymentIn(b.id, 'payment_created');
    const sent = await k.post('rmu', `/api/transfer-batches/${row.transfer_batch_id}/sent`);
    expect(sent.statusCode, sent.body).toBe(200);
    const entries = (sent.json().payments as { buybackCode: string; amountCents: number }[])
      .map(
        (
          p,
        ) => `<Ntry><Amt Ccy="EUR">${(p.amountCents / 100).toFixed(2)}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>2026-11-28</Dt></BookgDt><NtryDtls><TxDtls><Refs><EndToEndId>${p.buybackCode}</EndToEndId></Refs></TxDtls></NtryDtls></Ntry>`,
      )
      .join('\n');
    const count = sent.json().payments.length;
    const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
    const boundary = '----camt';
    const upload = (who: 'rmu' | 'otherRmu') =>
      k.send(
        'POST',
        who,
        '/api/bank-statements',
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="camt.xml"\r\nContent-Type: application/xml\r\n\r\n${camt}\r\n--${boundary}--\r\n`,
        ),
        { 'content-type': `multipart/form-data; boundary=${boundary}` },
      );
    const foreign = await upload('otherRmu');
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json()).toMatchObject({ paidCount: 0 });
    expect(foreign.json().unmatched).toHaveLength(count);
    expect((await payment(b.id)).status).toBe('payment_initiated');
    const res = await upload('rmu');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      format: 'camt053',
      paidCount: count,
      reconciledBatchIds: [row.transfer_batch_id],
    });
    expect((await payment(b.id)).status).toBe('payment_completed');
  });

  it('refuses a statement it cannot read, and one over 2 MB', async () => {
    expectProblem(await statement('reference,amount\n1,2\n'), 422, 'bank_statement_invalid');
    const big = `date;reference;amount;status\n${'x'.repeat(2 * 1024 * 1024)}`;
    expectProblem(await statement(big), 413, 'file_too_large');
    const unknown = await k.get('rmu', `/api/transfer-batches/${randomUUID()}`);
    expectProblem(unknown, 404, 'not_found');
  });
});

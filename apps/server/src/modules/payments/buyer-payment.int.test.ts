import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/buyback-kit';
import { type ControlKit, startControlKit } from '../../../test/control-kit';
import { DEMO } from '../../../test/test-app';

/**
 * Buyer payment (docs/payments.md, "Buyer payment"; buyer-payment.service.ts, payment-job.ts
 * `payerOf`): a buyer with buyer payment enabled pays the customers' transfers of the buybacks
 * assigned to it, through its own SEPA configuration and batches; its statement settles them.
 */

let k: ControlKit;
const BUYER = DEMO.accounts.demoBuyer;
const features = (who: 'buyer' | 'rmu' | 'admin' | 'seller', accountId = BUYER) =>
  k.get(who, `/api/payment/account/${accountId}/by-buyer-feature-available`);

const payment = (buybackId: string) =>
  k.t.db.selectFrom('payments').selectAll().where('buyback_id', '=', buybackId).executeTakeFirstOrThrow();

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

async function completed() {
  const b = await k.underControl();
  const res = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/complete`, {
    answers: await k.declaredAnswers(b),
  });
  expect(res.statusCode, res.body).toBe(200);
  return b;
}

const setBuyerPayment = (enabled: boolean) =>
  k.t.db
    .updateTable('organization_root_details')
    .set({ buyer_payment_enabled: enabled })
    .where('account_id', '=', BUYER)
    .execute();

const statement = (csv: string, who: 'buyer' | 'rmu') => {
  const boundary = '----reprise-statement';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return k.send('POST', who, '/api/bank-statements', payload, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
};

let buyerSepa: string;

beforeAll(async () => {
  k = await startControlKit();
});
afterAll(() => k.close());

describe('by-buyer-feature-available', () => {
  it('answers the buyer its setting and whether it has an active SEPA configuration', async () => {
    await setBuyerPayment(false);
    const off = await features('buyer');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      accountId: BUYER,
      buyerPaymentEnabled: false,
      bankTransferConnectorActive: false,
      available: false,
      paymentTypes: [],
    });
    await setBuyerPayment(true);
    expect((await features('buyer')).json()).toMatchObject({ buyerPaymentEnabled: true, available: false });
  });

  it("another account's answer is 404; a platform operator reads any", async () => {
    expectProblem(await features('rmu'), 404, 'not_found');
    expectProblem(await features('buyer', DEMO.accounts.demoRetail), 404, 'not_found');
    expect((await features('admin')).statusCode).toBe(200);
    expectProblem(await features('admin', '00000000-0000-4000-8000-00000000dead'), 404, 'not_found');
    expectProblem(await features('seller', DEMO.accounts.demoRetail), 403, 'forbidden');
  });
});

describe('the buyer pays', () => {
  it('without an active SEPA configuration of the buyer the transfer fails, though the retailer has one', async () => {
    await setBuyerPayment(true);
    const b = await completed();
    const row = await paymentIn(b.id, 'payment_failed');
    expect(row).toMatchObject({
      failure_reason: 'no_buyer_bank_transfer_connector',
      transfer_batch_id: null,
      payer_account_id: null,
    });
  });

  it("with its configuration, the transfer goes into the buyer's batch; the buyer sends it and its statement settles it", async () => {
    const created = await k.post('admin', '/api/connector-organizations', {
      organizationId: DEMO.orgs.buyer,
      connectorId: '00000000-0000-4000-c000-000000000001',
      name: 'Virements acheteur',
      status: 'active',
      properties: {
        debtor_name: 'Demo Buyer SAS',
        debtor_iban: 'FR7630006000011234567890189',
        debtor_bic: 'BNPAFRPPXXX',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    buyerSepa = created.json().id;
    expect((await features('buyer')).json()).toMatchObject({
      available: true,
      bankTransferConnectorActive: true,
      paymentTypes: ['bank_transfer', 'no_iban_transfer'],
    });

    const b = await completed();
    const row = await paymentIn(b.id, 'payment_created');
    expect(row).toMatchObject({
      payer_account_id: BUYER,
      connector_configuration_id: buyerSepa,
      account_id: DEMO.accounts.demoRetail,
    });
    const batch = await k.t.db
      .selectFrom('transfer_batches')
      .selectAll()
      .where('id', '=', row.transfer_batch_id as string)
      .executeTakeFirstOrThrow();
    expect(batch.account_id).toBe(BUYER);

    // the retailer does not see the buyer's batch; the buyer does, with the retailer's payment in it
    expectProblem(await k.get('rmu', `/api/transfer-batches/${batch.id}`), 404, 'not_found');
    const detail = await k.get('buyer', `/api/transfer-batches/${batch.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().payments.map((p: { id: string }) => p.id)).toContain(row.id);
    const file = await k.get('buyer', `/api/transfer-batches/${batch.id}/file`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('<Nm>Demo Buyer SAS</Nm>');
    expect(file.body).toContain(`<EndToEndId>${b.identificationNumber}</EndToEndId>`);

    const sent = await k.post('buyer', `/api/transfer-batches/${batch.id}/sent`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await payment(b.id)).status).toBe('payment_initiated');

    const euros = (row.amount_cents / 100).toFixed(2);
    const line = `date;reference;amount;status\n2026-03-02;${b.identificationNumber};${euros};paid`;
    // the retailer's statement does not know a transfer its buyer pays
    const retailer = await statement(line, 'rmu');
    expect(retailer.statusCode, retailer.body).toBe(200);
    expect(retailer.json().unmatched).toEqual([expect.objectContaining({ reason: 'unknown_reference' })]);
    const settled = await statement(line, 'buyer');
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ paidCount: 1, unmatched: [] });
    const paid = await payment(b.id);
    expect(paid.status).toBe('payment_completed');
    // the payment stays the retailer's: its audit row names the retailer's account
    const audits = await k.t.db
      .selectFrom('audit_log')
      .select(['account_id', 'after'])
      .where('entity_type', '=', 'payment')
      .where('entity_id', '=', row.id)
      .execute();
    expect(audits.every((a) => a.account_id === DEMO.accounts.demoRetail)).toBe(true);
  });

  it('without buyer payment the retailer pays again', async () => {
    await setBuyerPayment(false);
    const b = await completed();
    const row = await paymentIn(b.id, 'payment_created');
    expect(row).toMatchObject({
      payer_account_id: DEMO.accounts.demoRetail,
      connector_configuration_id: DEMO.connectorConfigurations.sepaCreditTransfer.id,
    });
  });
});

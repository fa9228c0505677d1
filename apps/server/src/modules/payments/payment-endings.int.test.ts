import type { BuybackResponse, PaymentResponse } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/buyback-kit';
import { type ControlKit, startControlKit } from '../../../test/control-kit';
import { nativeStockId } from '../../../test/item-moves-kit';
import { DEMO_TRANSPORT } from '../../seed/demo-transport';

/**
 * A buyback that ends without purchase (docs/payments.md, "A buyback that ends without purchase"):
 * its item going back to the customer (the counter-offer declined, the release from quarantine to
 * the customer return stock) cancels its payment in the move's transaction, as a cancellation
 * does; the search then shows it cancelled and offers no "mark as paid". A loss leaves it waiting:
 * the customer handed the product over and is owed its price.
 */

let k: ControlKit;
let address = 0;

beforeAll(async () => {
  k = await startControlKit();
  // the platform's own return label: the carrier's is modules/transport
  await k.t.db
    .updateTable('connector_configurations')
    .set({ status: 'inactive' })
    .where('id', '=', DEMO_TRANSPORT.configurationId)
    .execute();
}, 120_000);
afterAll(() => k.close());

/** The payment as the search answers it (`/searchPayment`), as the retailer's root manager. */
async function searched(b: BuybackResponse): Promise<PaymentResponse> {
  const res = await k.get('rmu', `/api/payments?buybackCode=${b.identificationNumber}`);
  expect(res.statusCode, res.body).toBe(200);
  const [payment] = res.json().member as PaymentResponse[];
  expect(payment?.buyback.id).toBe(b.id);
  return payment as PaymentResponse;
}

/** The payment lines of the buyback's history (the detail's status history). */
async function paymentHistory(b: BuybackResponse): Promise<string[]> {
  const res = await k.get('rmu', `/api/buybacks/${b.id}/additional-infos`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().statusHistory as { paymentStatus: string | null }[]).flatMap((h) =>
    h.paymentStatus ? [h.paymentStatus] : [],
  );
}

async function expectCancelled(b: BuybackResponse) {
  const payment = await searched(b);
  expect(payment).toMatchObject({
    status: 'payment_cancelled',
    allowedActions: { markPaid: false, relaunch: false },
  });
  // created awaiting, cancelled once (a second move back does not cancel it again)
  expect(await paymentHistory(b)).toEqual(['awaiting_payment', 'payment_cancelled']);
  expectProblem(
    await k.post('rmu', `/api/payments/${payment.id}/mark-paid`, {}),
    409,
    'payment_not_markable_paid',
  );
  // not among the payments awaiting
  const awaiting = await k.get(
    'rmu',
    `/api/payments?buybackCode=${b.identificationNumber}&status[]=awaiting_payment`,
  );
  expect(awaiting.json().totalItems).toBe(0);
}

async function expectAwaiting(b: BuybackResponse) {
  expect(await searched(b)).toMatchObject({
    status: 'awaiting_payment',
    allowedActions: { markPaid: true },
  });
}

const stockOf = (kind: string) => nativeStockId(k.t, kind);

describe('the item goes back to its customer: the payment is cancelled', () => {
  it('the customer declines the counter-offer', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    await expectAwaiting(b);
    address += 1;
    const res = await k.t.app.inject({
      method: 'POST',
      url: `/api/public/litigations/${b.id}/reject`,
      remoteAddress: `10.78.0.${address}`,
      payload: { token: offer.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await k.item(b.item.id)).status).toBe('item_to_return');
    await expectCancelled(b);
  });

  it('released from quarantine to the customer return stock (by the buyer’s warehouse), then returned', async () => {
    const b = await k.underControl();
    const put = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/quarantine`, {
      reason: 'locked',
      comment: 'Compte iCloud actif',
    });
    expect(put.statusCode, put.body).toBe(200);
    await expectAwaiting(b);
    const released = await k.post('warehouse', `/api/items/${b.item.id}/quarantine/release`, {
      stockId: await stockOf('customer_return'),
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      status: 'item_to_return',
      buyback: { status: 'bb_not_completed' },
    });
    await expectCancelled(b);
    // returned at last: the payment stays cancelled, with one history line
    const returned = await k.asOperator('POST', `/api/items/${b.item.id}/returned`);
    expect(returned.statusCode, returned.body).toBe(200);
    await expectCancelled(b);
  });

  it('the buyback cancelled (the cancellation cancels it too)', async () => {
    const b = await k.createBuyback();
    const res = await k.post('rmu', `/api/buybacks/${b.id}/cancel`, { reason: 'customer_retraction' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await searched(b)).status).toBe('payment_cancelled');
    expect((await searched(b)).allowedActions.markPaid).toBe(false);
  });

  it('a payment already marked paid is left as it is (never reversed automatically)', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const payment = await searched(b);
    const paid = await k.post('rmu', `/api/payments/${payment.id}/mark-paid`, { information: 'Espèces' });
    expect(paid.statusCode, paid.body).toBe(200);
    address += 1;
    const res = await k.t.app.inject({
      method: 'POST',
      url: `/api/public/litigations/${b.id}/reject`,
      remoteAddress: `10.78.1.${address}`,
      payload: { token: offer.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await searched(b)).status).toBe('payment_completed');
  });
});

describe('a loss leaves the payment waiting (the customer is owed the price)', () => {
  it('lost in store, in transport, in the warehouse', async () => {
    const inStore = await k.createBuyback();
    const store = await k.post('rmu', `/api/buybacks/${inStore.id}/mark-lost`, {});
    expect(store.statusCode, store.body).toBe(200);
    await expectAwaiting(inStore);

    const inTransport = await k.sentBuyback();
    const transport = await k.asOperator('POST', `/api/items/${inTransport.item.id}/mark-lost`, {
      place: 'transport',
    });
    expect(transport.statusCode, transport.body).toBe(200);
    await expectAwaiting(inTransport);

    const inWarehouse = await k.underControl();
    const warehouse = await k.asOperator('POST', `/api/items/${inWarehouse.item.id}/mark-lost`, {
      place: 'warehouse',
    });
    expect(warehouse.statusCode, warehouse.body).toBe(200);
    await expectAwaiting(inWarehouse);
  });
});

describe('another tenant', () => {
  it('sees none of these payments', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    address += 1;
    await k.t.app.inject({
      method: 'POST',
      url: `/api/public/litigations/${b.id}/reject`,
      remoteAddress: `10.78.2.${address}`,
      payload: { token: offer.token },
    });
    const res = await k.get('otherRmu', `/api/payments?buybackCode=${b.identificationNumber}`);
    expect(res.json().totalItems).toBe(0);
  });
});

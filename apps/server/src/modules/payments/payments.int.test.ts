import type { BuybackResponse, PaymentResponse, PaymentStatus } from '@reprise/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectViolation } from '../../../test/api-kit';
import { DEMO, expectProblem, PM, useBuybackKit, type Who } from '../../../test/buyback-kit';
import { advanceItem, warehouseManagerContext } from '../../../test/item-moves-kit';
import { paymentOf, paymentReaching, setTerminalMaximum } from '../../../test/payment-kit';
import type { RequestContext } from '../../platform/request-context';

/**
 * The back office's payments (docs/payments.md): relaunching a
 * failed payment (the job runs it again), marking one as paid by hand, the search and the buyback
 * detail's payment panel, each seen where the buyback is seen.
 */

const k = useBuybackKit();
let warehouse: RequestContext;
beforeAll(async () => {
  warehouse = await warehouseManagerContext(k.t);
});

/** A gift-card buyback completed while the terminal's maximum is below its amount: its payment fails. */
async function failedGiftCardPayment(): Promise<{ b: BuybackResponse; p: PaymentResponse }> {
  await setTerminalMaximum(k.t, 1000);
  try {
    const b = await k.createBuyback({ paymentModeId: PM.giftCard });
    await advanceItem(warehouse, b.item.id, 'item_completed_by_price');
    return { b, p: await paymentReaching(k, b, 'payment_failed') };
  } finally {
    await setTerminalMaximum(k.t, 150000);
  }
}

/** Puts a payment in a status directly (statuses a provider would bring it to). */
const forceStatus = (id: string, status: PaymentStatus) =>
  k.t.db.updateTable('payments').set({ status }).where('id', '=', id).execute();

describe('relaunch', () => {
  it('a failed payment is relaunched: payment_created, then the job completes it once the maximum is raised', async () => {
    const { b, p } = await failedGiftCardPayment();
    expect(p.failureReason).toBe('amount_above_terminal_maximum');
    const res = await k.post('rmu', `/api/payments/${p.id}/relaunch`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'payment_created', failureReason: null });
    const paid = await paymentReaching(k, b, 'payment_completed');
    expect(paid.giftCardNumberMasked).toMatch(/^•{12}\d{4}$/);
    expect(paid.attempts).toBe(2);
    const events = await k.t.db
      .selectFrom('buyback_status_events')
      .select(['payment_status', 'actor_user_id'])
      .where('buyback_id', '=', b.id)
      .where('payment_status', 'is not', null)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.payment_status)).toEqual([
      'awaiting_payment',
      'payment_failed',
      'payment_created',
      'payment_completed',
    ]);
    // the relaunch is the manager's; the job's moves are nobody's
    expect(events[2]?.actor_user_id).not.toBeNull();
    expect(events[3]?.actor_user_id).toBeNull();
  });

  it('relaunched while the maximum is still too low, it fails again', async () => {
    const { b, p } = await failedGiftCardPayment();
    await setTerminalMaximum(k.t, 1000);
    try {
      expect((await k.post('rmu', `/api/payments/${p.id}/relaunch`)).statusCode).toBe(200);
      // the relaunch's job has run (its payment was payment_failed before it too)
      await k.t.jobsSettled();
      const again = await paymentReaching(k, b, 'payment_failed');
      expect(again.attempts).toBe(2);
    } finally {
      await setTerminalMaximum(k.t, 150000);
    }
  });

  it('only a failed payment is relaunched; another tenant and a store seller are refused', async () => {
    const b = await k.createBuyback({ paymentModeId: PM.giftCard });
    const p = await paymentOf(k, b);
    expect(p.status).toBe('awaiting_payment');
    expectProblem(await k.post('rmu', `/api/payments/${p.id}/relaunch`), 409, 'payment_not_relaunchable');
    const { p: failed } = await failedGiftCardPayment();
    expectProblem(await k.post('otherRmu', `/api/payments/${failed.id}/relaunch`), 404, 'not_found');
    expect((await k.post('seller', `/api/payments/${failed.id}/relaunch`)).statusCode).toBe(403);
    await forceStatus(failed.id, 'payment_completed');
    expectProblem(
      await k.post('rmu', `/api/payments/${failed.id}/relaunch`),
      409,
      'payment_not_relaunchable',
    );
  });
});

describe('mark as paid', () => {
  for (const status of [
    'awaiting_payment',
    'payment_created',
    'payment_initiated',
    'payment_failed',
  ] as const) {
    it(`from ${status}: completed with the information, who and when`, async () => {
      const b = await k.createBuyback();
      const p = await paymentOf(k, b);
      if (status !== 'awaiting_payment') await forceStatus(p.id, status);
      expect((await paymentOf(k, b)).allowedActions.markPaid).toBe(true);
      const res = await k.post('rmu', `/api/payments/${p.id}/mark-paid`, {
        information: `  Chèque n° 1234 (${status})  `,
      });
      expect(res.statusCode, res.body).toBe(200);
      const paid = res.json() as PaymentResponse;
      expect(paid).toMatchObject({
        status: 'payment_completed',
        manualInformation: `Chèque n° 1234 (${status})`,
        markedPaidBy: expect.any(String),
      });
      expect(paid.paidAt).not.toBeNull();
      expect(paid.allowedActions.markPaid).toBe(false);
    });
  }

  it('the information is optional, and refused above 255 characters', async () => {
    const b = await k.createBuyback();
    const p = await paymentOf(k, b);
    expectViolation(
      await k.post('rmu', `/api/payments/${p.id}/mark-paid`, { information: 'x'.repeat(256) }),
      'too_long',
      'information',
    );
    const res = await k.post('buyer', `/api/payments/${p.id}/mark-paid`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'payment_completed', manualInformation: null });
  });

  it('a completed or cancelled payment is not marked paid', async () => {
    const b = await k.createBuyback();
    const p = await paymentOf(k, b);
    expect((await k.post('rmu', `/api/payments/${p.id}/mark-paid`, {})).statusCode).toBe(200);
    expectProblem(
      await k.post('rmu', `/api/payments/${p.id}/mark-paid`, {}),
      409,
      'payment_not_markable_paid',
    );
    const c = await k.createBuyback();
    const cancel = await k.post('rmu', `/api/buybacks/${c.id}/cancel`, { reason: 'customer_retraction' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cp = await paymentOf(k, c);
    expect(cp.status).toBe('payment_cancelled');
    expectProblem(
      await k.post('rmu', `/api/payments/${cp.id}/mark-paid`, {}),
      409,
      'payment_not_markable_paid',
    );
  });

  it('another tenant gets 404 and a store seller 403', async () => {
    const b = await k.createBuyback();
    const p = await paymentOf(k, b);
    expectProblem(await k.post('otherRmu', `/api/payments/${p.id}/mark-paid`, {}), 404, 'not_found');
    expect((await k.post('seller', `/api/payments/${p.id}/mark-paid`, {})).statusCode).toBe(403);
  });

  it('a payment in an open transfer batch leaves it when marked paid or cancelled; a sent batch keeps it', async () => {
    const batch = async (status: 'open' | 'sent', sequence: number) =>
      (
        await k.t.db
          .insertInto('transfer_batches')
          .values({
            account_id: DEMO.accounts.demoRetail,
            business_date: sql<string>`'2001-01-01'::date`,
            sequence,
            message_id: `B2-TEST-${status}-${sequence}-${Date.now()}`.slice(0, 35),
            currency: status === 'open' ? 'XTS' : 'EUR',
            status,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const open = await batch('open', 901);
    const sent = await batch('sent', 902);
    const inBatch = async (batchId: string, status: PaymentStatus) => {
      const b = await k.createBuyback();
      const p = await paymentOf(k, b);
      await k.t.db
        .updateTable('payments')
        .set({ transfer_batch_id: batchId, status })
        .where('id', '=', p.id)
        .execute();
      return { b, p };
    };
    const batchOf = async (id: string) =>
      (
        await k.t.db
          .selectFrom('payments')
          .select('transfer_batch_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).transfer_batch_id;

    const marked = await inBatch(open, 'payment_created');
    expect((await k.post('rmu', `/api/payments/${marked.p.id}/mark-paid`, {})).statusCode).toBe(200);
    expect(await batchOf(marked.p.id)).toBeNull();

    const initiated = await inBatch(sent, 'payment_initiated');
    expect((await k.post('rmu', `/api/payments/${initiated.p.id}/mark-paid`, {})).statusCode).toBe(200);
    expect(await batchOf(initiated.p.id)).toBe(sent);

    const cancelled = await inBatch(open, 'payment_created');
    const res = await k.post('rmu', `/api/buybacks/${cancelled.b.id}/cancel`, { reason: 'other' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await batchOf(cancelled.p.id)).toBeNull();
  });
});

describe('search', () => {
  let giftCard: BuybackResponse;
  let transfer: BuybackResponse;

  beforeAll(async () => {
    giftCard = await k.createBuyback({ paymentModeId: PM.giftCard });
    transfer = await k.createBuyback();
  });

  const search = async (who: Who, query: string) => {
    const res = await k.get(who, `/api/payments?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { member: PaymentResponse[]; totalItems: number; view: Record<string, string> };
  };

  it('finds a payment by its buyback code or its beginning', async () => {
    const exact = await search('rmu', `buybackCode=${giftCard.identificationNumber}`);
    expect(exact.member.map((p) => p.buyback.id)).toEqual([giftCard.id]);
    expect(exact.member[0]).toMatchObject({
      type: 'gift_card',
      status: 'awaiting_payment',
      account: { id: DEMO.accounts.demoRetail },
      store: 'Demo Retail Paris Rivoli',
    });
    const prefix = await search(
      'rmu',
      `buybackCode=${giftCard.identificationNumber.slice(0, 12)}&itemsPerPage=100`,
    );
    expect(prefix.member.some((p) => p.buyback.id === giftCard.id)).toBe(true);
    expect(
      prefix.member.every((p) =>
        p.buyback.identificationNumber.startsWith(giftCard.identificationNumber.slice(0, 12)),
      ),
    ).toBe(true);
  });

  it('filters by status, type and creation dates', async () => {
    const byType = await search('rmu', 'type[]=gift_card&itemsPerPage=100');
    expect(byType.member.length).toBeGreaterThan(0);
    expect(byType.member.every((p) => p.type === 'gift_card')).toBe(true);
    expect(byType.member.some((p) => p.buyback.id === transfer.id)).toBe(false);
    const byStatus = await search(
      'rmu',
      'status[]=payment_completed&status[]=payment_failed&itemsPerPage=100',
    );
    expect(byStatus.member.every((p) => ['payment_completed', 'payment_failed'].includes(p.status))).toBe(
      true,
    );
    const today = new Date().toISOString().slice(0, 10);
    const created = await search(
      'rmu',
      `createdAt[after]=${today}&createdAt[before]=${today}&itemsPerPage=100`,
    );
    expect(created.member.some((p) => p.buyback.id === giftCard.id)).toBe(true);
    expect((await search('rmu', 'createdAt[before]=2000-01-01')).totalItems).toBe(0);
    expect((await k.get('rmu', '/api/payments?buybackCode=12ab')).statusCode).toBe(422);
  });

  it('sorts by amount and pages as a collection', async () => {
    const asc = await search('rmu', 'order[amount]=asc&itemsPerPage=5');
    const amounts = asc.member.map((p) => p.amountCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(asc.view.first).toContain('page=1');
    expect(asc.totalItems).toBeGreaterThan(5);
  });

  it('a platform operator narrows to one account; a second tenant sees none of Demo Retail’s', async () => {
    const own = await search('admin', `account=${DEMO.accounts.demoRetail}&itemsPerPage=100`);
    expect(own.member.every((p) => p.account.id === DEMO.accounts.demoRetail)).toBe(true);
    const other = await search('otherRmu', `buybackCode=${giftCard.identificationNumber}`);
    expect(other.totalItems).toBe(0);
    const otherAll = await search('otherRmu', 'itemsPerPage=100');
    expect(otherAll.member.some((p) => p.account.id === DEMO.accounts.demoRetail)).toBe(false);
    const narrowed = await search('otherRmu', `account=${DEMO.accounts.demoRetail}`);
    expect(narrowed.totalItems).toBe(0);
    expectProblem(await k.get('otherRmu', `/api/buybacks/${giftCard.id}/payment`), 404, 'not_found');
  });

  it('a buyer manager sees the payments of the buybacks assigned to its account', async () => {
    const res = await search('buyer', `buybackCode=${giftCard.identificationNumber}`);
    const seen = (await k.get('buyer', `/api/buybacks/${giftCard.id}`)).statusCode === 200;
    expect(res.totalItems).toBe(seen ? 1 : 0);
  });

  it('a store seller may not search payments', async () => {
    expect((await k.get('seller', '/api/payments')).statusCode).toBe(403);
  });
});

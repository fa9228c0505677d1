import type { BuybackResponse, PaymentResponse, PaymentStatus } from '@reprise/shared';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { ApiKit } from './api-kit';
import { DEMO, type TestApp } from './test-app';

/** What the payment tests share: the gift-card terminal's maximum, a buyback's payment and its history. */

/** Sets the Demo Retail gift-card terminal's maximum (cents), as the configuration screen would. */
export async function setTerminalMaximum(t: TestApp, cents: number): Promise<void> {
  await t.db
    .updateTable('connector_configurations')
    .set({ properties: sql`properties || ${JSON.stringify({ maximum_amount: String(cents) })}::jsonb` })
    .where('id', '=', DEMO.connectorConfigurations.giftCardTerminal.id)
    .execute();
}

/** The payment panel of a buyback, as `who` reads it. */
export async function paymentOf(
  k: ApiKit,
  b: BuybackResponse,
  who: 'rmu' | 'admin' = 'rmu',
): Promise<PaymentResponse> {
  const res = await k.get(who, `/api/buybacks/${b.id}/payment`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Waits for the payment job to bring the payment to `status`. */
export async function paymentReaching(
  k: ApiKit,
  b: BuybackResponse,
  status: PaymentStatus,
): Promise<PaymentResponse> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const p = await paymentOf(k, b);
    if (p.status === status) return p;
    if (Date.now() > deadline) throw new Error(`payment still ${p.status}, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The payment statuses a buyback went through, first to last. */
export async function paymentStatusHistory(t: TestApp, buybackId: string): Promise<(string | null)[]> {
  const events = await t.db
    .selectFrom('buyback_status_events')
    .select('payment_status')
    .where('buyback_id', '=', buybackId)
    .where('payment_status', 'is not', null)
    .orderBy('id')
    .execute();
  return events.map((e) => e.payment_status);
}

/** The number of the gift card a buyback's payment issued. */
export async function giftCardNumberOf(t: TestApp, buybackId: string): Promise<string> {
  const row = await t.db
    .selectFrom('payments')
    .select('gift_card_number')
    .where('buyback_id', '=', buybackId)
    .executeTakeFirstOrThrow();
  return row.gift_card_number as string;
}

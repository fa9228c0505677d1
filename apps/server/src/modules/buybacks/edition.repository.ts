import { sql, type Updateable } from 'kysely';
import type { BuybacksTable, CustomersTable, PaymentsTable } from '../../platform/db.types';
import type { AccountScope, BaseTxContext } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';
import type { OwnedBuyback } from './buybacks.repository';

/** The writes of a buyback's edition (edition.service.ts), each scoped to the buyback's account. */

const scopeOf = (buyback: OwnedBuyback): AccountScope => ({ kind: 'account', accountId: buyback.account_id });

/** The customer of the buyback (shared by the buybacks of its cart: one customer, one set of details). */
export async function updateCustomer(
  tx: BaseTxContext,
  buyback: OwnedBuyback & { customer_id: string },
  values: Updateable<CustomersTable>,
  sortName: string,
): Promise<void> {
  const scope = scopeOf(buyback);
  await updateOwned(tx, 'customers', scope).set(values).where('id', '=', buyback.customer_id).execute();
  await updateOwned(tx, 'buybacks', scope)
    .set({ customer_sort_name: sortName, updated_at: sql<Date>`now()` })
    .where('customer_id', '=', buyback.customer_id)
    .execute();
}

/** The buyback's snapshot columns (price, payment mode, answers, external code). */
export async function updateBuyback(
  tx: BaseTxContext,
  buyback: OwnedBuyback,
  values: Updateable<BuybacksTable>,
): Promise<void> {
  await updateOwned(tx, 'buybacks', scopeOf(buyback))
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', buyback.id)
    .execute();
}

/** The new price on the item (its purchase price) and on the payment (type, amount, voucher). */
export async function repriceItemAndPayment(
  tx: BaseTxContext,
  buyback: OwnedBuyback,
  totalCents: number,
  payment: Pick<
    Updateable<PaymentsTable>,
    'type' | 'voucher_code' | 'iban_encrypted' | 'iban_masked' | 'iban_token_hash'
  >,
): Promise<void> {
  const scope = scopeOf(buyback);
  await updateOwned(tx, 'buyback_items', scope)
    .set({ purchase_price_cents: totalCents, updated_at: sql<Date>`now()` })
    .where('buyback_id', '=', buyback.id)
    .execute();
  await updateOwned(tx, 'payments', scope)
    .set({ ...payment, amount_cents: totalCents, updated_at: sql<Date>`now()` })
    .where('buyback_id', '=', buyback.id)
    .execute();
}

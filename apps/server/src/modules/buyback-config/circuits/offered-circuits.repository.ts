import type { CircuitChannel } from '@reprise/shared';
import { type BaseContext, readerOf } from '../../../platform/request-context';

/** The account of a product, whichever it is (platform operators act for the product's retailer). */
export async function productAccountOf(ctx: BaseContext, productId: string): Promise<string | undefined> {
  const row = await readerOf(ctx)
    .selectFrom('products')
    .select('account_id')
    .where('id', '=', productId)
    .executeTakeFirst();
  return row?.account_id;
}

/** A product of the account with its status and its main category's path. */
export async function findProduct(ctx: BaseContext, accountId: string, productId: string) {
  return readerOf(ctx)
    .selectFrom('products as p')
    .innerJoin('categories as k', 'k.id', 'p.main_category_id')
    .select(['p.id', 'p.status', 'k.path'])
    .where('p.id', '=', productId)
    .where('p.account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * The account's active circuits of a channel whose dispatch circuit rule is enabled and linked to
 * one of the categories, with the rule's settings and the circuit's warehouse status.
 */
export async function activeCircuitsLinkedTo(
  ctx: BaseContext,
  accountId: string,
  channel: CircuitChannel,
  categoryIds: string[],
) {
  return readerOf(ctx)
    .selectFrom('circuits as c')
    .innerJoin('dispatch_circuit_rules as r', 'r.circuit_id', 'c.id')
    .leftJoin('organizations as w', 'w.id', 'c.warehouse_id')
    .select([
      'c.id',
      'c.name',
      'c.channel',
      'c.type',
      'c.deposit_type',
      'c.description',
      'c.bonus_mode',
      'c.bonus_value',
      'c.bonus_cap',
      'c.transfer_order_number_of_copy',
      'c.eligible_countries',
      'c.warehouse_id',
      'w.status as warehouse_status',
      'r.id as rule_id',
      'r.own_instructions',
      'r.eligible_countries as rule_countries',
      'r.highlighted_instruction',
      'r.terms',
    ])
    .where('c.account_id', '=', accountId)
    .where('c.channel', '=', channel)
    .where('c.status', '=', 'active')
    .where('r.status', '=', 'enabled')
    .where('r.id', 'in', (eb) =>
      eb
        .selectFrom('dispatch_circuit_rule_categories')
        .select('dispatch_circuit_rule_id')
        .where('category_id', 'in', categoryIds),
    )
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/** The account's active payment modes of the circuits, by circuit. */
export async function activePaymentModesOf(ctx: BaseContext, accountId: string, circuitIds: string[]) {
  return readerOf(ctx)
    .selectFrom('circuit_payment_modes as cp')
    .innerJoin('payment_modes as p', 'p.id', 'cp.payment_mode_id')
    .select([
      'cp.circuit_id',
      'p.id',
      'p.type',
      'p.label',
      'p.description',
      'p.long_description',
      'p.bonus_mode',
      'p.bonus_value',
      'p.bonus_cap',
    ])
    .where('cp.circuit_id', 'in', circuitIds)
    .where('p.account_id', '=', accountId)
    .where('p.status', '=', 'active')
    .orderBy('p.label')
    .orderBy('p.id')
    .execute();
}

/** The active referring warehouses of the categories. */
export async function activeReferringWarehouses(ctx: BaseContext, categoryIds: string[]) {
  return readerOf(ctx)
    .selectFrom('category_referring_warehouses as crw')
    .innerJoin('organizations as o', 'o.id', 'crw.warehouse_id')
    .select(['crw.category_id', 'crw.warehouse_id'])
    .where('crw.category_id', 'in', categoryIds)
    .where('o.status', '=', 'active')
    .orderBy('o.common_name')
    .orderBy('o.id')
    .execute();
}

/** The highlighted instructions the categories set. */
export async function categoryHighlights(ctx: BaseContext, categoryIds: string[]) {
  return readerOf(ctx)
    .selectFrom('categories')
    .select(['id', 'highlighted_instruction'])
    .where('id', 'in', categoryIds)
    .where('highlighted_instruction', 'is not', null)
    .execute();
}

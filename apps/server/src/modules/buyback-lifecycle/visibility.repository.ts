import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { can } from '../../platform/context';
import type { BuybacksTable, Database } from '../../platform/db.types';
import { type BaseContext, type Reader, type RequestContext, readerOf } from '../../platform/request-context';
import { visiblePathPrefix } from '../../platform/scope';

/**
 * Which buybacks an actor sees, and a buyback found among them: every module that reads buybacks
 * or their items filters with `buybackScope`.
 */

type BuybackExpressions = ExpressionBuilder<Database & { b: BuybacksTable }, 'b'>;

/**
 * The buybacks an actor sees, by the module it works in:
 * - a retailer (tim): its account's, within its organisation subtree. Web pre-declared buybacks
 *   belong to no store yet: whoever may finalise them at a counter (buyback.predeclared_access)
 *   sees those of the account;
 * - a buyer (lcm): those assigned to its account, of the retailers it is a linked buyer of;
 * - a warehouse (rps): those whose destination warehouse lies within its organisation subtree;
 * - a public site's visitor: those it created itself; platform operators: all.
 */
export async function buybackScope(
  ctx: RequestContext,
): Promise<(eb: BuybackExpressions) => Expression<SqlBool>> {
  const { actor } = ctx;
  const prefix = visiblePathPrefix(actor);
  if (actor.userType === 'pseudo_anonymous')
    return (eb) => eb.and([eb('b.account_id', '=', actor.accountId), eb('b.created_by', '=', actor.userId)]);
  if (prefix === null) return (eb) => eb.lit(true);
  if (actor.module === 'lcm')
    return (eb) =>
      eb.and([
        eb('b.buyer_account_id', '=', actor.accountId),
        eb(
          'b.account_id',
          'in',
          eb
            .selectFrom('account_linked_buyers as l')
            .select('l.account_id')
            .where('l.buyer_account_id', '=', actor.accountId),
        ),
      ]);
  if (actor.module === 'rps') {
    // the warehouses first: named one by one, a warehouse's list reads its index in order
    const warehouses = await warehousesUnder(ctx, prefix);
    return (eb) =>
      warehouses.length === 0 ? eb.lit(false) : eb('b.destination_warehouse_id', 'in', warehouses);
  }
  const inSubtree = (eb: BuybackExpressions) => eb('b.organization_path', 'like', `${prefix}%`);
  const predeclared = can(actor, 'buyback.predeclared_access');
  return (eb) =>
    eb.and([
      eb('b.account_id', '=', actor.accountId),
      predeclared ? eb.or([inSubtree(eb), eb('b.predeclared', '=', true)]) : inSubtree(eb),
    ]);
}

/** The warehouses within an organisation subtree. */
async function warehousesUnder(ctx: BaseContext, pathPrefix: string): Promise<string[]> {
  const rows = await readerOf(ctx)
    .selectFrom('organizations')
    .select('id')
    .where('path', 'like', `${pathPrefix}%`)
    .where('type', '=', 'warehouse')
    .execute();
  return rows.map((r) => r.id);
}

const buybackDetailQuery = (db: Reader) =>
  db
    .selectFrom('buybacks as b')
    .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
    .innerJoin('payments as pay', 'pay.buyback_id', 'b.id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .leftJoin('organizations as s', 's.id', 'b.store_id')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .leftJoin('organizations as dw', 'dw.id', 'b.destination_warehouse_id')
    .leftJoin('warehouse_dispatch_rules as wdr', 'wdr.id', 'b.warehouse_dispatch_rule_id')
    .selectAll('b')
    .select([
      'dw.common_name as destination_warehouse_name',
      'wdr.title as warehouse_dispatch_rule_title',
      'i.id as item_id',
      'i.identification_number as item_identification_number',
      'i.status as item_status',
      'pay.status as payment_status',
      'pay.voucher_code',
      'pay.iban_masked',
      'cu.first_name as customer_first_name',
      'cu.last_name as customer_last_name',
      'cu.email as customer_email',
      'cu.phone as customer_phone',
      'cu.street as customer_street',
      'cu.street_more as customer_street_more',
      'cu.zip as customer_zip',
      'cu.city as customer_city',
      'cu.country as customer_country',
      'cu.identification_type',
      'cu.identification_number as customer_identification_number',
      sql<string | null>`to_char(cu.identification_delivery_date, 'YYYY-MM-DD')`.as(
        'identification_delivery_date',
      ),
      'cu.identification_issuing_authority',
      's.common_name as store_common_name',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('created_by_name'),
      'u.email as created_by_email',
      // a counter-offer awaits the customer's answer (modules/warehouse/litigation.service.ts)
      sql<boolean>`exists (select 1 from litigations l where l.buyback_id = b.id and l.status = 'open')`.as(
        'has_open_litigation',
      ),
    ]);

export type BuybackDetailRow = Selectable<BuybacksTable> & {
  destination_warehouse_name: string | null;
  warehouse_dispatch_rule_title: string | null;
  item_id: string;
  item_identification_number: string;
  item_status: string;
  payment_status: string;
  voucher_code: string | null;
  iban_masked: string | null;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  customer_street: string;
  customer_street_more: string | null;
  customer_zip: string;
  customer_city: string;
  customer_country: string;
  identification_type: string | null;
  customer_identification_number: string | null;
  identification_delivery_date: string | null;
  identification_issuing_authority: string | null;
  store_common_name: string | null;
  created_by_name: string | null;
  created_by_email: string | null;
  has_open_litigation: boolean;
};

/** Buybacks by id, whoever sees them: those a command has just created. */
export async function findBuybacks(ctx: BaseContext, ids: string[]): Promise<BuybackDetailRow[]> {
  if (ids.length === 0) return [];
  return (await buybackDetailQuery(readerOf(ctx)).where('b.id', 'in', ids).execute()) as BuybackDetailRow[];
}

/** A buyback the context's actor sees (`buybackScope`), by id or 13-digit number. */
export async function findVisibleBuyback(
  ctx: RequestContext,
  where: { id: string } | { identificationNumber: string },
  options: { forUpdate?: boolean } = {},
): Promise<BuybackDetailRow | undefined> {
  let query = buybackDetailQuery(readerOf(ctx)).where(await buybackScope(ctx));
  query =
    'id' in where
      ? query.where('b.id', '=', where.id)
      : query.where('b.identification_number', '=', where.identificationNumber);
  if (options.forUpdate) query = query.forUpdate('b');
  return (await query.executeTakeFirst()) as BuybackDetailRow | undefined;
}

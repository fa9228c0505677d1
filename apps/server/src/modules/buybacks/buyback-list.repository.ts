import type { BUYBACK_SORT_FIELDS, ListBuybacksQuery } from '@reprise/shared';
import { sql } from 'kysely';
import { type RequestContext, readerOf } from '../../platform/request-context';
import { fold } from '../catalog/catalog-text';
import { buybackScope } from './buybacks.repository';

type SortField = (typeof BUYBACK_SORT_FIELDS)[number];

const ORDER_COLUMNS = {
  createdAt: 'b.created_at',
  identificationNumber: 'b.identification_number',
  totalPrice: 'b.total_cents',
  status: 'b.status',
  customerName: 'b.customer_sort_name',
} as const satisfies Record<SortField, string>;

/** Escapes LIKE wildcards of a user's text. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The buyback list: the actor's scope, the filters of the list screen, one order, one page. */
export async function listBuybacks(
  ctx: RequestContext,
  query: ListBuybacksQuery,
  order: { field: SortField; direction: 'asc' | 'desc' },
) {
  let base = readerOf(ctx)
    .selectFrom('buybacks as b')
    .innerJoin('payments as pay', 'pay.buyback_id', 'b.id')
    .where(await buybackScope(ctx));
  if (query.code) {
    const code = query.code;
    base =
      code.length === 13
        ? base.where((eb) =>
            eb.or([
              eb('b.identification_number', '=', code),
              eb.exists(
                eb
                  .selectFrom('buyback_items as i')
                  .select('i.id')
                  .whereRef('i.buyback_id', '=', 'b.id')
                  .where('i.identification_number', '=', code),
              ),
            ]),
          )
        : base.where('b.identification_number', 'like', `${code}%`);
  }
  if (query.status?.length) base = base.where('b.status', 'in', query.status);
  if (query.paymentType?.length) base = base.where('b.payment_type', 'in', query.paymentType);
  if (query.store?.length) base = base.where('b.store_id', 'in', query.store);
  if (query.predeclared) base = base.where('b.predeclared', '=', query.predeclared === 'true');
  if (query['createdAt[after]']) {
    base = base.where('b.created_at', '>=', sql<Date>`${query['createdAt[after]']}::date`);
  }
  if (query['createdAt[before]']) {
    // inclusive: the whole day named
    base = base.where('b.created_at', '<', sql<Date>`${query['createdAt[before]']}::date + 1`);
  }
  const name = query.customerName ? fold(query.customerName).trim() : '';
  if (name) base = base.where('b.customer_sort_name', 'like', `%${likeEscape(name)}%`);

  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('organizations as s', 's.id', 'b.store_id')
      .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
      .select([
        'b.id',
        'b.identification_number',
        'b.created_at',
        'b.channel',
        'b.status',
        'pay.status as payment_status',
        'b.payment_type',
        'b.circuit_id',
        'b.circuit_name',
        'b.circuit_type',
        'b.store_id',
        's.common_name as store_common_name',
        'b.product_id',
        'b.product_name',
        'b.product_brand',
        'b.product_model',
        'b.product_image_key',
        'cu.first_name',
        'cu.last_name',
        'b.total_cents',
        'b.predeclared',
      ])
      .orderBy(sql.ref(ORDER_COLUMNS[order.field]), order.direction)
      .orderBy('b.id', order.direction)
      .offset((query.page - 1) * query.itemsPerPage)
      .limit(query.itemsPerPage)
      .execute(),
  ]);
  return { total: Number(countRow.n), rows };
}

export type BuybackListRow = Awaited<ReturnType<typeof listBuybacks>>['rows'][number];

import type { BUYBACK_SORT_FIELDS, ListBuybacksQuery } from '@reprise/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { CUSTOM_PLAN } from '../../platform/db';
import type { BuybackCountsTable, Database } from '../../platform/db.types';
import { type RequestContext, readerOf } from '../../platform/request-context';
import { fold } from '../catalog';
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

/**
 * The buybacks a list reads. Filters and counts need no join: every buyback has its payment
 * (written in the same transaction, payments.buyback_id unique), which only the rows show.
 */
const listed = (ctx: RequestContext) => readerOf(ctx).selectFrom('buybacks as b');

/** What a row of the list shows. */
function rowsOf(buybacks: ReturnType<typeof listed>) {
  return buybacks
    .innerJoin('payments as pay', 'pay.buyback_id', 'b.id')
    .leftJoin('organizations as s', 's.id', 'b.store_id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .select([
      'b.id',
      'b.identification_number',
      'b.external_code',
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
      'b.device_check_flag',
    ]);
}

export type BuybackListRow = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];

type Order = { field: SortField; direction: 'asc' | 'desc' };

/** The list's filters: its query without page nor order (what a buyback export takes too). */
export type BuybackListFilters = Omit<ListBuybacksQuery, 'page' | 'itemsPerPage' | `order[${SortField}]`>;

/**
 * The buybacks the list shows the actor for these filters, in its scope: the list pages them, the
 * buyback export (modules/exports) writes them all.
 */
export async function matchingBuybacks(ctx: RequestContext, query: BuybackListFilters) {
  const scope = await buybackScope(ctx);
  let base = listed(ctx).where(scope);
  if (query.code) {
    const code = query.code;
    // the buyback of that number or of its item's: two lookups of their unique indexes
    base =
      code.length === 13
        ? base.where((eb) =>
            eb(
              'b.id',
              'in',
              eb
                .selectFrom('buybacks as n')
                .select('n.id')
                .where('n.identification_number', '=', code)
                .unionAll(
                  eb
                    .selectFrom('buyback_items as i')
                    .select('i.buyback_id as id')
                    .where('i.identification_number', '=', code),
                ),
            ),
          )
        : base.where('b.identification_number', 'like', `${code}%`);
  }
  if (query.externalCode)
    base = base.where(sql<SqlBool>`lower(b.external_code) = ${query.externalCode.toLowerCase()}`);
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
  return { scope, base, name };
}

/** The buyback list: the actor's scope, the filters of the list screen, one order, one page. */
export async function listBuybacks(
  ctx: RequestContext,
  query: ListBuybacksQuery,
  order: Order,
): Promise<{ total: number; rows: BuybackListRow[] }> {
  const { scope, base, name } = await matchingBuybacks(ctx, query);
  const page = { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage };
  if (name) return pageOfMatches(ctx, base, order, page);
  // statements planned for their values: the scope's subtree and the filters decide the index
  const [countRow, rows] = await Promise.all([
    countedBy(ctx, query, scope) ??
      base
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .modifyEnd(CUSTOM_PLAN)
        .executeTakeFirstOrThrow(),
    rowsOf(base)
      .orderBy(sql.ref(ORDER_COLUMNS[order.field]), order.direction)
      .orderBy('b.id', order.direction)
      .offset(page.offset)
      .limit(page.limit)
      .modifyEnd(CUSTOM_PLAN)
      .execute(),
  ]);
  return { total: Number(countRow.n), rows };
}

/**
 * A customer-name filter's page and total in one statement: its matches (a few in a thousand,
 * spread over any order) are found once, by the trigram index, then counted and sorted for the
 * page; walking an order's index instead would read every buyback until the page is full.
 */
async function pageOfMatches(
  ctx: RequestContext,
  matching: ReturnType<typeof listed>,
  order: Order,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: BuybackListRow[] }> {
  const by = sql.ref(ORDER_COLUMNS[order.field]);
  const direction = sql.raw(order.direction);
  const ids = sql`SELECT m.id FROM m ORDER BY m.o ${direction}, m.id ${direction} OFFSET ${page.offset} LIMIT ${page.limit}`;
  const rows = rowsOf(listed(ctx)).select(by.as('o')).where('b.id', '=', sql<string>`any(array(${ids}))`);
  const result = await sql<BuybackListRow & { n: string; o: unknown }>`
    WITH m AS MATERIALIZED (${matching.select(['b.id', by.as('o')])})
    SELECT c.n, r.* FROM (SELECT count(*) AS n FROM m) AS c LEFT JOIN LATERAL (${rows}) AS r ON true
    ORDER BY r.o ${direction}, r.id ${direction} ${CUSTOM_PLAN}`.execute(readerOf(ctx));
  return {
    total: Number(result.rows[0]?.n ?? 0),
    rows: result.rows.filter((row) => row.id !== null).map(({ n: _n, o: _o, ...row }) => row),
  };
}

/**
 * The total from the per-key counts (migration 016, buyback_counts) when the filters are among its
 * keys (status, store, pre-declared): the sum of the scope's rows instead of a count of its
 * buybacks. Null otherwise, and for a public site's visitor, whose scope (its own buybacks) is not
 * a key.
 */
function countedBy(
  ctx: RequestContext,
  query: ListBuybacksQuery,
  scope: Awaited<ReturnType<typeof buybackScope>>,
): Promise<{ n: number }> | null {
  const other =
    query.code ||
    query.externalCode ||
    query.paymentType?.length ||
    query['createdAt[after]'] ||
    query['createdAt[before]'] ||
    (query.customerName && fold(query.customerName).trim());
  if (other || ctx.actor.userType === 'pseudo_anonymous') return null;
  // the scope tests columns buyback_counts shares with buybacks, under the same alias
  const inScope = scope as unknown as (
    eb: ExpressionBuilder<Database & { b: BuybackCountsTable }, 'b'>,
  ) => Expression<SqlBool>;
  let counts = readerOf(ctx)
    .selectFrom('buyback_counts as b')
    .select(sql<number>`coalesce(sum(b.n), 0)`.as('n'))
    .where(inScope);
  if (query.status?.length) counts = counts.where('b.status', 'in', query.status);
  if (query.store?.length) counts = counts.where('b.store_id', 'in', query.store);
  if (query.predeclared) counts = counts.where('b.predeclared', '=', query.predeclared === 'true');
  return counts.modifyEnd(CUSTOM_PLAN).executeTakeFirstOrThrow();
}

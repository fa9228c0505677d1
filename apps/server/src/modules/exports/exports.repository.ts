import type { ExportType } from '@reprise/shared';
import { sql } from 'kysely';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';
import { type BuybackListFilters, matchingBuybacks } from '../buybacks';
import { PRODUCT_PRICE_COLUMNS } from '../catalog';
import { type ExportViewer, viewerContext } from './export-viewer';

const inScope = (scope: AccountScope) => (scope.kind === 'all' ? null : scope.accountId);

/** The one account a job's context writes: the export's (export-runner.ts scopes it so). */
function accountOf(ctx: BaseContext): string {
  if (ctx.scope.kind !== 'account') throw new Error('an export reads one account');
  return ctx.scope.accountId;
}

// ---------- the export rows ----------

export async function insertExport(
  tx: BaseTxContext,
  values: {
    accountId: string;
    type: ExportType;
    filters: Record<string, unknown>;
    viewer: ExportViewer | null;
    createdBy: string;
  },
) {
  return tx.trx
    .insertInto('exports')
    .values({
      account_id: values.accountId,
      type: values.type,
      filters: JSON.stringify(values.filters),
      viewer: values.viewer ? JSON.stringify(values.viewer) : null,
      created_by: values.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * An export as its user reads it: in the context's accounts and started by that user (a buyback
 * export holds what their own list shows; nobody else reads it).
 */
export async function findOwnExport(
  ctx: BaseContext,
  userId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = readerOf(ctx)
    .selectFrom('exports')
    .selectAll()
    .where('id', '=', id)
    .where('created_by', '=', userId);
  const account = inScope(ctx.scope);
  if (account) query = query.where('account_id', '=', account);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** An export as its job reads it (the context's scope: every account for the worker). */
export async function findExport(ctx: BaseContext, id: string) {
  let query = readerOf(ctx).selectFrom('exports').selectAll().where('id', '=', id);
  const account = inScope(ctx.scope);
  if (account) query = query.where('account_id', '=', account);
  return query.executeTakeFirst();
}

export type ExportRow = NonNullable<Awaited<ReturnType<typeof findExport>>>;

/** Only an export in progress changes: its end, its cancellation. Answers the row, or none. */
export async function updateRunningExport(
  tx: BaseTxContext,
  id: string,
  values: {
    status?: 'success' | 'error' | 'cancelled';
    started_at?: Date;
    ended_at?: Date;
    entries_count?: number;
    file_key?: string;
    error_code?: string;
    error?: string;
  },
) {
  return updateOwned(tx, 'exports')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .returningAll()
    .executeTakeFirst();
}

/** The export's status now (the runner reads it between batches: a cancellation stops it). */
export async function statusOf(ctx: BaseContext, id: string): Promise<string | null> {
  const row = await readerOf(ctx)
    .selectFrom('exports')
    .select('status')
    .where('id', '=', id)
    .where('account_id', '=', accountOf(ctx))
    .executeTakeFirst();
  return row?.status ?? null;
}

// ---------- what the files hold, in keyset-ordered batches ----------

/** Products by name then id (products_name_idx), after the last one of the previous batch. */
export async function productBatch(
  ctx: BaseContext,
  after: { sortName: string; id: string } | null,
  limit: number,
) {
  let query = readerOf(ctx)
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.main_category_id')
    .select([
      'p.id',
      'p.sort_name',
      'p.reference',
      'p.ean_code',
      'p.name',
      'p.brand',
      'p.model',
      'c.identifier as category_identifier',
      // the secondary categories' identifiers, in the product's order
      sql<string[]>`array(
        SELECT sc.identifier FROM unnest(p.secondary_category_ids) WITH ORDINALITY AS u (id, n)
        JOIN categories sc ON sc.id = u.id ORDER BY u.n)`.as('secondary_category_identifiers'),
      'p.status',
      ...PRODUCT_PRICE_COLUMNS.map((column) => `p.${column}` as const),
      'p.buyback_zero_not_allowed',
      'p.is_collecting_imei',
      'p.tac_codes',
      'p.comment_for_seller',
      'p.length',
      'p.width',
      'p.height',
      'p.weight',
      'p.buyer_reference',
    ])
    .where('p.account_id', '=', accountOf(ctx));
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('p.sort_name', 'p.id'), '>', eb.tuple(after.sortName, after.id)),
    );
  return query.orderBy('p.sort_name').orderBy('p.id').limit(limit).execute();
}

/** Categories by materialised path: a parent comes before its children (the import needs it so). */
export async function categoryBatch(ctx: BaseContext, afterPath: string | null, limit: number) {
  let query = readerOf(ctx)
    .selectFrom('categories as c')
    .leftJoin('categories as parent', 'parent.id', 'c.parent_category_id')
    .select([
      'c.id',
      'c.path',
      'c.identifier',
      'c.label',
      'parent.identifier as parent_identifier',
      'c.description',
      'c.status',
      'c.default_weight',
      'c.default_length',
      'c.default_width',
      'c.default_height',
      'c.absorption_type',
      'c.absorption_value',
      'c.highlighted_instruction',
      'c.children_description',
    ])
    .where('c.account_id', '=', accountOf(ctx));
  if (afterPath !== null) query = query.where('c.path', '>', afterPath);
  return query.orderBy('c.path').limit(limit).execute();
}

/** Diagnostic questions by category identifier, position and id. */
export async function questionBatch(
  ctx: BaseContext,
  after: { identifier: string; position: number; id: string } | null,
  limit: number,
) {
  let query = readerOf(ctx)
    .selectFrom('diagnostic_questions as q')
    .innerJoin('categories as c', 'c.id', 'q.category_id')
    .select([
      'q.id',
      'c.identifier as category_identifier',
      'q.title',
      'q.type',
      'q.description',
      'q.position',
    ])
    .where('q.account_id', '=', accountOf(ctx));
  if (after)
    query = query.where((eb) =>
      eb(
        eb.refTuple('c.identifier', 'q.position', 'q.id'),
        '>',
        eb.tuple(after.identifier, after.position, after.id),
      ),
    );
  return query.orderBy('c.identifier').orderBy('q.position').orderBy('q.id').limit(limit).execute();
}

/** The answers of these questions (of the context's account), by question, position and id. */
export async function answersOf(ctx: BaseContext, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('diagnostic_answers as a')
    .innerJoin('diagnostic_questions as q', 'q.id', 'a.question_id')
    .select([
      'a.id',
      'a.question_id',
      'a.title',
      'a.description',
      'a.position',
      'a.max_grade',
      'a.price_impact_kind',
      'a.price_impact_value',
    ])
    .where('q.account_id', '=', accountOf(ctx))
    .where('a.question_id', 'in', questionIds)
    .orderBy('a.question_id')
    .orderBy('a.position')
    .orderBy('a.id')
    .execute();
}

/**
 * The buybacks the viewer's list shows for the filters (modules/buybacks/buyback-list.repository.ts),
 * newest first as the list, with what the accounting columns need. The cursor is the creation time
 * as text: a JavaScript Date would drop its microseconds.
 */
export async function buybackBatch(
  ctx: BaseContext,
  viewer: ExportViewer,
  filters: BuybackListFilters,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  const { base } = await matchingBuybacks(viewerContext(ctx, viewer), filters);
  let query = base
    .innerJoin('payments as pay', 'pay.buyback_id', 'b.id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .leftJoin('organizations as s', 's.id', 'b.store_id')
    .select((eb) => [
      'b.id',
      sql<string>`b.created_at::text`.as('cursor'),
      'b.identification_number',
      'b.external_code',
      'b.created_at',
      's.common_name as store_name',
      'b.status',
      'cu.first_name',
      'cu.last_name',
      'b.payment_type',
      'pay.status as payment_status',
      'pay.amount_cents as payment_amount_cents',
      eb
        .selectFrom('buyback_items as i')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('i.buyback_id', '=', 'b.id')
        .as('item_count'),
      eb
        .selectFrom('buyback_items as i')
        .select((e) => e.fn.sum<string | null>('i.validated_price_cents').as('v'))
        .whereRef('i.buyback_id', '=', 'b.id')
        .as('validated_cents'),
      'b.total_cents',
      'b.currency',
    ]);
  if (after)
    query = query.where((eb) =>
      eb(
        eb.refTuple('b.created_at', 'b.id'),
        '<',
        eb.tuple(sql<Date>`${after.createdAt}::timestamptz`, after.id),
      ),
    );
  return query.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).execute();
}

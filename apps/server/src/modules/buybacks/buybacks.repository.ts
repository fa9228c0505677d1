import type { ProductGrade, Translations } from '@reprise/shared';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { can } from '../../platform/context';
import type {
  BuybackItemsTable,
  BuybacksTable,
  CustomersTable,
  Database,
  PaymentsTable,
} from '../../platform/db.types';
import {
  type AccountScope,
  type BaseContext,
  type InTransaction,
  type Reader,
  type RequestContext,
  readerOf,
  type TxContext,
} from '../../platform/request-context';
import { visiblePathPrefix } from '../../platform/scope';
import { updateOwned } from '../../platform/scoped-writes';

// ---------- the wizard's reads (kept to two queries: the estimate is the hot path) ----------

export interface PricingContextRow {
  id: string;
  account_id: string;
  status: string;
  name: string;
  brand: string | null;
  model: string | null;
  ean_code: string | null;
  image_key: string | null;
  comment_for_seller: string | null;
  tac_codes: string[];
  is_collecting_imei: boolean;
  buyback_zero_not_allowed: boolean;
  price_functional: number;
  price_grade_a: number;
  price_grade_b: number;
  price_grade_c: number;
  price_grade_d: number;
  price_grade_e: number;
  category_id: string;
  category_label: string;
  category_path: string;
  translations: Translations;
  category_translations: Translations;
  buyer_account_id: string;
  currency: string;
  language: string;
  enabled_premium_features: string[] | null;
  customer_identity_document_required: boolean | null;
  cart_min_value: number | null;
}

export interface DiagnosticQuestionJson {
  id: string;
  categoryId: string;
  categoryLabel: string;
  title: string;
  description: string | null;
  type: 'unique' | 'multiple';
  translations: Translations;
  categoryTranslations: Translations;
  answers: {
    id: string;
    title: string;
    description: string | null;
    maxGrade: ProductGrade | null;
    impact: { kind: 'fixed' | 'percentage'; value: number } | null;
    translations: Translations;
  }[];
}

/**
 * A product with its main category, its account's settings and its questionnaire (the questions
 * of its main category and ancestors, root first, with their answers), in ONE query: the estimate
 * is the wizard's hot path. `accountId` null: any account.
 */
export async function findPricingContext(
  ctx: BaseContext,
  accountId: string | null,
  productId: string,
): Promise<(PricingContextRow & { questions: DiagnosticQuestionJson[] }) | undefined> {
  const { rows } = await sql<PricingContextRow & { questions: DiagnosticQuestionJson[] }>`
    SELECT p.id, p.account_id, p.status, p.name, p.brand, p.model, p.ean_code, p.image_key,
      p.comment_for_seller, p.tac_codes, p.is_collecting_imei, p.buyback_zero_not_allowed,
      p.price_functional, p.price_grade_a, p.price_grade_b, p.price_grade_c, p.price_grade_d, p.price_grade_e,
      c.id AS category_id, c.label AS category_label, c.path AS category_path, c.buyer_account_id,
      p.translations, c.translations AS category_translations,
      a.currency, a.language,
      rd.enabled_premium_features, rd.customer_identity_document_required, rd.cart_min_value,
      coalesce((
        SELECT json_agg(json_build_object(
            'id', q.id, 'categoryId', q.category_id, 'categoryLabel', qc.label, 'title', q.title,
            'description', q.description, 'type', q.type, 'translations', q.translations,
            'categoryTranslations', qc.translations,
            'answers', coalesce((
              SELECT json_agg(json_build_object(
                  'id', an.id, 'title', an.title, 'description', an.description, 'maxGrade', an.max_grade,
                  'translations', an.translations,
                  'impact', CASE WHEN an.price_impact_kind IS NULL THEN NULL
                    ELSE json_build_object('kind', an.price_impact_kind, 'value', an.price_impact_value) END
                ) ORDER BY an.position)
              FROM diagnostic_answers an WHERE an.question_id = q.id), '[]'::json)
          ) ORDER BY array_position(chain.ids, q.category_id), q.position)
        FROM diagnostic_questions q
        JOIN categories qc ON qc.id = q.category_id
        WHERE q.category_id = ANY (chain.ids)
      ), '[]'::json) AS questions
    FROM products p
    JOIN categories c ON c.id = p.main_category_id
    JOIN accounts a ON a.id = p.account_id
    LEFT JOIN organization_root_details rd ON rd.account_id = p.account_id
    CROSS JOIN LATERAL (SELECT string_to_array(trim(BOTH '/' FROM c.path), '/')::uuid[] AS ids) chain
    WHERE p.id = ${productId} ${accountId ? sql`AND p.account_id = ${accountId}` : sql``}`.execute(
    readerOf(ctx),
  );
  return rows[0];
}

// ---------- organisations ----------

export interface StoreRow {
  id: string;
  account_id: string;
  path: string;
  common_name: string;
  status: string;
}

/** A store the actor sees (its own subtree; platform operators: any). */
export async function findVisibleStore(ctx: RequestContext, storeId: string): Promise<StoreRow | undefined> {
  const { actor } = ctx;
  const prefix = visiblePathPrefix(actor);
  let query = readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'account_id', 'path', 'common_name', 'status'])
    .where('id', '=', storeId)
    .where('type', '=', 'store');
  if (prefix !== null) {
    query = query.where('account_id', '=', actor.accountId).where('path', 'like', `${prefix}%`);
  }
  return query.executeTakeFirst();
}

/** The root organisation path of an account: where its web buybacks are seen from. */
export async function findRootPath(ctx: BaseContext, accountId: string): Promise<string | undefined> {
  const root = await readerOf(ctx)
    .selectFrom('organizations')
    .select('path')
    .where('account_id', '=', accountId)
    .where('parent_organization_id', 'is', null)
    .where('type', '=', 'root_management_unit')
    .executeTakeFirst();
  return root?.path;
}

/** The root organisation of a buyer account (its identity on the transfer order). */
export async function findBuyerIdentity(ctx: BaseContext, buyerAccountId: string) {
  return readerOf(ctx)
    .selectFrom('accounts as a')
    .leftJoin('organizations as o', (join) =>
      join.onRef('o.account_id', '=', 'a.id').on('o.parent_organization_id', 'is', null),
    )
    .select([
      'a.id as account_id',
      'a.name as account_name',
      'o.common_name',
      'o.corporate_name',
      'o.siret',
      'o.capital',
      'o.street',
      'o.street_more',
      'o.zip',
      'o.city',
      'o.country',
    ])
    .where('a.id', '=', buyerAccountId)
    .orderBy(sql`o.type = 'buyer'`, 'desc')
    .executeTakeFirst();
}

export async function findOrganization(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'common_name', 'corporate_name', 'street', 'street_more', 'zip', 'city', 'country'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findAccountSettings(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('accounts as a')
    .leftJoin('organization_root_details as rd', 'rd.account_id', 'a.id')
    .leftJoin('transfer_order_settings as t', 't.account_id', 'a.id')
    .select([
      'a.id',
      'a.name',
      'a.currency',
      'a.language',
      'rd.enabled_premium_features',
      'rd.customer_identity_document_required',
      'rd.cart_min_value',
      't.terms as transfer_order_terms',
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}

/** The name of the transport provider of a circuit (the shipping label prints it). */
export async function findTransportProviderName(ctx: BaseContext, circuitId: string) {
  const row = await readerOf(ctx)
    .selectFrom('circuits as c')
    .innerJoin('transport_providers as t', 't.id', 'c.transport_provider_id')
    .select('t.name')
    .where('c.id', '=', circuitId)
    .executeTakeFirst();
  return row?.name ?? null;
}

// ---------- writes ----------

type Tx = InTransaction<BaseContext>;

export async function insertCart(
  tx: Tx,
  values: {
    account_id: string;
    channel: string;
    store_id: string | null;
    terms_accepted: boolean;
    created_by: string;
  },
): Promise<string> {
  const row = await tx.trx.insertInto('carts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCustomer(tx: Tx, values: Insertable<CustomersTable>): Promise<string> {
  const row = await tx.trx.insertInto('customers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The buybacks with their items, payments and first status events (by the context's user), a multi-row insert each. */
export async function insertBuybacks(
  tx: TxContext,
  rows: {
    buyback: Insertable<BuybacksTable> & { id: string };
    item: Omit<Insertable<BuybackItemsTable>, 'buyback_id'>;
    payment: Omit<Insertable<PaymentsTable>, 'buyback_id'>;
  }[],
): Promise<void> {
  const { trx } = tx;
  await trx
    .insertInto('buybacks')
    .values(rows.map((r) => r.buyback))
    .execute();
  await trx
    .insertInto('buyback_items')
    .values(rows.map((r) => ({ ...r.item, buyback_id: r.buyback.id })))
    .execute();
  await trx
    .insertInto('payments')
    .values(rows.map((r) => ({ ...r.payment, buyback_id: r.buyback.id })))
    .execute();
  await trx
    .insertInto('buyback_status_events')
    .values(
      rows.map((r) => ({
        buyback_id: r.buyback.id,
        status: r.buyback.status,
        item_status: r.item.status,
        payment_status: r.payment.status,
        actor_user_id: tx.actor.userId,
      })),
    )
    .execute();
}

/** A buyback written by a command: its id and the account it belongs to (the write's scope). */
export interface OwnedBuyback {
  id: string;
  account_id: string;
}

/**
 * The scope of a write to a buyback and its rows: the buyback's own account, checked against the
 * context's (platform/scoped-writes.ts refuses a wider one).
 */
const scopeOf = (buyback: OwnedBuyback): AccountScope => ({ kind: 'account', accountId: buyback.account_id });

/** Issues the voucher of a buyback paid by voucher that has none yet (a pre-declared one, at finalisation). */
export async function issueVoucherCode(tx: Tx, buyback: OwnedBuyback, code: string): Promise<void> {
  await updateOwned(tx, 'payments', scopeOf(buyback))
    .set({ voucher_code: code, updated_at: sql<Date>`now()` })
    .where('buyback_id', '=', buyback.id)
    .where('type', '=', 'voucher')
    .where('voucher_code', 'is', null)
    .execute();
}

/** A pre-declared buyback handed in at a store becomes that store's. */
export async function assignStore(
  tx: Tx,
  buyback: OwnedBuyback,
  store: { id: string; path: string },
): Promise<void> {
  await updateOwned(tx, 'buybacks', scopeOf(buyback))
    .set({ store_id: store.id, organization_path: store.path })
    .where('id', '=', buyback.id)
    .execute();
}

/** Changes the statuses of a buyback, its item and its payment, with their status event (by the context's user). */
export async function updateStatuses(
  tx: TxContext,
  buyback: OwnedBuyback,
  change: {
    buyback?: Pick<
      Updateable<BuybacksTable>,
      'status' | 'cancel_reason' | 'cancel_comment' | 'cancel_forced' | 'cancelled_by' | 'predeclared'
    > & {
      cancelled?: boolean;
      finalized?: boolean;
    };
    itemStatus?: string;
    paymentStatus?: string;
  },
): Promise<void> {
  const { cancelled, finalized, ...columns } = change.buyback ?? {};
  const scope = scopeOf(buyback);
  await updateOwned(tx, 'buybacks', scope)
    .set({
      ...columns,
      ...(cancelled ? { cancelled_at: sql<Date>`now()` } : {}),
      ...(finalized ? { finalized_at: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', buyback.id)
    .execute();
  if (change.itemStatus) {
    await updateOwned(tx, 'buyback_items', scope)
      .set({ status: change.itemStatus, updated_at: sql<Date>`now()` })
      .where('buyback_id', '=', buyback.id)
      .execute();
  }
  if (change.paymentStatus) {
    await updateOwned(tx, 'payments', scope)
      .set({ status: change.paymentStatus, updated_at: sql<Date>`now()` })
      .where('buyback_id', '=', buyback.id)
      .execute();
  }
  await tx.trx
    .insertInto('buyback_status_events')
    .values({
      buyback_id: buyback.id,
      status: change.buyback?.status ?? null,
      item_status: change.itemStatus ?? null,
      payment_status: change.paymentStatus ?? null,
      actor_user_id: tx.actor.userId,
    })
    .execute();
}

// ---------- reads of buybacks ----------

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

export async function findStatusHistory(ctx: BaseContext, buybackId: string) {
  return readerOf(ctx)
    .selectFrom('buyback_status_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .select([
      'e.at',
      'e.status',
      'e.item_status',
      'e.payment_status',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('by'),
    ])
    .where('e.buyback_id', '=', buybackId)
    .orderBy('e.id')
    .execute();
}

import type { DiagnosticQuestionType, PriceImpactKind, ProductGrade, Translations } from '@reprise/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type {
  BuybackItemsTable,
  BuybacksTable,
  CustomersTable,
  PaymentsTable,
  ProductsTable,
} from '../../platform/db.types';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  readerOf,
  type TxContext,
} from '../../platform/request-context';
import { visiblePathPrefix } from '../../platform/scope';
import { updateOwned } from '../../platform/scoped-writes';
import type { ProductPriceColumn } from '../catalog';

// which buybacks an actor sees (the lifecycle's) and an account's settings (accounts'), which this
// module's services read as `repo.…` with its own
export { findAccountSettings, findOrganization } from '../accounts';
export {
  type BuybackDetailRow,
  buybackScope,
  findBuybacks,
  findVisibleBuyback,
} from '../buyback-lifecycle';

// ---------- the wizard's reads (kept to two queries: the estimate is the hot path) ----------

export interface PricingContextRow
  extends Pick<
    Selectable<ProductsTable>,
    | 'id'
    | 'account_id'
    | 'status'
    | 'name'
    | 'brand'
    | 'model'
    | 'ean_code'
    | 'image_key'
    | 'comment_for_seller'
    | 'tac_codes'
    | 'is_collecting_imei'
    | 'buyback_zero_not_allowed'
    | ProductPriceColumn
    | 'translations'
  > {
  category_id: string;
  category_label: string;
  category_path: string;
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
  type: DiagnosticQuestionType;
  translations: Translations;
  categoryTranslations: Translations;
  answers: {
    id: string;
    title: string;
    description: string | null;
    maxGrade: ProductGrade | null;
    impact: { kind: PriceImpactKind; value: number } | null;
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

export async function insertCart(
  tx: BaseTxContext,
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

export async function insertCustomer(tx: BaseTxContext, values: Insertable<CustomersTable>): Promise<string> {
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
export async function issueVoucherCode(
  tx: BaseTxContext,
  buyback: OwnedBuyback,
  code: string,
): Promise<void> {
  await updateOwned(tx, 'payments', scopeOf(buyback))
    .set({ voucher_code: code, updated_at: sql<Date>`now()` })
    .where('buyback_id', '=', buyback.id)
    .where('type', '=', 'voucher')
    .where('voucher_code', 'is', null)
    .execute();
}

/** A pre-declared buyback handed in at a store becomes that store's. */
export async function assignStore(
  tx: BaseTxContext,
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

/** Sets a buyback's external code (null clears it). */
export async function setExternalCode(
  tx: BaseTxContext,
  buyback: OwnedBuyback,
  externalCode: string | null,
): Promise<void> {
  await updateOwned(tx, 'buybacks', scopeOf(buyback))
    .set({ external_code: externalCode, updated_at: sql<Date>`now()` })
    .where('id', '=', buyback.id)
    .execute();
}

import type { ProductGrade, Translations } from '@reprise/shared';
import { type ExpressionBuilder, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { type Actor, can } from '../../platform/context';
import type { Db } from '../../platform/db';
import type {
  BuybackItemsTable,
  BuybacksTable,
  CustomersTable,
  Database,
  PaymentsTable,
} from '../../platform/db.types';
import { visiblePathPrefix } from '../../platform/scope';

/** Ids of a materialised path '/a/b/c/', root first. */
export const idsOfPath = (path: string) => path.split('/').filter(Boolean);

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

export interface QuestionJson {
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
  db: Db,
  accountId: string | null,
  productId: string,
): Promise<(PricingContextRow & { questions: QuestionJson[] }) | undefined> {
  const { rows } = await sql<PricingContextRow & { questions: QuestionJson[] }>`
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
    WHERE p.id = ${productId} ${accountId ? sql`AND p.account_id = ${accountId}` : sql``}`.execute(db);
  return rows[0];
}

export const pricesOf = (row: PricingContextRow): Record<ProductGrade, number> => ({
  functional: row.price_functional,
  grade_a: row.price_grade_a,
  grade_b: row.price_grade_b,
  grade_c: row.price_grade_c,
  grade_d: row.price_grade_d,
  grade_e: row.price_grade_e,
});

// ---------- organisations ----------

export interface StoreRow {
  id: string;
  account_id: string;
  path: string;
  common_name: string;
  status: string;
}

/** A store the actor sees (its own subtree; platform operators: any). */
export async function findVisibleStore(db: Db, actor: Actor, storeId: string): Promise<StoreRow | undefined> {
  const prefix = visiblePathPrefix(actor);
  let query = db
    .selectFrom('organizations')
    .select(['id', 'account_id', 'path', 'common_name', 'status'])
    .where('id', '=', storeId)
    .where('type', '=', 'store');
  if (prefix !== null) {
    query = query.where('account_id', '=', actor.accountId).where('path', 'like', `${prefix}%`);
  }
  return query.executeTakeFirst();
}

/** The root organisation of a buyer account (its identity on the transfer order). */
export async function findBuyerIdentity(db: Db, buyerAccountId: string) {
  return db
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

export async function findOrganization(db: Db, id: string) {
  return db
    .selectFrom('organizations')
    .select(['id', 'common_name', 'corporate_name', 'street', 'street_more', 'zip', 'city', 'country'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findAccountSettings(db: Db, accountId: string) {
  return db
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

// ---------- writes ----------

export async function insertCart(
  trx: Db,
  values: {
    account_id: string;
    channel: string;
    store_id: string | null;
    terms_accepted: boolean;
    created_by: string;
  },
): Promise<string> {
  const row = await trx.insertInto('carts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCustomer(trx: Db, values: Insertable<CustomersTable>): Promise<string> {
  const row = await trx.insertInto('customers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The buybacks with their items, payments and first status events, a multi-row insert each. */
export async function insertBuybacks(
  trx: Db,
  rows: {
    buyback: Insertable<BuybacksTable> & { id: string };
    item: Omit<Insertable<BuybackItemsTable>, 'buyback_id'>;
    payment: Omit<Insertable<PaymentsTable>, 'buyback_id'>;
  }[],
  actorUserId: string,
): Promise<void> {
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
        actor_user_id: actorUserId,
      })),
    )
    .execute();
}

/** One audit row per record, in one insert (a cart writes up to 200 buybacks). */
export async function insertAuditRows(
  trx: Db,
  actorUserId: string,
  rows: { entityType: string; entityId: string; accountId: string; after: unknown }[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('audit_log')
    .values(
      rows.map((r) => ({
        account_id: r.accountId,
        actor_user_id: actorUserId,
        action: 'create',
        entity_type: r.entityType,
        entity_id: r.entityId,
        before: null,
        after: JSON.stringify(r.after),
      })),
    )
    .execute();
}

/** Issues the voucher of a buyback paid by voucher that has none yet (a pre-declared one, at finalisation). */
export async function issueVoucherCode(trx: Db, buybackId: string, code: string): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ voucher_code: code, updated_at: sql<Date>`now()` })
    .where('buyback_id', '=', buybackId)
    .where('type', '=', 'voucher')
    .where('voucher_code', 'is', null)
    .execute();
}

export async function updateStatuses(
  trx: Db,
  buybackId: string,
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
  actorUserId: string,
): Promise<void> {
  const { cancelled, finalized, ...buyback } = change.buyback ?? {};
  await trx
    .updateTable('buybacks')
    .set({
      ...buyback,
      ...(cancelled ? { cancelled_at: sql<Date>`now()` } : {}),
      ...(finalized ? { finalized_at: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', buybackId)
    .execute();
  if (change.itemStatus) {
    await trx
      .updateTable('buyback_items')
      .set({ status: change.itemStatus, updated_at: sql<Date>`now()` })
      .where('buyback_id', '=', buybackId)
      .execute();
  }
  if (change.paymentStatus) {
    await trx
      .updateTable('payments')
      .set({ status: change.paymentStatus, updated_at: sql<Date>`now()` })
      .where('buyback_id', '=', buybackId)
      .execute();
  }
  await trx
    .insertInto('buyback_status_events')
    .values({
      buyback_id: buybackId,
      status: change.buyback?.status ?? null,
      item_status: change.itemStatus ?? null,
      payment_status: change.paymentStatus ?? null,
      actor_user_id: actorUserId,
    })
    .execute();
}

// ---------- reads of buybacks ----------

/**
 * The buybacks an actor sees: its account's, within its organisation subtree (platform: all).
 * Web pre-declared buybacks belong to no store yet: whoever may finalise them at a counter
 * (buyback.predeclared_access) sees those of the account.
 */
export function buybackInScope(actor: Actor) {
  const prefix = visiblePathPrefix(actor);
  const predeclared = can(actor, 'buyback.predeclared_access');
  // a public site's visitor sees only the buybacks it created itself
  const visitor = actor.userType === 'pseudo_anonymous';
  return (eb: ExpressionBuilder<Database & { b: BuybacksTable }, 'b'>) =>
    visitor
      ? eb.and([eb('b.account_id', '=', actor.accountId), eb('b.created_by', '=', actor.userId)])
      : prefix === null
        ? eb.lit(true)
        : eb.and([
            eb('b.account_id', '=', actor.accountId),
            predeclared
              ? eb.or([eb('b.organization_path', 'like', `${prefix}%`), eb('b.predeclared', '=', true)])
              : eb('b.organization_path', 'like', `${prefix}%`),
          ]);
}

export const buybackDetailQuery = (db: Db) =>
  db
    .selectFrom('buybacks as b')
    .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
    .innerJoin('payments as pay', 'pay.buyback_id', 'b.id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .leftJoin('organizations as s', 's.id', 'b.store_id')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .selectAll('b')
    .select([
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
    ]);

export type BuybackDetailRow = Selectable<BuybacksTable> & {
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
};

export async function findBuybacks(db: Db, ids: string[]): Promise<BuybackDetailRow[]> {
  if (ids.length === 0) return [];
  return (await buybackDetailQuery(db).where('b.id', 'in', ids).execute()) as BuybackDetailRow[];
}

export async function findVisibleBuyback(
  db: Db,
  actor: Actor,
  where: { id: string } | { identificationNumber: string },
  options: { forUpdate?: boolean } = {},
): Promise<BuybackDetailRow | undefined> {
  let query = buybackDetailQuery(db).where(buybackInScope(actor));
  query =
    'id' in where
      ? query.where('b.id', '=', where.id)
      : query.where('b.identification_number', '=', where.identificationNumber);
  if (options.forUpdate) query = query.forUpdate('b');
  return (await query.executeTakeFirst()) as BuybackDetailRow | undefined;
}

export async function findStatusHistory(db: Db, buybackId: string) {
  return db
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

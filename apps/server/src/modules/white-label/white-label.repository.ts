import { sql, type Updateable } from 'kysely';
import type { HomePageConfigsTable, WhiteLabelConfigsTable } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateAccountRow, updateOwned } from '../../platform/scoped-writes';
import type { SiteHost } from '../../platform/site-host';
import { PRODUCT_CARD_COLUMNS } from '../catalog';

/** The one account a write names, within the context's scope (platform/scoped-writes.ts refuses a wider one). */
const accountScope = (accountId: string) => ({ kind: 'account', accountId }) as const;

/** The retailer account an active site answers for, by slug or own domain; undefined otherwise. */
export async function findActiveSiteAccount(
  ctx: BaseContext,
  host: Exclude<SiteHost, { kind: 'back_office' }>,
) {
  let query = readerOf(ctx)
    .selectFrom('accounts')
    .selectAll()
    .where('site_active', '=', true)
    .where('is_retailer', '=', true)
    .where('status', '=', 'active');
  query =
    host.kind === 'slug'
      ? query.where('site_slug', '=', host.slug)
      : query.where('site_domain', '=', host.domain);
  return query.executeTakeFirst();
}

/** The retailer accounts of the context's scope (every one for platform operators). */
export async function listRetailerSites(ctx: BaseContext) {
  let query = readerOf(ctx)
    .selectFrom('accounts')
    .select(['id', 'name', 'site_slug', 'site_domain', 'site_active'])
    .where('is_retailer', '=', true);
  if (ctx.scope.kind === 'account') query = query.where('id', '=', ctx.scope.accountId);
  return query.orderBy('name').execute();
}

/** Another account already using this slug or domain (the unique indexes back this check). */
export async function findSiteAddressOwner(
  ctx: BaseContext,
  accountId: string,
  column: 'site_slug' | 'site_domain',
  value: string,
) {
  return readerOf(ctx)
    .selectFrom('accounts')
    .select('id')
    .where(column, '=', value)
    .where('id', '<>', accountId)
    .executeTakeFirst();
}

export async function updateSite(
  tx: BaseTxContext,
  accountId: string,
  values: { site_slug: string; site_domain: string | null; site_active: boolean },
) {
  return updateAccountRow(tx, accountScope(accountId))
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', accountId)
    .returning(['id', 'name', 'site_slug', 'site_domain', 'site_active'])
    .executeTakeFirstOrThrow();
}

export async function findConfig(ctx: BaseContext, accountId: string, options: { forUpdate?: boolean } = {}) {
  let query = readerOf(ctx).selectFrom('white_label_configs').selectAll().where('account_id', '=', accountId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function upsertConfig(
  tx: BaseTxContext,
  accountId: string,
  values: Updateable<WhiteLabelConfigsTable>,
) {
  return tx.trx
    .insertInto('white_label_configs')
    .values({ ...values, account_id: accountId })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findHomePage(
  ctx: BaseContext,
  accountId: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = readerOf(ctx).selectFrom('home_page_configs').selectAll().where('account_id', '=', accountId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function upsertHomePage(
  tx: BaseTxContext,
  accountId: string,
  values: Omit<HomePageConfigsTable, 'account_id' | 'updated_at' | 'widgets' | 'translations'> & {
    widgets: unknown[];
    translations: string;
  },
) {
  const row = { ...values, widgets: JSON.stringify(values.widgets) };
  return tx.trx
    .insertInto('home_page_configs')
    .values({ account_id: accountId, ...row })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...row, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setHomeBanner(tx: BaseTxContext, accountId: string, key: string | null) {
  return updateOwned(tx, 'home_page_configs', accountScope(accountId))
    .set({ banner_image_key: key, updated_at: sql`now()` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The published products of one account among these ids (others, and other accounts', are left out). */
export async function findPublishedProducts(ctx: BaseContext, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('products')
    .select(PRODUCT_CARD_COLUMNS)
    .where('account_id', '=', accountId)
    .where('status', '=', 'published')
    .where('id', 'in', [...ids])
    .execute();
}

export async function findPublishedProductImageKey(ctx: BaseContext, accountId: string, productId: string) {
  const row = await readerOf(ctx)
    .selectFrom('products')
    .select('image_key')
    .where('id', '=', productId)
    .where('account_id', '=', accountId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row?.image_key ?? null;
}

export async function findRootDetail(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('organization_root_details')
    .select([
      'eula',
      'service_terms',
      'faq_and_contact',
      'eula_file_key',
      'service_terms_file_key',
      'faq_and_contact_file_key',
      'seller_support_email',
      'enabled_premium_features',
      'category_navigation_enabled',
      'buyback_zero_description',
      'no_search_result_description',
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * The account's active stores, when the account accepts drops in store: it has an active
 * store_drop circuit (`/stores` lists the stores that accept drops).
 */
export async function findStoresAcceptingDrops(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('organizations as o')
    .select([
      'o.id',
      'o.common_name',
      'o.street',
      'o.street_more',
      'o.zip',
      'o.city',
      'o.country',
      'o.latitude',
      'o.longitude',
      'o.place_email',
    ])
    .where('o.account_id', '=', accountId)
    .where('o.type', '=', 'store')
    .where('o.status', '=', 'active')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('circuits as c')
          .select('c.id')
          .where('c.account_id', '=', accountId)
          .where('c.channel', '=', 'store')
          .where('c.deposit_type', '=', 'drop')
          .where('c.status', '=', 'active'),
      ),
    )
    .orderBy('o.city')
    .orderBy('o.common_name')
    .execute();
}

/**
 * The countries the account's web circuits serve: active web circuits with an enabled dispatch
 * circuit rule, each rule's own countries else its circuit's (as
 * buyback-config/circuits/offered-circuits.service.ts resolves them).
 */
export async function findWebCircuitCountries(ctx: BaseContext, accountId: string): Promise<string[]> {
  const rows = await readerOf(ctx)
    .selectFrom('circuits as c')
    .innerJoin('dispatch_circuit_rules as r', 'r.circuit_id', 'c.id')
    .select(sql<string>`unnest(coalesce(r.eligible_countries, c.eligible_countries))`.as('country'))
    .where('c.account_id', '=', accountId)
    .where('c.channel', '=', 'web')
    .where('c.status', '=', 'active')
    .where('r.status', '=', 'enabled')
    .distinct()
    .execute();
  return rows.map((r) => r.country).sort();
}

/** The texts, image and version of these categories (the public site's category tree). */
export async function findCategoryDetails(ctx: BaseContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('categories')
    .select(['id', 'description', 'image_key', 'image_alt', 'translations', 'updated_at'])
    .where('id', 'in', [...ids])
    .execute();
}

/** The image key of an active category of the account; null when it has none. */
export async function findActiveCategoryImageKey(ctx: BaseContext, accountId: string, categoryId: string) {
  const row = await readerOf(ctx)
    .selectFrom('categories')
    .select('image_key')
    .where('id', '=', categoryId)
    .where('account_id', '=', accountId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.image_key ?? null;
}

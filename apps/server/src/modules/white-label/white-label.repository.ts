import { sql, type Updateable } from 'kysely';
import type { Db } from '../../platform/db';
import type { HomePageConfigsTable, WhiteLabelConfigsTable } from '../../platform/db.types';
import type { SiteHost } from '../../platform/site-host';

/** The retailer account an active site answers for, by slug or own domain; undefined otherwise. */
export async function findActiveSiteAccount(db: Db, host: Exclude<SiteHost, { kind: 'back_office' }>) {
  let query = db
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

export async function listRetailerSites(db: Db) {
  return db
    .selectFrom('accounts')
    .select(['id', 'name', 'site_slug', 'site_domain', 'site_active'])
    .where('is_retailer', '=', true)
    .orderBy('name')
    .execute();
}

/** Another account already using this slug or domain (the unique indexes back this check). */
export async function findSiteAddressOwner(
  db: Db,
  accountId: string,
  column: 'site_slug' | 'site_domain',
  value: string,
) {
  return db
    .selectFrom('accounts')
    .select('id')
    .where(column, '=', value)
    .where('id', '<>', accountId)
    .executeTakeFirst();
}

export async function updateSite(
  trx: Db,
  accountId: string,
  values: { site_slug: string; site_domain: string | null; site_active: boolean },
) {
  return trx
    .updateTable('accounts')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', accountId)
    .returning(['id', 'name', 'site_slug', 'site_domain', 'site_active'])
    .executeTakeFirstOrThrow();
}

export async function findConfig(db: Db, accountId: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('white_label_configs').selectAll().where('account_id', '=', accountId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function upsertConfig(trx: Db, accountId: string, values: Updateable<WhiteLabelConfigsTable>) {
  return trx
    .insertInto('white_label_configs')
    .values({ ...values, account_id: accountId })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findHomePage(db: Db, accountId: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('home_page_configs').selectAll().where('account_id', '=', accountId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function upsertHomePage(
  trx: Db,
  accountId: string,
  values: Omit<HomePageConfigsTable, 'account_id' | 'updated_at' | 'widgets' | 'translations'> & {
    widgets: unknown[];
    translations: string;
  },
) {
  const row = { ...values, widgets: JSON.stringify(values.widgets) };
  return trx
    .insertInto('home_page_configs')
    .values({ account_id: accountId, ...row })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...row, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setHomeBanner(trx: Db, accountId: string, key: string | null) {
  return trx
    .updateTable('home_page_configs')
    .set({ banner_image_key: key, updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The published products of one account among these ids (others, and other accounts', are left out). */
export async function findPublishedProducts(db: Db, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'brand',
      'image_key',
      'price_functional',
      'price_grade_a',
      'price_grade_b',
      'price_grade_c',
      'price_grade_d',
      'price_grade_e',
      'translations',
    ])
    .where('account_id', '=', accountId)
    .where('status', '=', 'published')
    .where('id', 'in', [...ids])
    .execute();
}

export async function findPublishedProductImageKey(db: Db, accountId: string, productId: string) {
  const row = await db
    .selectFrom('products')
    .select('image_key')
    .where('id', '=', productId)
    .where('account_id', '=', accountId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row?.image_key ?? null;
}

export async function findRootDetail(db: Db, accountId: string) {
  return db
    .selectFrom('organization_root_details')
    .select(['eula', 'service_terms', 'faq_and_contact', 'seller_support_email'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * The account's active stores, when the account accepts drops in store: it has an active
 * store_drop circuit (journeys.md: `/stores` lists the stores that accept drops).
 */
export async function findStoresAcceptingDrops(db: Db, accountId: string) {
  return db
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
 * circuit rule, each rule's own countries else its circuit's (as shipping-methods.ts resolves them).
 */
export async function findWebCircuitCountries(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
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

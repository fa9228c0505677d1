import type { ListPackagesQuery, PackageKind, PackageStatus } from '@reprise/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Actor } from '../../platform/context';
import type { Database } from '../../platform/db.types';
import {
  type BaseContext,
  type InTransaction,
  type Reader,
  type RequestContext,
  readerOf,
} from '../../platform/request-context';
import { visiblePathPrefix } from '../../platform/scope';
import { deleteChildOf, updateOwned } from '../../platform/scoped-writes';
import { type ItemRow, itemQuery } from '../buyback-lifecycle';
import { packageNumber } from './expedition.rules';

/**
 * Packages (migration 019) and their items. A user sees the packages leaving the organisations of
 * its subtree (platform operators every one); writes go through the scoped builders, the items
 * through their package.
 */

type Tx = InTransaction<RequestContext>;

export interface PackageRow {
  id: string;
  account_id: string;
  kind: PackageKind;
  origin_organization_id: string;
  origin_name: string;
  origin_type: string;
  destination_organization_id: string | null;
  destination_name: string | null;
  number: string;
  with_label: boolean;
  status: PackageStatus;
  tracking_number: string | null;
  created_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  closed_at: Date | null;
  closed_by: string | null;
  closed_by_name: string | null;
  item_count: number;
}

const userName = (alias: 'cu' | 'xu') =>
  sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.firstname`)}, ${sql.ref(`${alias}.lastname`)})), '')`;

const packageQuery = (db: Reader) =>
  db
    .selectFrom('packages as p')
    .innerJoin('organizations as o', 'o.id', 'p.origin_organization_id')
    .leftJoin('organizations as d', 'd.id', 'p.destination_organization_id')
    .leftJoin('users as cu', 'cu.id', 'p.created_by')
    .leftJoin('users as xu', 'xu.id', 'p.closed_by')
    .select([
      'p.id',
      'p.account_id',
      'p.kind',
      'p.origin_organization_id',
      'o.common_name as origin_name',
      'o.type as origin_type',
      'p.destination_organization_id',
      'd.common_name as destination_name',
      'p.number',
      'p.with_label',
      'p.status',
      'p.tracking_number',
      'p.created_at',
      'p.created_by',
      userName('cu').as('created_by_name'),
      'p.closed_at',
      'p.closed_by',
      userName('xu').as('closed_by_name'),
      sql<number>`(SELECT count(*)::int FROM package_items pi WHERE pi.package_id = p.id)`.as('item_count'),
    ]);

type PackageExpressions = ExpressionBuilder<
  Database & { p: Database['packages']; o: Database['organizations'] },
  'p' | 'o'
>;

/** The packages the actor sees: those leaving an organisation of its subtree. */
const visibleTo =
  (actor: Actor) =>
  (eb: PackageExpressions): Expression<SqlBool> => {
    const prefix = visiblePathPrefix(actor);
    return prefix === null ? eb.lit(true) : eb('o.path', 'like', `${prefix}%`);
  };

/** A package the actor sees; with `forUpdate` its row is locked until the transaction ends. */
export async function findVisiblePackage(
  ctx: RequestContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PackageRow | undefined> {
  let query = packageQuery(readerOf(ctx)).where('p.id', '=', id).where(visibleTo(ctx.actor));
  if (options.forUpdate) query = query.forUpdate('p');
  return (await query.executeTakeFirst()) as PackageRow | undefined;
}

function listFilter(ctx: RequestContext, query: ListPackagesQuery) {
  return (eb: PackageExpressions): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [visibleTo(ctx.actor)(eb)];
    if (query.status) conditions.push(eb('p.status', '=', query.status));
    if (query.kind) conditions.push(eb('p.kind', '=', query.kind));
    if (query.withLabel !== undefined) conditions.push(eb('p.with_label', '=', query.withLabel));
    if (query.originOrganizationId)
      conditions.push(eb('p.origin_organization_id', '=', query.originOrganizationId));
    if (query.search) {
      const search = query.search;
      const code = search.replace(/\s+/g, '');
      conditions.push(
        eb.or([
          eb('p.number', 'ilike', `%${search.replace(/[\\%_]/g, '\\$&')}%`),
          eb.exists(
            eb
              .selectFrom('package_items as pi')
              .innerJoin('buyback_items as i', 'i.id', 'pi.item_id')
              .innerJoin('buybacks as b', 'b.id', 'i.buyback_id')
              .select('pi.item_id')
              .whereRef('pi.package_id', '=', 'p.id')
              .where((inner) =>
                code.length === 8
                  ? inner(sql<string>`right(i.identification_number, 8)`, '=', code)
                  : inner.or([
                      inner('i.identification_number', '=', code),
                      inner('b.identification_number', '=', code),
                    ]),
              ),
          ),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/** One page of the transports list, newest first unless told. */
export async function findPackages(
  ctx: RequestContext,
  query: ListPackagesQuery,
): Promise<{ rows: PackageRow[]; total: number }> {
  const db = readerOf(ctx);
  const direction = query['order[createdAt]'] ?? 'desc';
  const [rows, total] = await Promise.all([
    packageQuery(db)
      .where(listFilter(ctx, query))
      .orderBy('p.created_at', direction)
      .orderBy('p.number', direction)
      .offset((query.page - 1) * query.itemsPerPage)
      .limit(query.itemsPerPage)
      .execute(),
    db
      .selectFrom('packages as p')
      .innerJoin('organizations as o', 'o.id', 'p.origin_organization_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(listFilter(ctx, query))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as PackageRow[], total: Number(total.n) };
}

export interface PackageItemRow {
  id: string;
  identification_number: string;
  status: string;
  buyback_id: string;
  buyback_identification_number: string;
  product_name: string;
  product_brand: string | null;
  imei: string | null;
  added_at: Date;
}

/** The items of packages, in the order they were packed. */
export async function findPackageItems(
  ctx: BaseContext,
  packageIds: string[],
): Promise<(PackageItemRow & { package_id: string })[]> {
  if (packageIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('package_items as pi')
    .innerJoin('buyback_items as i', 'i.id', 'pi.item_id')
    .innerJoin('buybacks as b', 'b.id', 'i.buyback_id')
    .select([
      'pi.package_id',
      'i.id',
      'i.identification_number',
      'i.status',
      'i.buyback_id',
      'b.identification_number as buyback_identification_number',
      'b.product_name',
      'b.product_brand',
      'i.imei',
      'pi.added_at',
    ])
    .where('pi.package_id', 'in', packageIds)
    .orderBy('pi.added_at')
    .orderBy('i.identification_number')
    .execute();
}

/** The package of this kind an item is in, if any (an item goes in one package of each kind). */
export async function findPackageOfItem(ctx: BaseContext, itemId: string, kind: PackageKind) {
  return readerOf(ctx)
    .selectFrom('package_items as pi')
    .innerJoin('packages as p', 'p.id', 'pi.package_id')
    .select(['p.id', 'p.number', 'p.status'])
    .where('pi.item_id', '=', itemId)
    .where('pi.kind', '=', kind)
    .executeTakeFirst();
}

/** The items of a package, locked with their buybacks in id order (what closing moves). */
export async function lockPackageItems(tx: Tx, packageId: string): Promise<ItemRow[]> {
  return (await itemQuery(tx.trx)
    .innerJoin('package_items as pi', 'pi.item_id', 'i.id')
    .where('pi.package_id', '=', packageId)
    .orderBy('i.id')
    .forUpdate(['i', 'b'])
    .execute()) as ItemRow[];
}

/** An organisation as a package's origin or destination (its name and address). */
export async function findOrganization(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select([
      'id',
      'account_id',
      'type',
      'path',
      'common_name',
      'corporate_name',
      'street',
      'street_more',
      'zip',
      'city',
      'country',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

/** The root organisation of an account (a buyer account's head office). */
export async function findRootOrganization(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'common_name'])
    .where('account_id', '=', accountId)
    .where('parent_organization_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}

export { findAccountLanguage } from '../../platform/account-language';

export async function insertPackage(
  tx: Tx,
  values: {
    account_id: string;
    kind: PackageKind;
    origin_organization_id: string;
    destination_organization_id: string | null;
    with_label: boolean;
    created_by: string;
  },
): Promise<string> {
  const next = await sql<{ n: string }>`SELECT nextval('package_number_seq') AS n`.execute(tx.trx);
  const row = await tx.trx
    .insertInto('packages')
    .values({ ...values, number: packageNumber(next.rows[0]?.n ?? '0') })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a package of the context's accounts; false when it may not (nothing written). */
export async function updatePackage(
  tx: Tx,
  id: string,
  values: {
    destination_organization_id?: string | null;
    status?: 'closed';
    tracking_number?: string | null;
    closed_by?: string;
    closed_at?: Date;
  },
): Promise<boolean> {
  const result = await updateOwned(tx, 'packages')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertPackageItem(
  tx: Tx,
  values: { package_id: string; item_id: string; kind: PackageKind; added_by: string },
): Promise<void> {
  await tx.trx.insertInto('package_items').values(values).execute();
}

/** Takes an item out of a package of the context's accounts; false when it was not in it. */
export async function deletePackageItem(tx: Tx, packageId: string, itemId: string): Promise<boolean> {
  const result = await deleteChildOf(tx, 'package_items', { column: 'package_id', parent: 'packages' })
    .where('package_id', '=', packageId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

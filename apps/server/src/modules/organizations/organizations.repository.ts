import type {
  ModuleType,
  ORGANIZATION_SORT_FIELDS,
  OrganizationType,
  Status,
  UserType,
} from '@reprise/shared';
import { type Expression, type SqlBool, sql, type Updateable } from 'kysely';
import type { Actor } from '../../platform/context';
import type { OrganizationsTable } from '../../platform/db.types';
import { fieldError } from '../../platform/errors';
import {
  type BaseContext,
  type BaseTxContext,
  type Reader,
  type RequestContext,
  readerOf,
} from '../../platform/request-context';
import { visiblePathPrefix } from '../../platform/scope';
import { updateOwned } from '../../platform/scoped-writes';
import { authChanged } from '../../platform/session-cache';
import type { OrganizationRow } from './organizations.mapper';
import { containsPattern, folded } from './search-text';

/**
 * Every read of organisations goes through `visibleTo`: a non-platform actor sees its own
 * organisation and the ones below it, whatever the account. The few unscoped look-ups are named
 * for the explicit link they follow (a referenced buyer or warehouse, a public store, a tree root).
 */
const visibleTo = (actor: Actor, alias = 'o'): Expression<SqlBool> => {
  const prefix = visiblePathPrefix(actor);
  return prefix === null
    ? sql<SqlBool>`true`
    : sql<SqlBool>`${sql.ref(`${alias}.path`)} like ${`${prefix}%`}`;
};

const withParentName = (db: Reader) =>
  db
    .selectFrom('organizations as o')
    .leftJoin('organizations as p', 'p.id', 'o.parent_organization_id')
    .selectAll('o')
    .select('p.common_name as parent_common_name');

export type OrganizationSortField = (typeof ORGANIZATION_SORT_FIELDS)[number];

// names sort as people read them: without regard to case or accents
const byName = folded(sql`o.common_name`);

const SORT_COLUMN: Record<OrganizationSortField, Expression<unknown>> = {
  commonName: byName,
  type: sql`o.type`,
  status: sql`o.status`,
  city: folded(sql`o.city`),
  createdAt: sql`o.created_at`,
  externalId: sql`o.external_id`,
};

export interface OrganizationFilters {
  accountId?: string;
  types?: OrganizationType[];
  status?: Status;
  search?: string;
  hasParent?: boolean;
  parentOrganizationId?: string;
}

export async function listOrganizations(
  ctx: RequestContext,
  filters: OrganizationFilters,
  order: { field: OrganizationSortField; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: OrganizationRow[]; total: number }> {
  let query = withParentName(readerOf(ctx)).where(visibleTo(ctx.actor));
  if (filters.accountId) query = query.where('o.account_id', '=', filters.accountId);
  if (filters.types?.length) query = query.where('o.type', 'in', filters.types);
  if (filters.status) query = query.where('o.status', '=', filters.status);
  if (filters.parentOrganizationId)
    query = query.where('o.parent_organization_id', '=', filters.parentOrganizationId);
  if (filters.hasParent !== undefined) {
    query = query.where('o.parent_organization_id', filters.hasParent ? 'is not' : 'is', null);
  }
  if (filters.search) {
    const pattern = folded(containsPattern(filters.search));
    query = query.where((eb) =>
      eb.or([
        eb(folded(sql`o.common_name`), 'like', pattern),
        eb(folded(sql`coalesce(o.city, '')`), 'like', pattern),
        eb(folded(sql`coalesce(o.external_id, '')`), 'like', pattern),
      ]),
    );
  }
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy(SORT_COLUMN[order.field], (ob) => (order.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('o.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(counted.total) };
}

/** An organisation the actor sees; locked for the rest of the transaction when asked. */
export async function findVisibleOrganization(
  ctx: RequestContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrganizationRow | undefined> {
  let query = withParentName(readerOf(ctx)).where('o.id', '=', id).where(visibleTo(ctx.actor));
  if (options.forUpdate) query = query.forUpdate('o');
  return query.executeTakeFirst();
}

/** Type and place of a referenced organisation (a buyer, a default warehouse), in any account. */
export async function findReferencedOrganization(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'type', 'account_id', 'path', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The root of the tree a path belongs to (a user's own account tree). */
export async function findTreeRoot(ctx: BaseContext, rootId: string): Promise<OrganizationRow | undefined> {
  return withParentName(readerOf(ctx))
    .where('o.id', '=', rootId)
    .where('o.parent_organization_id', 'is', null)
    .executeTakeFirst();
}

/** The root of an account: its root management unit, else its first tree root. */
export async function findAccountRoot(
  ctx: BaseContext,
  accountId: string,
): Promise<OrganizationRow | undefined> {
  return withParentName(readerOf(ctx))
    .where('o.account_id', '=', accountId)
    .where('o.parent_organization_id', 'is', null)
    .orderBy(sql`o.type = 'root_management_unit'`, 'desc')
    .orderBy('o.created_at')
    .executeTakeFirst();
}

/** A public store page: active organisations of active accounts only. */
export async function findPublicOrganization(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('organizations as o')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .selectAll('o')
    .where('o.id', '=', id)
    .where('o.status', '=', 'active')
    .where('a.status', '=', 'active')
    .executeTakeFirst();
}

export async function accountExists(ctx: BaseContext, accountId: string): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function hasRootManagementUnit(ctx: BaseContext, accountId: string): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('organizations')
    .select('id')
    .where('account_id', '=', accountId)
    .where('type', '=', 'root_management_unit')
    .executeTakeFirst();
  return Boolean(row);
}

export async function isExternalIdTaken(
  ctx: BaseContext,
  accountId: string,
  externalId: string,
  exceptId?: string,
) {
  let query = readerOf(ctx)
    .selectFrom('organizations')
    .select('id')
    .where('account_id', '=', accountId)
    .where('external_id', '=', externalId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** Serialises the tree writes of one account, so that paths computed in a command stay true. */
export async function lockAccountTree(tx: BaseTxContext, accountId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`organizations:${accountId}`}))`.execute(tx.trx);
}

const EXTERNAL_ID_CONSTRAINT = 'organizations_external_id_key';

/** The unique index is the last word on external ids (two commands racing). */
async function guardExternalId<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { constraint?: string }).constraint === EXTERNAL_ID_CONSTRAINT) {
      throw fieldError(
        'external_id_not_unique',
        'externalId',
        'This external id is already used in the account.',
      );
    }
    throw error;
  }
}

export type OrganizationColumns = Updateable<OrganizationsTable>;

export async function insertOrganization(
  tx: BaseTxContext,
  values: OrganizationColumns & {
    id: string;
    account_id: string;
    path: string;
    type: string;
    module_type: string;
    common_name: string;
  },
): Promise<void> {
  await guardExternalId(() => tx.trx.insertInto('organizations').values(values).execute());
}

export async function updateOrganization(
  tx: BaseTxContext,
  id: string,
  values: OrganizationColumns,
): Promise<void> {
  await guardExternalId(() =>
    updateOwned(tx, 'organizations')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),
  );
}

/** Rewrites the paths of a whole subtree (the organisation included) in one statement. */
export async function moveSubtree(tx: BaseTxContext, oldPath: string, newPath: string): Promise<void> {
  // sessions cache their organisation's path: a move changes what they see
  await authChanged(tx.trx);
  await updateOwned(tx, 'organizations')
    .set({ path: sql`${newPath} || substr(path, ${oldPath.length + 1})` })
    .where('path', 'like', `${oldPath}%`)
    .execute();
}

export async function listTreeRows(ctx: RequestContext, accountId?: string) {
  let query = readerOf(ctx)
    .selectFrom('organizations as o')
    .select([
      'o.id',
      'o.parent_organization_id as parentOrganizationId',
      'o.common_name as commonName',
      'o.type',
      'o.status',
    ])
    .where(visibleTo(ctx.actor));
  if (accountId) query = query.where('o.account_id', '=', accountId);
  const rows = await query.orderBy(byName).orderBy('o.id').execute();
  return rows as {
    id: string;
    parentOrganizationId: string | null;
    commonName: string;
    type: OrganizationType;
    status: Status;
  }[];
}

/** Visible organisations of the given types, outside an excluded subtree. */
export async function listPossibleParents(
  ctx: RequestContext,
  options: { types: readonly OrganizationType[]; accountId?: string; excludedPath?: string },
): Promise<OrganizationRow[]> {
  if (options.types.length === 0) return [];
  let query = withParentName(readerOf(ctx)).where(visibleTo(ctx.actor)).where('o.type', 'in', options.types);
  if (options.accountId) query = query.where('o.account_id', '=', options.accountId);
  if (options.excludedPath) query = query.where('o.path', 'not like', `${options.excludedPath}%`);
  return query.orderBy(byName).orderBy('o.id').execute();
}

/**
 * Warehouses connected to what the actor sees: the warehouses in its view (buyer side) and those
 * its visible organisations use as default warehouse (the explicit link a retailer has).
 */
export async function listConnectedWarehouses(
  ctx: RequestContext,
  accountId?: string,
): Promise<OrganizationRow[]> {
  const { actor } = ctx;
  return withParentName(readerOf(ctx))
    .where('o.type', '=', 'warehouse')
    .where((eb) => {
      let linked = eb
        .selectFrom('organizations as s')
        .select('s.default_warehouse_id')
        .where('s.default_warehouse_id', 'is not', null)
        .where(visibleTo(actor, 's'));
      if (accountId) linked = linked.where('s.account_id', '=', accountId);
      const owned = accountId
        ? eb.and([visibleTo(actor), eb('o.account_id', '=', accountId)])
        : visibleTo(actor);
      return eb.or([owned, eb('o.id', 'in', linked.$narrowType<{ default_warehouse_id: string }>())]);
    })
    .orderBy(byName)
    .orderBy('o.id')
    .execute();
}

/** Users holding a module in the subtree at `path`, per module and user type (one per user and module). */
export async function countUsersInSubtree(ctx: BaseContext, path: string) {
  const rows = await readerOf(ctx)
    .selectFrom('user_modules as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.module_type as moduleType', 'm.user_type as userType'])
    .select((eb) => eb.fn.countAll<number>().as('users'))
    .where('o.path', 'like', `${path}%`)
    .groupBy(['m.module_type', 'm.user_type'])
    .execute();
  return rows.map((r) => ({
    moduleType: r.moduleType as ModuleType,
    userType: r.userType as UserType,
    users: Number(r.users),
  }));
}

import type { ClientKind, ListClientAccountsQuery } from '@reprise/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { AccountsTable, OrganizationsTable } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { deleteAccountRow, deleteOwned, updateAccountRow, updateOwned } from '../../platform/scoped-writes';
import { authChanged } from '../../platform/session-cache';

/**
 * The client accounts of the platform administration (docs/clients.md): every account but the
 * platform's own, with its root organisation (the one without a parent, of the kind's type).
 */
const ROOT_TYPES = ['root_management_unit', 'buyer'];

function clientAccounts(ctx: BaseContext) {
  let query = readerOf(ctx)
    .selectFrom('accounts as a')
    .innerJoin('organizations as o', (join) =>
      join
        .onRef('o.account_id', '=', 'a.id')
        .on('o.parent_organization_id', 'is', null)
        .on('o.type', 'in', ROOT_TYPES),
    )
    .where('a.is_platform', '=', false);
  // a context scoped to one account (never a platform admin's) reaches that account only
  if (ctx.scope.kind === 'account') query = query.where('a.id', '=', ctx.scope.accountId);
  return query;
}

const CLIENT_COLUMNS = [
  'a.id',
  'a.name',
  'a.status',
  'a.modules',
  'a.is_retailer',
  'a.is_buyer_and_workshops_supervisor',
  'a.payment_issuer',
  'a.transport_contract_holder',
  'a.language',
  'a.currency',
  'a.site_active',
  'a.created_at',
  'a.updated_at',
  'o.id as root_organization_id',
  'o.type as root_type',
  'o.common_name',
  'o.corporate_name',
  'o.street',
  'o.street_more',
  'o.zip',
  'o.city',
  'o.country',
] as const;

/** Filters the clients by a text in their names, their status and their kind (its root organisation's type). */
function filteredClientAccounts(
  ctx: BaseContext,
  filters: Pick<ListClientAccountsQuery, 'search' | 'status' | 'kind'>,
) {
  let query = clientAccounts(ctx);
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('a.name', 'ilike', pattern),
        eb('o.common_name', 'ilike', pattern),
        eb('o.corporate_name', 'ilike', pattern),
      ]),
    );
  }
  if (filters.status) query = query.where('a.status', '=', filters.status);
  if (filters.kind)
    query = query.where('o.type', '=', filters.kind === 'retailer' ? 'root_management_unit' : 'buyer');
  return query;
}

export async function listClientAccounts(
  ctx: BaseContext,
  filters: Pick<ListClientAccountsQuery, 'search' | 'status' | 'kind'>,
  order: { field: 'name' | 'createdAt'; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
) {
  const base = filteredClientAccounts(ctx, filters);
  const column = order.field === 'name' ? 'a.name' : 'a.created_at';
  const [rows, count] = await Promise.all([
    base
      .select(CLIENT_COLUMNS)
      .orderBy(column, order.direction)
      .orderBy('a.id', order.direction)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type ClientAccountRow = Awaited<ReturnType<typeof listClientAccounts>>['rows'][number] & {
  root_detail_id: string | null;
};

async function findClient(ctx: BaseContext, column: 'a.id' | 'o.id', id: string, forUpdate: boolean) {
  let query = clientAccounts(ctx)
    .leftJoin('organization_root_details as d', 'd.account_id', 'a.id')
    .select([...CLIENT_COLUMNS, 'd.id as root_detail_id'])
    .where(column, '=', id);
  if (forUpdate) query = query.forUpdate(['a']);
  return query.executeTakeFirst() as Promise<ClientAccountRow | undefined>;
}

export const findClientAccount = (ctx: BaseContext, id: string, options: { forUpdate?: boolean } = {}) =>
  findClient(ctx, 'a.id', id, options.forUpdate ?? false);

export const findClientAccountByRootOrganization = (ctx: BaseContext, organizationId: string) =>
  findClient(ctx, 'o.id', organizationId, false);

export async function insertAccount(tx: BaseTxContext, values: Insertable<AccountsTable>): Promise<string> {
  const row = await tx.trx.insertInto('accounts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRootOrganization(
  tx: BaseTxContext,
  values: Insertable<OrganizationsTable>,
): Promise<void> {
  await tx.trx.insertInto('organizations').values(values).execute();
}

export async function insertRootDetail(tx: BaseTxContext, accountId: string): Promise<string> {
  const row = await tx.trx
    .insertInto('organization_root_details')
    .values({ account_id: accountId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateClientAccount(tx: BaseTxContext, id: string, values: Updateable<AccountsTable>) {
  if (Object.keys(values).length === 0) return;
  await updateAccountRow(tx, { kind: 'account', accountId: id })
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function updateRootOrganization(
  tx: BaseTxContext,
  accountId: string,
  organizationId: string,
  values: Updateable<OrganizationsTable>,
) {
  if (Object.keys(values).length === 0) return;
  await updateOwned(tx, 'organizations', { kind: 'account', accountId })
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', organizationId)
    .execute();
}

/**
 * An account's status changed: every process drops its cached sessions, which read it (a user
 * holding a module in a reactivated account's organisation gets that module back at once).
 */
export async function accountStatusChanged(tx: BaseTxContext): Promise<void> {
  await authChanged(tx.trx);
}

/** The buyers linked to the account (account_linked_buyers, migration 015). */
export async function hasLinkedBuyers(tx: BaseTxContext, accountId: string): Promise<boolean> {
  const row = await tx.trx
    .selectFrom('account_linked_buyers')
    .select('buyer_account_id')
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The retailers linked to the account as their buyer, or whose stores name one of its
 * organisations as their buyer or default warehouse.
 */
export async function hasLinkedRetailers(tx: BaseTxContext, accountId: string): Promise<boolean> {
  const link = await tx.trx
    .selectFrom('account_linked_buyers')
    .select('account_id')
    .where('buyer_account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst();
  if (link) return true;
  const store = await tx.trx
    .selectFrom('organizations as s')
    .innerJoin('organizations as mine', (join) =>
      join.on((eb) =>
        eb.or([
          eb('mine.id', '=', eb.ref('s.buyer_id')),
          eb('mine.id', '=', eb.ref('s.default_warehouse_id')),
        ]),
      ),
    )
    .select('s.id')
    .where('mine.account_id', '=', accountId)
    .where('s.account_id', '<>', accountId)
    .limit(1)
    .executeTakeFirst();
  return store !== undefined;
}

/**
 * Deletes the account and what setting it up wrote: its users (their modules, sessions and links
 * go with them, `ON DELETE CASCADE`), its root details, public-site settings, search words and
 * organisations. Anything else it holds (catalogue, buybacks, configuration…) makes the database
 * refuse (a foreign key), and the service answers `account_has_data`.
 */
export async function deleteAccountAndSetup(tx: BaseTxContext, accountId: string): Promise<void> {
  const scope = { kind: 'account', accountId } as const;
  // the users' sessions go with them: every process drops the sessions it cached
  await authChanged(tx.trx);
  await deleteOwned(tx, 'users', scope).execute();
  await deleteOwned(tx, 'organization_root_details', scope).execute();
  await deleteOwned(tx, 'white_label_configs', scope).execute();
  await deleteOwned(tx, 'home_page_configs', scope).execute();
  await deleteOwned(tx, 'product_search_words', scope).execute();
  await deleteOwned(tx, 'organizations', scope).execute();
  await deleteAccountRow(tx, scope).where('id', '=', accountId).execute();
}

/** The next batch of the account's product ids, in id order after `after` (the reindex job). */
export async function productIdsAfter(
  ctx: BaseContext,
  accountId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  let query = readerOf(ctx)
    .selectFrom('products')
    .select('id')
    .where('account_id', '=', accountId)
    .orderBy('id')
    .limit(limit);
  if (after) query = query.where('id', '>', after);
  return (await query.execute()).map((r) => r.id);
}

/** The search documents of products that no longer exist in the account (the reindex removes them). */
export async function orphanDocumentIds(ctx: BaseContext, accountId: string): Promise<string[]> {
  const rows = await readerOf(ctx)
    .selectFrom('product_search_documents as d')
    .leftJoin('products as p', 'p.id', 'd.product_id')
    .select('d.product_id')
    .where('d.account_id', '=', accountId)
    .where('p.id', 'is', null)
    .execute();
  return rows.map((r) => r.product_id);
}

export const kindOfRootType = (type: string): ClientKind => (type === 'buyer' ? 'buyer' : 'retailer');

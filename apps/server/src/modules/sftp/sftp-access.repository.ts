import type { Status } from '@reprise/shared';
import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/**
 * The SQL of the built-in SFTP server's logins (table sftp_accesses, migration 026): one per
 * account, read and written within the context's scope.
 */

export interface AccessRow {
  account_id: string;
  username: string;
  password_hash: string | null;
  status: Status;
  catalogue_account_id: string;
  catalogue_name: string;
  parent_category_ids: string[];
  suffix: string;
  last_import_id: string | null;
  activated_at: Date | null;
}

const inScope = (ctx: BaseContext, accountId: string) =>
  ctx.scope.kind === 'all' || ctx.scope.accountId === accountId;

/** The account, when the context may reach it (its own; any for platform operators). */
export async function findAccount(
  ctx: BaseContext,
  accountId: string,
): Promise<{ id: string; name: string } | null> {
  if (!inScope(ctx, accountId)) return null;
  const row = await readerOf(ctx)
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row ?? null;
}

function selectAccess(ctx: BaseContext) {
  return readerOf(ctx)
    .selectFrom('sftp_accesses as s')
    .innerJoin('accounts as c', 'c.id', 's.catalogue_account_id')
    .select([
      's.account_id',
      's.username',
      's.password_hash',
      's.status',
      's.catalogue_account_id',
      'c.name as catalogue_name',
      's.parent_category_ids',
      's.suffix',
      's.last_import_id',
      's.activated_at',
    ]);
}

/** The account's login, when it has one and the context may reach it. */
export async function findAccess(
  ctx: BaseContext,
  accountId: string,
  options: { forUpdate?: boolean } = {},
): Promise<AccessRow | null> {
  if (!inScope(ctx, accountId)) return null;
  let query = selectAccess(ctx).where('s.account_id', '=', accountId);
  if (options.forUpdate) query = query.forUpdate('s');
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * An active login by its username (the SFTP server's sign-in; the context reaches every account),
 * of an active client account importing into an active one (docs/clients.md).
 */
export async function findActiveLogin(ctx: BaseContext, username: string): Promise<AccessRow | null> {
  const query = selectAccess(ctx)
    .innerJoin('accounts as owner', 'owner.id', 's.account_id')
    .where('s.username', '=', username)
    .where('s.status', '=', 'active')
    .where('owner.status', '=', 'active')
    .where('c.status', '=', 'active');
  const row = await (ctx.scope.kind === 'all'
    ? query
    : query.where('s.account_id', '=', ctx.scope.accountId)
  ).executeTakeFirst();
  return row ?? null;
}

/** The usernames taken that start with `base` (a new login's name is made unique against them). */
export async function usernamesLike(tx: BaseTxContext, base: string): Promise<string[]> {
  const rows = await tx.trx
    .selectFrom('sftp_accesses')
    .select('username')
    .where(sql<boolean>`starts_with(username, ${base})`)
    .execute();
  return rows.map((r) => r.username);
}

export async function insertAccess(
  tx: BaseTxContext,
  values: { accountId: string; username: string; catalogueAccountId: string },
): Promise<void> {
  await tx.trx
    .insertInto('sftp_accesses')
    .values({
      account_id: values.accountId,
      username: values.username,
      catalogue_account_id: values.catalogueAccountId,
      updated_at: sql<Date>`now()`,
    })
    .execute();
}

export async function updateAccess(
  tx: BaseTxContext,
  accountId: string,
  values: Partial<{
    password_hash: string | null;
    status: Status;
    catalogue_account_id: string;
    parent_category_ids: string[];
    suffix: string;
    last_import_id: string;
    activated_at: Date | null;
  }>,
): Promise<void> {
  await updateOwned(tx, 'sftp_accesses', { kind: 'account', accountId })
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('account_id', '=', accountId)
    .execute();
}

/** The catalogues an account's login may import into: its own, and its linked buyers'. */
export async function catalogues(
  ctx: BaseContext,
  accountId: string,
): Promise<{ id: string; name: string }[]> {
  return readerOf(ctx)
    .selectFrom('accounts as a')
    .select(['a.id', 'a.name'])
    .where((eb) =>
      eb.or([
        eb('a.id', '=', accountId),
        eb(
          'a.id',
          'in',
          eb
            .selectFrom('account_linked_buyers')
            .select('buyer_account_id')
            .where('account_id', '=', accountId),
        ),
      ]),
    )
    .orderBy(sql`a.id = ${accountId}`, 'desc')
    .orderBy('a.name')
    .execute();
}

/** Categories of a catalogue by id (the ones found; the caller compares with what it asked). */
export async function categoriesByIds(
  ctx: BaseContext,
  catalogueAccountId: string,
  ids: readonly string[],
): Promise<{ id: string; label: string }[]> {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('categories')
    .select(['id', 'label'])
    .where('account_id', '=', catalogueAccountId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Categories of a catalogue whose label or identifier contains `search`, by label (at most `limit`). */
export async function searchCategories(
  ctx: BaseContext,
  catalogueAccountId: string,
  search: string | undefined,
  limit: number,
): Promise<{ id: string; label: string }[]> {
  let query = readerOf(ctx)
    .selectFrom('categories')
    .select(['id', 'label'])
    .where('account_id', '=', catalogueAccountId);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('label', 'ilike', pattern), eb('identifier', 'ilike', pattern)]));
  }
  return query.orderBy('sort_label').orderBy('id').limit(limit).execute();
}

/** The file of the login's last import: its size and when it was dropped. */
export async function lastImportFile(
  ctx: BaseContext,
  accountId: string,
): Promise<{ size: number; droppedAt: Date } | null> {
  if (!inScope(ctx, accountId)) return null;
  const row = await readerOf(ctx)
    .selectFrom('sftp_accesses as s')
    .innerJoin('imports as i', 'i.id', 's.last_import_id')
    .select(['i.file_size', 'i.created_at'])
    .where('s.account_id', '=', accountId)
    .executeTakeFirst();
  return row ? { size: Number(row.file_size), droppedAt: new Date(row.created_at) } : null;
}

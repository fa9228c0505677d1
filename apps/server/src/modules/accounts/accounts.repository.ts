import { sql, type Updateable } from 'kysely';
import type { AccountsTable } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateAccountRow } from '../../platform/scoped-writes';
import type { AccountImageKind } from './account-images';

const IMAGE_COLUMN = { logo: 'logo_key', favicon: 'favicon_key' } as const;

/** An account the context may reach: its own, or any for a platform operator. */
export async function findReachableAccount(
  ctx: BaseContext,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = readerOf(ctx).selectFrom('accounts').selectAll().where('id', '=', id);
  if (ctx.scope.kind === 'account') query = query.where('id', '=', ctx.scope.accountId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateAccount(tx: BaseTxContext, id: string, values: Updateable<AccountsTable>) {
  return updateAccountRow(tx)
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const imageColumnValues = (kind: AccountImageKind, key: string | null): Updateable<AccountsTable> => ({
  [IMAGE_COLUMN[kind]]: key,
});

export const imageKeyOf = (
  row: { logo_key: string | null; favicon_key: string | null },
  kind: AccountImageKind,
) => row[IMAGE_COLUMN[kind]];

/** The storage key of an account's logo or favicon, for anyone (public site, login page). */
export async function findImageKey(
  ctx: BaseContext,
  id: string,
  kind: AccountImageKind,
): Promise<string | null> {
  const row = await readerOf(ctx)
    .selectFrom('accounts')
    .select(['logo_key', 'favicon_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? imageKeyOf(row, kind) : null;
}

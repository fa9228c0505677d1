import { sql, type Updateable } from 'kysely';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { AccountsTable } from '../../platform/db.types';
import type { AccountImageKind } from './account-images';

const IMAGE_COLUMN = { logo: 'logo_key', favicon: 'favicon_key' } as const;

/** An account the actor may reach: its own, or any for a platform operator. */
export async function findReachableAccount(
  db: Db,
  actor: Actor,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = db.selectFrom('accounts').selectAll().where('id', '=', id);
  if (!actor.isPlatform) query = query.where('id', '=', actor.accountId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateAccount(trx: Db, id: string, values: Updateable<AccountsTable>) {
  return trx
    .updateTable('accounts')
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
export async function findImageKey(db: Db, id: string, kind: AccountImageKind): Promise<string | null> {
  const row = await db
    .selectFrom('accounts')
    .select(['logo_key', 'favicon_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? imageKeyOf(row, kind) : null;
}

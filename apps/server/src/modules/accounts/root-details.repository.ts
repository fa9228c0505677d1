import { sql, type Updateable } from 'kysely';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { OrganizationRootDetailsTable } from '../../platform/db.types';

/** Root details the actor may reach: its own account's, or any for a platform operator. */
const reachable = (db: Db, actor: Actor) => {
  const query = db.selectFrom('organization_root_details').selectAll();
  return actor.isPlatform ? query : query.where('account_id', '=', actor.accountId);
};

export async function findRootDetailOfAccount(db: Db, actor: Actor, accountId: string) {
  return reachable(db, actor).where('account_id', '=', accountId).executeTakeFirst();
}

export async function findRootDetail(
  db: Db,
  actor: Actor,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = reachable(db, actor).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateRootDetail(
  trx: Db,
  id: string,
  values: Updateable<OrganizationRootDetailsTable>,
) {
  return trx
    .updateTable('organization_root_details')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

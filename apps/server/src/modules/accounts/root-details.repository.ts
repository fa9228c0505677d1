import { sql, type Updateable } from 'kysely';
import type { OrganizationRootDetailsTable } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/** Root details the context may reach: its own account's, or any for a platform operator. */
const reachable = (ctx: BaseContext) => {
  const query = readerOf(ctx).selectFrom('organization_root_details').selectAll();
  return ctx.scope.kind === 'all' ? query : query.where('account_id', '=', ctx.scope.accountId);
};

export async function findRootDetailOfAccount(ctx: BaseContext, accountId: string) {
  return reachable(ctx).where('account_id', '=', accountId).executeTakeFirst();
}

export async function findRootDetail(ctx: BaseContext, id: string, options: { forUpdate?: boolean } = {}) {
  let query = reachable(ctx).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateRootDetail(
  tx: BaseTxContext,
  id: string,
  values: Updateable<OrganizationRootDetailsTable>,
) {
  return updateOwned(tx, 'organization_root_details')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

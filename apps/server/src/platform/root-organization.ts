import { sql } from 'kysely';
import { type BaseContext, readerOf } from './request-context';

/** The root organisation of an account (its root management unit, the first one made). */
export async function findRootOrganizationId(
  ctx: BaseContext,
  accountId: string,
): Promise<string | undefined> {
  const row = await readerOf(ctx)
    .selectFrom('organizations')
    .select('id')
    .where('account_id', '=', accountId)
    .where('parent_organization_id', 'is', null)
    .orderBy(sql`type = 'root_management_unit'`, 'desc')
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.id;
}

import { type BaseContext, readerOf } from '../../platform/request-context';

/** An account's settings and an organisation's address, as documents and payments print them. */

export async function findOrganization(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'common_name', 'corporate_name', 'street', 'street_more', 'zip', 'city', 'country'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findAccountSettings(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('accounts as a')
    .leftJoin('organization_root_details as rd', 'rd.account_id', 'a.id')
    .leftJoin('transfer_order_settings as t', 't.account_id', 'a.id')
    .select([
      'a.id',
      'a.name',
      'a.currency',
      'a.language',
      'rd.enabled_premium_features',
      'rd.customer_identity_document_required',
      'rd.cart_min_value',
      't.terms as transfer_order_terms',
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}

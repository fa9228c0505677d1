import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { deleteOwned } from '../../platform/scoped-writes';

/** The buyer accounts linked to an account, by name. */
export async function findLinkedBuyers(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('account_linked_buyers as l')
    .innerJoin('accounts as b', 'b.id', 'l.buyer_account_id')
    .select(['b.id', 'b.name'])
    .where('l.account_id', '=', accountId)
    .orderBy('b.name')
    .orderBy('b.id')
    .execute();
}

/** The active warehouses of buyer accounts, by name: those that may receive a category's products. */
export async function findWarehousesOf(ctx: BaseContext, buyerAccountIds: string[]) {
  if (buyerAccountIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'account_id', 'common_name'])
    .where('account_id', 'in', buyerAccountIds)
    .where('type', '=', 'warehouse')
    .where('status', '=', 'active')
    .orderBy('common_name')
    .orderBy('id')
    .execute();
}

/** Accounts by id, with what tells a retailer from a buyer. */
export async function findAccountKinds(ctx: BaseContext, ids: string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('accounts')
    .select(['id', 'is_retailer', 'is_buyer_and_workshops_supervisor'])
    .where('id', 'in', ids)
    .execute();
}

/**
 * True when the buyer is linked to the account. The link row is key-share locked until the
 * transaction ends: an unlinking running at the same time waits, then sees what this one wrote.
 */
export async function isLinkedBuyer(
  tx: BaseTxContext,
  accountId: string,
  buyerAccountId: string,
): Promise<boolean> {
  const row = await tx.trx
    .selectFrom('account_linked_buyers')
    .select('buyer_account_id')
    .where('account_id', '=', accountId)
    .where('buyer_account_id', '=', buyerAccountId)
    .forKeyShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** The categories of the account that name one of `buyerAccountIds` as buyer, by label. */
export async function categoriesNamingBuyers(
  tx: BaseTxContext,
  accountId: string,
  buyerAccountIds: string[],
): Promise<{ id: string; label: string; buyer_account_id: string }[]> {
  if (buyerAccountIds.length === 0) return [];
  return tx.trx
    .selectFrom('categories')
    .select(['id', 'label', 'buyer_account_id'])
    .where('account_id', '=', accountId)
    .where('buyer_account_id', 'in', buyerAccountIds)
    .orderBy('sort_label')
    .orderBy('id')
    .execute();
}

export async function unlinkBuyers(
  tx: BaseTxContext,
  accountId: string,
  buyerAccountIds: string[],
): Promise<void> {
  if (buyerAccountIds.length === 0) return;
  await deleteOwned(tx, 'account_linked_buyers')
    .where('account_id', '=', accountId)
    .where('buyer_account_id', 'in', buyerAccountIds)
    .execute();
}

export async function linkBuyers(
  tx: BaseTxContext,
  accountId: string,
  buyerAccountIds: string[],
): Promise<void> {
  if (buyerAccountIds.length === 0) return;
  await tx.trx
    .insertInto('account_linked_buyers')
    .values(buyerAccountIds.map((buyer_account_id) => ({ account_id: accountId, buyer_account_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

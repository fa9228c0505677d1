import type { BaseTxContext } from '../../platform/request-context';

/**
 * Moves a store's register head (its last number and hash) with the entries just appended under its
 * lock. A system write (platform/scoped-writes.test.ts): the platform keeps the register, and the
 * move that completes a buyback may be made by a user of the buyer's warehouse, of another account.
 */
export async function updateRegisterHead(
  tx: BaseTxContext,
  store: { id: string; accountId: string },
  head: { lastNumber: number; lastHash: string | null },
): Promise<void> {
  await tx.trx
    .updateTable('police_registers')
    .set({ last_number: head.lastNumber, last_hash: head.lastHash })
    .where('store_id', '=', store.id)
    .where('account_id', '=', store.accountId)
    .execute();
}

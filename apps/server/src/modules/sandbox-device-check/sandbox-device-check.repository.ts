import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';

/**
 * The sandbox IMEI blacklist's own tables (migration 045). They belong to no tenant of the
 * platform: a client reaches its account by its API key, and every read names that account.
 */

export async function insertAccount(tx: BaseTxContext, apiKeyHash: string) {
  return tx.trx
    .insertInto('sandbox_device_check_accounts')
    .values({ api_key_hash: apiKeyHash })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function findAccountByKeyHash(ctx: BaseContext, hash: string) {
  return readerOf(ctx)
    .selectFrom('sandbox_device_check_accounts')
    .select('id')
    .where('api_key_hash', '=', hash)
    .executeTakeFirst();
}

export async function findAnswer(ctx: BaseContext, accountId: string, imei: string) {
  const row = await readerOf(ctx)
    .selectFrom('sandbox_device_check_imeis')
    .select('answer')
    .where('sandbox_account_id', '=', accountId)
    .where('imei', '=', imei)
    .executeTakeFirst();
  return row?.answer ?? null;
}

export async function setAnswers(tx: BaseTxContext, accountId: string, answers: Record<string, string>) {
  const rows = Object.entries(answers).map(([imei, answer]) => ({
    sandbox_account_id: accountId,
    imei,
    answer,
  }));
  if (rows.length === 0) return;
  await tx.trx
    .insertInto('sandbox_device_check_imeis')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['sandbox_account_id', 'imei']).doUpdateSet((eb) => ({ answer: eb.ref('excluded.answer') })),
    )
    .execute();
}

export async function recordRequest(tx: BaseTxContext, accountId: string, imei: string, answer: string) {
  await tx.trx
    .insertInto('sandbox_device_check_requests')
    .values({ sandbox_account_id: accountId, imei, answer })
    .execute();
}

export async function countRequests(ctx: BaseContext, accountId: string, imei: string) {
  const row = await readerOf(ctx)
    .selectFrom('sandbox_device_check_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sandbox_account_id', '=', accountId)
    .where('imei', '=', imei)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

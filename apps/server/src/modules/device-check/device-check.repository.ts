import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwnedOrAssigned } from '../../platform/scoped-writes';
import { ANSWER_CACHE_HOURS, type DeviceCheckPolicy, PROVIDER_CALLS } from './device-check.rules';

/** The device checks, the cached answers and the call buckets (migration 045). */

export async function findPolicy(ctx: BaseContext, accountId: string): Promise<DeviceCheckPolicy> {
  const row = await readerOf(ctx)
    .selectFrom('organization_root_details')
    .select(['device_check_flagged_action', 'device_check_outage_blocks'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return {
    flaggedAction: row?.device_check_flagged_action === 'block' ? 'block' : 'warn',
    outageBlocks: row?.device_check_outage_blocks ?? false,
  };
}

/** The account's answer for the IMEI given less than a day ago, if any. */
export async function findFreshAnswer(ctx: BaseContext, accountId: string, imei: string) {
  return readerOf(ctx)
    .selectFrom('device_check_answers')
    .select(['result', 'provider_summary', 'answered_at'])
    .where('account_id', '=', accountId)
    .where('imei', '=', imei)
    .where('answered_at', '>', sql<Date>`now() - make_interval(hours => ${ANSWER_CACHE_HOURS})`)
    .executeTakeFirst();
}

export async function saveAnswer(
  tx: BaseTxContext,
  answer: { accountId: string; imei: string; result: string; summary: string },
) {
  await tx.trx
    .insertInto('device_check_answers')
    .values({
      account_id: answer.accountId,
      imei: answer.imei,
      result: answer.result,
      provider_summary: answer.summary,
      answered_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'imei']).doUpdateSet({
        result: answer.result,
        provider_summary: answer.summary,
        answered_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

/**
 * Takes one token of the account's bucket, refilled for the time since its last call, in one
 * statement (the row locked, so that processes calling together are counted one after the other).
 * False when the bucket is empty: nothing is taken.
 */
export async function takeToken(tx: BaseTxContext, accountId: string): Promise<boolean> {
  const { capacity, refillPerSecond } = PROVIDER_CALLS;
  const refilled = sql<number>`least(${capacity}::float8, b.tokens + extract(epoch from (now() - b.refilled_at)) * ${refillPerSecond}::float8)`;
  const { rows } = await sql<{ tokens: number }>`
    INSERT INTO device_check_buckets AS b (account_id, tokens, refilled_at)
    VALUES (${accountId}, ${capacity - 1}::float8, now())
    ON CONFLICT (account_id) DO UPDATE SET tokens = ${refilled} - 1, refilled_at = now()
    WHERE ${refilled} >= 1
    RETURNING b.tokens`.execute(tx.trx);
  return rows.length === 1;
}

export interface NewDeviceCheck {
  accountId: string;
  itemId: string | null;
  buybackId: string | null;
  imei: string;
  result: string;
  summary: string;
  source: string;
}

export async function insertDeviceCheck(tx: BaseTxContext, check: NewDeviceCheck) {
  return tx.trx
    .insertInto('device_checks')
    .values({
      account_id: check.accountId,
      item_id: check.itemId,
      buyback_id: check.buybackId,
      imei: check.imei,
      result: check.result,
      provider_summary: check.summary.slice(0, 500),
      source: check.source,
    })
    .returning(['id', 'checked_at'])
    .executeTakeFirstOrThrow();
}

/** The buyback's flag: lost or stolen, or null once a later check found the device clean. */
export async function setBuybackFlag(tx: BaseTxContext, buybackId: string, flag: string | null) {
  await updateOwnedOrAssigned(tx, 'buybacks')
    .set({ device_check_flag: flag })
    .where('id', '=', buybackId)
    .execute();
}

/** The checks of an item the context sees, latest first. */
export async function listItemChecks(ctx: BaseContext, itemId: string) {
  return readerOf(ctx)
    .selectFrom('device_checks')
    .select(['id', 'imei', 'result', 'source', 'provider_summary', 'checked_at'])
    .where('item_id', '=', itemId)
    .orderBy('checked_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The latest check of each item (the police register's `device_check`). */
export async function latestChecksOf(db: Db, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('device_checks')
    .distinctOn('item_id')
    .select(['item_id', 'result', 'checked_at'])
    .where('item_id', 'in', [...itemIds])
    .orderBy('item_id')
    .orderBy('checked_at', 'desc')
    .execute();
}

/** The item's latest check made after `after` with an answer (a retry finds the work done). */
export async function findAnsweredSince(ctx: BaseContext, itemId: string, after: Date) {
  return readerOf(ctx)
    .selectFrom('device_checks')
    .select('id')
    .where('item_id', '=', itemId)
    .where('result', '!=', 'not_checked')
    .where('checked_at', '>=', after)
    .executeTakeFirst();
}

/** The item of a buyback (one each). */
export async function findItemIdOfBuyback(ctx: BaseContext, buybackId: string) {
  const row = await readerOf(ctx)
    .selectFrom('buyback_items')
    .select('id')
    .where('buyback_id', '=', buybackId)
    .executeTakeFirst();
  return row?.id ?? null;
}

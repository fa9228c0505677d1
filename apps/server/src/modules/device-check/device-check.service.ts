import {
  type DeviceCheckEntry,
  type DeviceCheckResponse,
  type DeviceCheckResult,
  type DeviceCheckSource,
  isFlaggedResult,
  isValidImei,
} from '@reprise/shared';
import { AppError } from '../../platform/errors';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  transact,
} from '../../platform/request-context';
import { findItem, type ItemRow, recordItemEvent, resolveItem } from '../buyback-lifecycle';
import { CONNECTOR_FQN, findActiveConfiguration } from '../connectors';
import { askProvider } from './device-check.client';
import * as repo from './device-check.repository';
import { QUARANTINE_PROPOSED_STATUSES, wizardAction } from './device-check.rules';

/**
 * The stolen-device check (docs/device-check.md): the IMEI of a device is asked of the account's
 * IMEI blacklist provider (its `device_check` connector) in the store wizard, at the public
 * checkout and at the warehouse check-in. The answer is kept a day per account and IMEI, the calls
 * are rate-limited per account, and a provider that does not answer never stops a buyback unless
 * the account asks: the check is `not_checked` and a job asks again later.
 */

/** What a lookup found, before it is stored. */
export interface Lookup {
  imei: string;
  result: DeviceCheckResult;
  summary: string;
}

/** The context's accounts widened to the one whose connector, answers and bucket are used (a buyer's warehouse checks the retailer's device). */
const asAccount = <C extends BaseContext>(ctx: C, accountId: string): C => ({
  ...ctx,
  scope: { kind: 'account', accountId },
});

/**
 * Asks about an IMEI for an account: its answer of the day when there is one, else the provider,
 * if a token of the account's bucket allows the call. Null when the account has no active device
 * check connector (nothing is checked, nothing stored). An invalid IMEI is refused before any call.
 */
async function lookUp(
  ctx: BaseContext,
  accountId: string,
  imei: string,
  options: { cacheOnly?: boolean } = {},
): Promise<Lookup | null> {
  if (!isValidImei(imei))
    throw new AppError('imei_invalid', 'An IMEI is 15 to 17 digits, a 15-digit one with its check digit.', [
      { propertyPath: 'imei', message: 'This IMEI is not valid.', code: 'imei_invalid' },
    ]);
  const account = asAccount(ctx, accountId);
  const configuration = await findActiveConfiguration(account, accountId, CONNECTOR_FQN.deviceCheck);
  if (!configuration) return null;
  const cached = await repo.findFreshAnswer(account, accountId, imei);
  if (cached)
    return {
      imei,
      result: cached.result as DeviceCheckResult,
      summary: `${cached.provider_summary} (answer of ${new Date(cached.answered_at).toISOString()})`,
    };
  // never from inside a command's transaction: the provider may be slow (and the embedded database
  // serves one transaction at a time, the sandbox's own included)
  if (options.cacheOnly) return { imei, result: 'not_checked', summary: 'not asked before the command' };
  const allowed = await transact(account, (tx) => repo.takeToken(tx, accountId));
  if (!allowed) return { imei, result: 'not_checked', summary: 'rate limited: too many checks this minute' };
  const { api_url: apiUrl, api_key: apiKey } = configuration.values;
  if (!apiUrl || !apiKey)
    return { imei, result: 'not_checked', summary: 'the connector has no api_url or api_key' };
  const answer = await askProvider({ apiUrl: new URL(apiUrl, ctx.deps.config.publicUrl).href, apiKey }, imei);
  if (answer.kind === 'outage') return { imei, result: 'not_checked', summary: answer.summary };
  await transact(account, (tx) =>
    repo.saveAnswer(tx, { accountId, imei, result: answer.result, summary: answer.summary }),
  );
  return { imei, result: answer.result, summary: answer.summary };
}

/** `POST /device-checks`: the store wizard checks the IMEI the seller entered, for the seller's account. */
export async function checkForWizard(ctx: RequestContext, imei: string): Promise<DeviceCheckResponse> {
  const accountId = ctx.actor.accountId;
  const found = await lookUp(ctx, accountId, imei);
  if (!found) return { imei, result: null, action: 'none', checkedAt: null };
  const stored = await transact(ctx, (tx) =>
    repo.insertDeviceCheck(tx, {
      accountId,
      itemId: null,
      buybackId: null,
      imei,
      result: found.result,
      summary: found.summary,
      source: 'wizard',
    }),
  );
  return {
    imei,
    result: found.result,
    action: wizardAction(found.result, await repo.findPolicy(ctx, accountId)),
    checkedAt: new Date(stored.checked_at).toISOString(),
  };
}

/**
 * Asks about the IMEIs of a command before its transaction opens (the buyback creation's lines):
 * by IMEI, the valid ones only (an IMEI failing its check digit, a warning the seller went past,
 * is never sent to the provider). Empty when the account has no device-check connector.
 */
export async function lookUpBeforeCommand(
  ctx: BaseContext,
  accountId: string,
  imeis: readonly (string | null | undefined)[],
): Promise<Map<string, Lookup>> {
  const found = new Map<string, Lookup>();
  for (const imei of new Set(imeis))
    if (imei && isValidImei(imei)) {
      const lookup = await lookUp(ctx, accountId, imei);
      if (!lookup) break;
      found.set(imei, lookup);
    }
  return found;
}

/**
 * The checks of a new buyback's devices (its lines' IMEIs), before anything is written: those
 * asked before the transaction (`lookUpBeforeCommand`), else the day's answer or not_checked. A
 * store buyback (`wizard`) is refused by the account's settings: a device reported lost or stolen
 * when they say `block` (422 `device_check_flagged`), one the provider did not answer when they
 * say an outage blocks (422 `device_check_unavailable`). A web pre-declaration (`checkout`) is
 * never refused, whatever is found: the buyback is flagged, and the visitor is told nothing of it.
 */
export async function checkNewBuybacks(
  tx: BaseTxContext,
  accountId: string,
  source: 'wizard' | 'checkout',
  lines: { imei: string | null; propertyPath: string }[],
  asked: ReadonlyMap<string, Lookup> = new Map(),
): Promise<(Lookup | null)[]> {
  const found: (Lookup | null)[] = [];
  // an IMEI failing its check digit is a warning the seller went past: never sent to the provider
  for (const line of lines)
    found.push(
      line.imei && isValidImei(line.imei)
        ? (asked.get(line.imei) ?? (await lookUp(tx, accountId, line.imei, { cacheOnly: true })))
        : null,
    );
  if (source !== 'wizard' || found.every((f) => f === null)) return found;
  const policy = await repo.findPolicy(tx, accountId);
  for (const [index, f] of found.entries()) {
    const propertyPath = lines[index]?.propertyPath ?? 'imei';
    if (!f || wizardAction(f.result, policy) !== 'block') continue;
    if (isFlaggedResult(f.result))
      throw new AppError(
        'device_check_flagged',
        'This device is reported lost or stolen: it cannot be bought back.',
        [{ propertyPath, message: 'This device is reported lost or stolen.', code: 'device_check_flagged' }],
      );
    throw new AppError(
      'device_check_unavailable',
      'The stolen-device check did not answer, and this account buys back no device unchecked.',
      [{ propertyPath, message: 'The device could not be checked.', code: 'device_check_unavailable' }],
    );
  }
  return found;
}

/**
 * Stores a check of an item: its row, the buyback's flag, the item's history and, when the
 * provider did not answer, the job that asks again. Answers whether quarantine is proposed (the
 * device is flagged and in the warehouse, not yet decided).
 */
async function recordItemCheck(
  tx: BaseTxContext,
  item: ItemRow,
  found: Lookup,
  source: DeviceCheckSource,
): Promise<{ result: DeviceCheckResult; checkedAt: string; quarantineProposed: boolean }> {
  const stored = await repo.insertDeviceCheck(tx, {
    accountId: item.account_id,
    itemId: item.id,
    buybackId: item.buyback_id,
    imei: found.imei,
    result: found.result,
    summary: found.summary,
    source,
  });
  const flagged = isFlaggedResult(found.result);
  // a not_checked keeps what an earlier answer found
  if (found.result !== 'not_checked')
    await repo.setBuybackFlag(tx, item.buyback_id, flagged ? found.result : null);
  await recordItemEvent(tx, item, { reason: `device_check_${found.result}`, comment: historyComment(found) });
  if (found.result === 'not_checked') await queueRetry(tx, item.id);
  return {
    result: found.result,
    checkedAt: new Date(stored.checked_at).toISOString(),
    quarantineProposed: flagged && QUARANTINE_PROPOSED_STATUSES.includes(item.status),
  };
}

/** The new buybacks' checks stored once their items exist (`checkNewBuybacks` found them). */
export async function recordNewBuybackChecks(
  tx: BaseTxContext,
  found: (Lookup | null)[],
  buybackIds: string[],
  source: 'wizard' | 'checkout',
): Promise<void> {
  for (const [index, f] of found.entries()) {
    const buybackId = buybackIds[index];
    if (!f || !buybackId) continue;
    const itemId = await repo.findItemIdOfBuyback(tx, buybackId);
    const item = itemId ? await findItem(tx, itemId) : undefined;
    if (item) await recordItemCheck(tx, item, f, source);
  }
}

/**
 * The check at warehouse check-in, once the check-in has committed, of an item with an IMEI (its
 * retailer's connector); null when there is none to make.
 */
export async function checkAtCheckIn(ctx: BaseContext, item: Pick<ItemRow, 'id' | 'imei' | 'account_id'>) {
  if (!item.imei || !isValidImei(item.imei)) return null;
  const found = await lookUp(ctx, item.account_id, item.imei);
  if (!found) return null;
  return transact(ctx, async (tx) => {
    const current = await findItem(tx, item.id);
    return current ? recordItemCheck(tx, current, found, 'check_in') : null;
  });
}

/** The retry job of a check the provider did not answer (queue `device-check`). */
export interface DeviceCheckJob {
  itemId: string;
  /** When the unanswered check was made: a later answer makes the retry useless. */
  since: string;
}

/** The first retry waits as long as the queue's first retry delay (platform/jobs.ts). */
const FIRST_RETRY_SECONDS = 120;

async function queueRetry(tx: BaseTxContext, itemId: string) {
  const job: DeviceCheckJob = { itemId, since: new Date().toISOString() };
  await tx.deps.jobs.send(tx.trx, 'device-check', job, {
    startAfter: new Date(Date.now() + FIRST_RETRY_SECONDS * 1000),
  });
}

/**
 * Runs a `device-check` retry: asks again; still no answer throws, so that the queue tries again
 * later (backoff, bounded attempts, then the dead letters). An answer is stored (`retry`) and, a
 * device found lost or stolen, flags its buyback and, in the warehouse, proposes its quarantine.
 */
export async function runDeviceCheckJob(ctx: BaseContext, job: DeviceCheckJob): Promise<void> {
  const item = await findItem(ctx, job.itemId);
  if (!item?.imei) return;
  if (await repo.findAnsweredSince(ctx, item.id, new Date(job.since))) return;
  const found = await lookUp(ctx, item.account_id, item.imei);
  if (!found) return;
  if (found.result === 'not_checked')
    throw new Error(`the device check of item ${item.id} is still unanswered: ${found.summary}`);
  await transact(ctx, async (tx) => {
    const locked = await findItem(tx, item.id);
    if (locked) await recordRetryResult(tx, locked, found);
  });
}

async function recordRetryResult(tx: BaseTxContext, item: ItemRow, found: Lookup) {
  const stored = await repo.insertDeviceCheck(tx, {
    accountId: item.account_id,
    itemId: item.id,
    buybackId: item.buyback_id,
    imei: found.imei,
    result: found.result,
    summary: found.summary,
    source: 'retry',
  });
  await repo.setBuybackFlag(tx, item.buyback_id, isFlaggedResult(found.result) ? found.result : null);
  await recordItemEvent(tx, item, { reason: `device_check_${found.result}`, comment: historyComment(found) });
  return stored;
}

/**
 * What the item's history says of a check beside its translated reason: the provider's reference
 * of its answer, which reads the same in every language; none when it gave none. The provider's
 * whole summary (in its words) stays on the check itself (`GET /items/{id}/device-checks`).
 */
function historyComment(found: Lookup): string | null {
  return /\breference (\S+)/.exec(found.summary)?.[1] ?? null;
}

/** `GET /items/{id}/device-checks`: the checks of an item the actor sees, latest first. */
export async function listItemChecks(ctx: RequestContext, itemId: string): Promise<DeviceCheckEntry[]> {
  const item = await resolveItem(ctx, { id: itemId });
  const rows = await repo.listItemChecks(ctx, item.id);
  return rows.map((r) => ({
    id: r.id,
    imei: r.imei,
    result: r.result as DeviceCheckEntry['result'],
    source: r.source as DeviceCheckEntry['source'],
    providerSummary: r.provider_summary,
    checkedAt: new Date(r.checked_at).toISOString(),
  }));
}

/**
 * The latest check of each item, by item id (the police register's `device_check`). Items never
 * checked are absent. Reads with `db` as given: the caller has scoped the item ids.
 */
export async function latestDeviceChecks(
  tx: BaseTxContext,
  itemIds: readonly string[],
): Promise<Map<string, { result: string; checkedAt: Date }>> {
  const rows = await repo.latestChecksOf(tx.trx, itemIds);
  return new Map(
    rows.flatMap((r) =>
      r.item_id ? [[r.item_id, { result: r.result, checkedAt: new Date(r.checked_at) }]] : [],
    ),
  );
}

import { DEVICE_CHECK_RESULTS, type DeviceCheckResult } from '@reprise/shared';
import type { BaseTxContext } from '../../platform/request-context';
import { latestDeviceChecks } from '../device-check';

const RESULTS = new Set<string>(DEVICE_CHECK_RESULTS);

/**
 * What the stolen-device check last found for each item (modules/device-check), read when its
 * register entry is written (the entry's `device_check`; an item never checked is recorded null).
 */
export async function deviceCheckOfItems(
  tx: BaseTxContext,
  itemIds: readonly string[],
): Promise<Map<string, DeviceCheckResult>> {
  const checks = await latestDeviceChecks(tx, itemIds);
  const results = new Map<string, DeviceCheckResult>();
  for (const [itemId, { result }] of checks)
    if (RESULTS.has(result)) results.set(itemId, result as DeviceCheckResult);
  return results;
}

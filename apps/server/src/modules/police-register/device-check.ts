import type { DeviceCheckResult } from '@reprise/shared';
import type { Trx } from '../../platform/request-context';

/**
 * What the stolen-device check found for each item, read when its register entry is written (the
 * entry's `device_check`; an item absent from the map is recorded null). The one place the register
 * learns it: wired to modules/device-check when it lands.
 */
export async function deviceCheckOfItems(
  _trx: Trx,
  _itemIds: readonly string[],
): Promise<Map<string, DeviceCheckResult>> {
  return new Map();
}

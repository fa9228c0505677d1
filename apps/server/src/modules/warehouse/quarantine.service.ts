import type { QuarantineReason } from '@reprise/shared';
import { AppError } from '../../platform/errors';
import type { TxContext } from '../../platform/request-context';
import { moveItem, requireStatus } from './item-moves';
import * as repo from './items.repository';

/**
 * Quarantine (journeys.md section 4): an item suspected locked, stolen or not matching is put
 * aside in its warehouse's native "in quarantine" stock; it leaves only by being moved to another
 * stock (quarantine release).
 */

/** Puts an item in quarantine, from its check-in or its control. */
export async function putInQuarantine(
  tx: TxContext,
  item: repo.ItemRow,
  input: { reason: QuarantineReason; comment: string | null },
): Promise<void> {
  requireStatus(item, ['item_registered_in_warehouse', 'item_awaiting_compliancy_tests']);
  if (!item.warehouse_id) throw new AppError('item_status_mismatch', 'The item has no warehouse.');
  const stock = await repo.findNativeStock(tx, item.warehouse_id, 'in_quarantine');
  await moveItem(tx, item, {
    to: 'item_in_quarantine',
    reason: 'quarantine',
    comment: input.comment,
    stockId: stock?.id ?? null,
    columns: { quarantine_reason: input.reason },
  });
}

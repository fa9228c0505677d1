import type { ItemLossPlace, ItemStatus } from '@reprise/shared';
import { canTransition } from './buyback-statuses';

/**
 * Where an item can be declared lost from (docs/statuses.md "Loss"): in
 * transport while the carrier has it (or before its first event), in the warehouse at any status
 * the item table lets go to `item_lost_warehouse`. Pure, so that the buyback's `allowedActions`
 * and the command read the same rule.
 */

export const LOST_STATUS_OF_PLACE: Record<ItemLossPlace, ItemStatus> = {
  transport: 'item_lost_transport',
  warehouse: 'item_lost_warehouse',
};

/** The permission each place needs. */
export const LOSS_PERMISSION = {
  transport: 'item.mark_lost_transport',
  warehouse: 'item.mark_lost_warehouse',
} as const satisfies Record<ItemLossPlace, string>;

const TRANSPORT_FROM: readonly ItemStatus[] = ['item_created', 'item_in_transit'];

export function canBeLostAt(place: ItemLossPlace, status: ItemStatus): boolean {
  if (place === 'transport') return TRANSPORT_FROM.includes(status);
  return canTransition('item', status, LOST_STATUS_OF_PLACE.warehouse);
}

/** Statuses with a return label: waiting in quarantine, or on its way back to the customer. */
export const RETURN_LABEL_STATUSES: readonly ItemStatus[] = ['item_in_quarantine', 'item_to_return'];

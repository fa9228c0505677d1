import type { ItemStatus } from '@reprise/shared';

/**
 * The item statuses a buyback is marked sent from (`POST /buybacks/{id}/send`): the device is in
 * the store (`item_awaiting_inventory`), or it is a web post/collect buyback's device
 * (`item_created`) that a user moves by hand until carriers' events do it (docs/statuses.md,
 * "Starting statuses"). Both go to `item_in_transit` (buyback-statuses.ts).
 */
export const SENDABLE_ITEM_STATUSES = [
  'item_awaiting_inventory',
  'item_created',
] as const satisfies readonly ItemStatus[];

export const isSendable = (status: string): boolean =>
  (SENDABLE_ITEM_STATUSES as readonly string[]).includes(status);

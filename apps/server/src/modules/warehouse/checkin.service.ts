import type { CheckinItemResponse, CheckinRequirement } from '@reprise/shared';
import { AppError } from '../../platform/errors';
import { type RequestContext, transact } from '../../platform/request-context';
import {
  findCheckinRequirement,
  type ItemRow,
  itemWhereOfCode,
  moveItem,
  resolveItem,
} from '../buyback-lifecycle';
import { checkAtCheckIn } from '../device-check';
import { findCheckinTarget } from './checkin.repository';
import { toItemResponse } from './items.mapper';

/**
 * Warehouse check-in: an arriving item is registered by its 8- or
 * 13-character code. It must be one the warehouse sees (else `item_not_found`: not recognised or
 * not assigned to this warehouse) and in transit (else `item_already_checked_in` with when and where,
 * or `item_status_mismatch`); it goes to
 * `item_registered_in_warehouse`, into its warehouse's native stock "awaiting control".
 * Check-in may be disabled (root details): for the warehouse's account or the item's retailer it
 * answers `checkin_disabled`; platform admins count as disabled.
 */

/** The check-in requirement as the actor lives it: its own account's, `disabled` for platform admins. */
export async function getCheckinRequirement(ctx: RequestContext): Promise<CheckinRequirement> {
  if (ctx.actor.isPlatform || ctx.actor.userType === 'pseudo_anonymous') return 'disabled';
  return findCheckinRequirement(ctx, ctx.actor.accountId);
}

const disabled = (whose: string) =>
  new AppError('checkin_disabled', `Check-in at the warehouse is disabled for ${whose}.`);

export async function checkIn(ctx: RequestContext, code: string): Promise<CheckinItemResponse> {
  // the code's length first: nothing is read for a code that cannot be one
  itemWhereOfCode(code);
  if ((await getCheckinRequirement(ctx)) === 'disabled') throw disabled('your organisation');
  const registered = await transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { code }, { forUpdate: true });
    const warehouseId = item.warehouse_id ?? item.destination_warehouse_id;
    const target = await findCheckinTarget(tx, item.account_id, warehouseId);
    if (target.retailerRequirement === 'disabled') throw disabled(`the retailer ${item.retailer_name}`);
    requireInTransit(item);
    if (!target.stock || !warehouseId)
      throw new AppError('configuration_error', 'The warehouse has no stock "awaiting control".');
    const at = new Date();
    await moveItem(tx, item, {
      to: 'item_registered_in_warehouse',
      reason: 'checkin',
      stockId: target.stock.id,
      organizationId: warehouseId,
      columns: { registered_at: at, latest_move_at: at },
    });
    // `moveItem` leaves the row as written (status, buyback status, stock, times): no read again
    return {
      item,
      response: toItemResponse({
        ...item,
        stock_name: target.stock.name,
        stock_native_kind: target.stock.native_kind,
      }),
    };
  });
  // the stolen-device check, once checked in: a device reported lost or stolen is proposed for quarantine
  const deviceCheck = await checkAtCheckIn(ctx, registered.item);
  return { ...registered.response, deviceCheck };
}

/**
 * The item is in transit, else refused: an item checked in before answers `item_already_checked_in`
 * with when (`checkedInAt`) and where (`warehouseName`) it was, so the screen can say it; any other
 * status (still at the store, lost…) answers `item_status_mismatch`.
 */
function requireInTransit(item: ItemRow): void {
  if (item.status === 'item_in_transit') return;
  if (item.registered_at !== null || item.status === 'item_registered_in_warehouse')
    throw new AppError(
      'item_already_checked_in',
      'This item is already registered in the warehouse.',
      undefined,
      undefined,
      {
        ...(item.registered_at ? { checkedInAt: new Date(item.registered_at).toISOString() } : {}),
        ...(item.warehouse_name ? { warehouseName: item.warehouse_name } : {}),
      },
    );
  throw new AppError(
    'item_status_mismatch',
    `The item's status (${item.status}) does not match a check-in: it is not in transit.`,
  );
}

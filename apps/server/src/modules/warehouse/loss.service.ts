import type { ItemResponse, MarkItemLostRequest, RevertLossRequest } from '@reprise/shared';
import { can } from '../../platform/context';
import { AppError, forbidden } from '../../platform/errors';
import { type RequestContext, transact } from '../../platform/request-context';
import * as repo from '../buyback-lifecycle';
import {
  canBeLostAt,
  LOSS_PERMISSION,
  LOST_STATUS_OF_PLACE,
  moveItem,
  resolveItem,
  revertLoss,
} from '../buyback-lifecycle';
import { toItemResponse } from './items.mapper';

/**
 * Loss of an item (docs/statuses.md "Loss"): in transport or in the
 * warehouse, each with its own permission (in store: buybacks.service.ts, markLostInStore). The
 * buyback follows its item (not completed). Only an admin undoes a loss, with a reason: the item
 * returns to the status it had before, the buyback accordingly (buyback-lifecycle/item-moves.ts, revertLoss).
 */

export async function markItemLost(
  ctx: RequestContext,
  id: string,
  input: MarkItemLostRequest,
): Promise<ItemResponse> {
  if (!can(ctx.actor, LOSS_PERMISSION[input.place]))
    throw forbidden(`You may not declare an item lost in ${input.place}.`);
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id }, { forUpdate: true });
    if (!canBeLostAt(input.place, item.status as ItemResponse['status']))
      throw new AppError(
        'item_status_mismatch',
        `The item's status (${item.status}) does not allow declaring it lost in ${input.place}.`,
      );
    await moveItem(tx, item, {
      to: LOST_STATUS_OF_PLACE[input.place],
      reason: 'loss',
      comment: input.comment,
    });
    return toItemResponse((await repo.findItem(tx, item.id)) as repo.ItemRow);
  });
}

export async function revertItemLoss(
  ctx: RequestContext,
  id: string,
  input: RevertLossRequest,
): Promise<ItemResponse> {
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id }, { forUpdate: true });
    await revertLoss(tx, item, input.reason);
    return toItemResponse((await repo.findItem(tx, item.id)) as repo.ItemRow);
  });
}

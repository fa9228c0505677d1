import type {
  ItemRefurbStepAction,
  ItemRefurbStepActionRequest,
  ItemRefurbStepResponse,
  ItemRefurbStepSearchResponse,
  ItemRefurbStepsResponse,
  NativeStockKind,
  ValidateItemRefurbResponse,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import type * as items from '../buyback-lifecycle';
import { moveItem, moveToStock, recordItemEvent, requireStatus, resolveItem } from '../buyback-lifecycle';
import { issueCertificate } from './erasure-certificates.service';
import { toItemRefurbStep, toItemRefurbSteps } from './item-refurb-steps.mapper';
import * as repo from './item-refurb-steps.repository';
import { canValidateItem, eventComment, reasonOf, targetOf } from './item-refurb-steps.rules';

/**
 * Running an item's services (docs/refurbishment.md "Running the
 * services"): start (or resume), pause, cancel with a comment, validate; then the item itself is
 * validated into a stock once every service is completed or cancelled. Every action carries the
 * version the user read (`If-Match`); another user's action in between answers 412 and writes
 * nothing. Each action is an item event (the item's history) in the same transaction.
 */

const IN_REFURBISHMENT = 'item_refurb_in_progress';

const notInRefurbishment = () =>
  new AppError('item_not_in_refurbishment', 'This item is not in refurbishment: it has no service to run.');

/** `GET /item-refurb-steps/search?code=`: the item of a scanned code, when it has services to run. */
export async function searchItem(ctx: RequestContext, code: string): Promise<ItemRefurbStepSearchResponse> {
  const item = await resolveItem(ctx, { code });
  if (item.status !== IN_REFURBISHMENT || (await repo.countItemSteps(ctx, item.id)) === 0)
    throw notInRefurbishment();
  return { itemId: item.id };
}

/** `GET /items/{id}/item-refurb-steps`: the item and its services in order. */
export async function listItemSteps(ctx: RequestContext, itemId: string): Promise<ItemRefurbStepsResponse> {
  const item = await resolveItem(ctx, { id: itemId });
  if (!item.warehouse_id) throw notInRefurbishment();
  return toItemRefurbSteps(item, await repo.findItemSteps(ctx, item.id));
}

/** A service whose item the user sees, else 404 (another warehouse's service does not exist for it). */
async function visibleStep(ctx: RequestContext, id: string, options: { forUpdate?: boolean } = {}) {
  const itemId = await repo.findStepItemId(ctx, id);
  if (!itemId) throw notFound('service');
  let item: items.ItemRow;
  try {
    // the item first, then its service: every command on an item's services locks in this order
    item = await resolveItem(ctx, { id: itemId }, options);
  } catch (error) {
    if (error instanceof AppError && error.code === 'item_not_found') throw notFound('service');
    throw error;
  }
  const step = await repo.findStep(ctx, id, options);
  if (!step) throw notFound('service');
  return { item, step };
}

/** `GET /item-refurb-steps/{id}`: one service (its version is the ETag). */
export async function getStep(ctx: RequestContext, id: string): Promise<ItemRefurbStepResponse> {
  return toItemRefurbStep((await visibleStep(ctx, id)).step);
}

/**
 * `POST /item-refurb-steps/{id}/{action}` with the version read (`versions`, from If-Match; null:
 * none given → 428). The checks, in order: the service exists for the user (404), a version was
 * sent (428) and is the current one (412, the service as it is now in the problem), the item is
 * in refurbishment (409 item_status_mismatch), the action is allowed from the service's status
 * (409), a cancel has its comment (422).
 */
export async function actOnStep(
  ctx: RequestContext,
  id: string,
  action: ItemRefurbStepAction,
  versions: number[] | null,
  input: ItemRefurbStepActionRequest,
): Promise<ItemRefurbStepResponse> {
  return transact(ctx, async (tx) => {
    const { item, step } = await visibleStep(tx, id, { forUpdate: true });
    if (!versions)
      throw new AppError(
        'precondition_required',
        'Send the version of the service you read (If-Match: "<version>").',
      );
    if (!versions.includes(step.version))
      throw new AppError(
        'refurb_step_changed',
        'The status of this service was changed by another user meanwhile: check it again before acting.',
        undefined,
        undefined,
        { currentStatus: step.status, currentVersion: step.version },
      );
    requireStatus(item, [IN_REFURBISHMENT]);
    const to = targetOf(action, step.status);
    if (!to)
      throw new AppError(
        'refurb_step_action_not_allowed',
        `A service ${step.status.replaceAll('_', ' ')} cannot be ${action === 'start' ? 'started' : `${action}d`}.`,
      );
    const comment = input.comment ?? null;
    if (action === 'cancel' && !comment)
      throw new AppError('cancel_comment_required', 'Say why the service is cancelled.', [
        {
          propertyPath: 'comment',
          message: 'Say why the service is cancelled.',
          code: 'cancel_comment_required',
        },
      ]);

    const written = await repo.writeStep(tx, step, {
      status: to,
      userId: tx.actor.userId,
      comment,
      ...(action === 'cancel' ? { cancelReason: comment } : {}),
      started: action === 'start',
      completed: action === 'validate',
    });
    if (!written) throw notFound('service');
    await recordOnItem(tx, item, step, action, comment);
    if (action === 'validate' && step.kind === 'data_erasure')
      await issueCertificate(tx, item, step, await repo.findUserName(tx, tx.actor.userId));
    await audit(tx, {
      action: 'update',
      entityType: 'item_refurb_step',
      entityId: step.id,
      accountId: step.account_id,
      before: { status: step.status, version: step.version },
      after: { status: to, version: step.version + 1, comment },
    });
    return toItemRefurbStep((await repo.findStep(tx, step.id)) as repo.StepRow);
  });
}

/**
 * The action's item event: a start moves the item to the service's stock when that stock is one
 * of the item's warehouse and the item is elsewhere; a validation adds the service's cost to the
 * item's completed refurbishment cost.
 */
async function recordOnItem(
  tx: TxContext,
  item: items.ItemRow,
  step: repo.StepRow,
  action: ItemRefurbStepAction,
  comment: string | null,
): Promise<void> {
  const event = { reason: reasonOf(action, step.status), comment: eventComment(step.name, comment) };
  if (
    action === 'start' &&
    step.stock_id &&
    step.stock_warehouse_id === item.warehouse_id &&
    step.stock_id !== item.stock_id
  ) {
    await moveToStock(tx, item, step.stock_id, event);
    return;
  }
  await recordItemEvent(tx, item, {
    ...event,
    ...(action === 'validate'
      ? { columns: { completed_refurb_cost_cents: item.completed_refurb_cost_cents + step.cost_cents } }
      : {}),
  });
}

/**
 * `POST /items/{id}/item-refurb-steps/validate`: every service completed or cancelled, the item's
 * refurbishment is completed, in the stock chosen (one of its warehouse's) or its warehouse's
 * native stock "refurbishment completed".
 */
export async function validateItem(
  ctx: RequestContext,
  itemId: string,
  input: { stockId: string | null },
): Promise<ValidateItemRefurbResponse> {
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id: itemId }, { forUpdate: true });
    const steps = await repo.findItemSteps(tx, item.id, { forUpdate: true });
    if (item.status !== IN_REFURBISHMENT || steps.length === 0 || !item.warehouse_id)
      throw notInRefurbishment();
    if (!canValidateItem(steps.map((step) => step.status)))
      throw new AppError(
        'refurb_steps_not_finished',
        'Every service must be completed or cancelled before the item is validated.',
      );
    const stock = input.stockId
      ? await repo.findStock(tx, input.stockId)
      : await repo.findNativeStock(tx, item.warehouse_id, 'refurbishment_completed');
    if (!stock || stock.warehouse_id !== item.warehouse_id)
      throw new AppError('stock_not_in_warehouse', "This stock is not one of the item's warehouse.", [
        {
          propertyPath: 'stockId',
          message: "This stock is not one of the item's warehouse.",
          code: 'stock_not_in_warehouse',
        },
      ]);
    await moveItem(tx, item, {
      to: 'item_refurb_completed',
      reason: 'refurb_completed',
      stockId: stock.id,
      columns: { refurb_completed_at: new Date() },
    });
    return {
      itemId: item.id,
      identificationNumber: item.identification_number,
      stock: {
        id: stock.id,
        name: stock.name,
        nativeKind: stock.native_kind as NativeStockKind | null,
        warehouseId: stock.warehouse_id,
      },
      completedRefurbCostCents: item.completed_refurb_cost_cents,
    };
  });
}

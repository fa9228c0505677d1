/**
 * The buyback lifecycle (docs/statuses.md): the statuses of buybacks, their items and their
 * payments and their transitions, the item moves, which buybacks and items an actor sees, the
 * loss and send rules; and the registry of the other modules' reactions to status changes.
 * Other modules use it through this file only.
 */
export {
  assertTransition,
  BACK_TO_CUSTOMER_ITEM_STATUSES,
  BUYBACK_STATUS_OF_ITEM,
  BUYBACK_TRANSITIONS,
  CANCELLABLE_PAYMENTS,
  type CancellationPlan,
  COMPLETED_BUYBACK_STATUSES,
  COMPLETED_ITEM_STATUSES,
  canTransition,
  FINALIZED,
  ITEM_TRANSITIONS,
  initialStatuses,
  LOST_ITEM_STATUSES,
  type Machine,
  PAYMENT_TRANSITIONS,
  planCancellation,
  planFinalize,
  planItemMove,
  planLossReversal,
  planLostInStore,
} from './buyback-statuses';
export {
  type ItemMove,
  itemWhereOfCode,
  moveItem,
  moveToStock,
  recordItemEvent,
  requireStatus,
  resolveItem,
  revertLoss,
} from './item-moves';
export {
  findCheckinRequirement,
  findItem,
  findItemEvents,
  findNativeStock,
  findVisibleItems,
  type ItemColumns,
  type ItemRow,
  type ItemTx,
  type ItemWhere,
  itemQuery,
  updateItem,
} from './items.repository';
export {
  canBeLostAt,
  LOSS_PERMISSION,
  LOST_STATUS_OF_PLACE,
  lossStartStatuses,
  RETURN_LABEL_STATUSES,
} from './loss.rules';
export { isSendable, SENDABLE_ITEM_STATUSES } from './send.rules';
export {
  afterCancellation,
  afterStatusChange,
  type BuybackCancellation,
  completesBuyback,
  reactingModules,
  registerStatusReactions,
  type StatusChange,
  type StatusReactions,
} from './status-effects';
export {
  type BuybackDetailRow,
  buybackDetailQuery,
  buybackScope,
  findBuybacks,
  findVisibleBuyback,
} from './visibility.repository';

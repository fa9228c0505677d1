/**
 * The buyback lifecycle (docs/statuses.md): the statuses of buybacks, their items and their
 * payments and their transitions, the item moves, which buybacks and items an actor sees, the
 * loss and send rules; and the registry of the other modules' reactions to status changes.
 * Other modules use it through this file only.
 */
export {
  assertTransition,
  BACK_TO_CUSTOMER_ITEM_STATUSES,
  CANCELLABLE_PAYMENTS,
  COMPLETED_BUYBACK_STATUSES,
  canTransition,
  initialStatuses,
  LOST_ITEM_STATUSES,
  planCancellation,
  planFinalize,
  planLostInStore,
} from './buyback-statuses';
export {
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
  type ItemWhere,
  itemQuery,
  updateItem,
} from './items.repository';
export {
  canBeLostAt,
  LOSS_PERMISSION,
  LOST_STATUS_OF_PLACE,
  RETURN_LABEL_STATUSES,
} from './loss.rules';
export { isSendable, SENDABLE_ITEM_STATUSES } from './send.rules';
export {
  afterCancellation,
  completesBuyback,
  reactingModules,
  registerStatusReactions,
  type StatusChange,
  type StatusReactions,
  withdrawStatusReactions,
} from './status-effects';
export {
  type BuybackDetailRow,
  buybackScope,
  findBuybacks,
  findVisibleBuyback,
} from './visibility.repository';

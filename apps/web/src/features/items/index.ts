/** What other features use of this one: they import it from here, never from its other files. */
export { itemKeys, useItemRefurbSteps, useItemStocks, useReleaseItem } from './item.queries';
export { ItemActions, useQuarantineMailSender, useReturnLabelDownload } from './item-actions';
export { ItemHistory, stockName } from './item-history';
export { ItemStatusBadge } from './item-status-badge';

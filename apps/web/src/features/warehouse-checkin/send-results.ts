import type { BuybackListItem, SendBuybacksResponse } from '@reprise/shared';

/** A row of the buybacks list that may be marked sent: awaiting inventory (its item still to send). */
export const isSendableRow = (row: Pick<BuybackListItem, 'status'>) => row.status === 'bb_awaiting_inventory';

/** How the results of a "mark as sent" of a selection read: how many sent, and each refusal. */
export function summarise(response: SendBuybacksResponse) {
  const refused = response.results.filter((r) => !r.ok);
  return { sent: response.results.length - refused.length, refused };
}

import {
  LITIGATION_PAYMENT_BUSINESS_DAYS,
  type PaymentModeType,
  SHIPPING_LABEL_CIRCUIT_TYPES,
  type TrackingControlOutcome,
  type TrackingDocument,
  type TrackingEvent,
  type TrackingNextStep,
} from '@reprise/shared';

/**
 * The rules of the tracking page (docs/tracking.md): the timeline of a buyback, its next step and
 * when it is expected, when it ended (and so when its link expires), the documents its customer may
 * download. Pure: the service reads the facts, these decide.
 */

const DAY_MS = 86_400_000;

/** Estimates of the next step, counted from the last step done (docs/tracking.md, "Next step"). */
const NEXT_STEP_DAYS = {
  /** a store's shipment to the warehouse leaves within a week of the drop */
  storeShipment: 7,
  /** a parcel is delivered within 3 days of being sent */
  delivery: 3,
  /** the warehouse controls a product within 5 days of receiving it */
  control: 5,
  /** a product refused or declined is back with its customer within 7 days */
  return: 7,
} as const;

interface ItemMove {
  from_status: string | null;
  to_status: string;
  at: Date;
}

export interface TrackingFacts {
  createdAt: Date;
  circuitType: string;
  predeclared: boolean;
  status: string;
  itemStatus: string;
  moves: ItemMove[];
  trackingNumber: string | null;
  trackingUrl: string | null;
  controlledAt: Date | null;
  counterOffer: {
    status: 'open' | 'accepted' | 'rejected';
    proposedPriceCents: number;
    createdAt: Date;
    acceptUrl: string | null;
    rejectUrl: string | null;
  } | null;
  payment: { status: string; type: PaymentModeType; paidAt: Date | null; voucherCode: string | null };
  shippingLabelStatus: string | null;
  cancelledAt: Date | null;
  /** A pre-declared buyback handed in at a store (its finalisation moves no item event). */
  finalizedAt: Date | null;
}

const COMPLETED_ITEM = [
  'item_completed',
  'item_completed_by_price',
  'item_completed_with_absorption',
  'item_completed_with_negociation',
];
const AFTER_COMPLETION = [
  ...COMPLETED_ITEM,
  'item_refurb_diagnostic_in_progress',
  'item_refurb_in_progress',
  'item_refurb_completed',
];
const LOST = ['item_lost_store', 'item_lost_transport', 'item_lost_warehouse'];
const PAID = ['payment_completed', 'payment_not_needed'];

const firstMove = (facts: TrackingFacts, to: string, from?: string) =>
  facts.moves.find((m) => m.to_status === to && (from === undefined || m.from_status === from));

const event = (step: TrackingEvent['step'], at: Date, more: Partial<TrackingEvent> = {}): TrackingEvent => ({
  step,
  at: at.toISOString(),
  carrier: null,
  outcome: null,
  counterOffer: null,
  paymentType: null,
  ...more,
});

/** What the control found: a counter-offer, a quarantine, a product refused (sent back), else accepted. */
function controlOutcome(facts: TrackingFacts): TrackingControlOutcome {
  if (facts.counterOffer) return 'counter_offer';
  if (facts.moves.some((m) => m.to_status === 'item_in_quarantine')) return 'quarantine';
  if (facts.moves.some((m) => m.to_status === 'item_to_return')) return 'refused';
  return 'accepted';
}

/** When the payment was made: its paid date, else the move that completed the buyback. */
const paidAt = (facts: TrackingFacts): Date | null => {
  if (facts.payment.status !== 'payment_completed') return null;
  return facts.payment.paidAt ?? facts.moves.find((m) => COMPLETED_ITEM.includes(m.to_status))?.at ?? null;
};

/** The steps done, in the order they happened. */
export function timeline(facts: TrackingFacts): TrackingEvent[] {
  const events: TrackingEvent[] = [event('declared', facts.createdAt)];
  const dropped =
    firstMove(facts, 'item_awaiting_inventory', 'item_awaiting_store_drop')?.at ?? facts.finalizedAt;
  if (dropped) events.push(event('dropped', dropped));
  const sent = firstMove(facts, 'item_in_transit');
  if (sent)
    events.push(
      event('sent', sent.at, {
        carrier:
          facts.trackingNumber || facts.trackingUrl
            ? { trackingNumber: facts.trackingNumber, trackingUrl: facts.trackingUrl }
            : null,
      }),
    );
  const received = firstMove(facts, 'item_registered_in_warehouse');
  if (received) events.push(event('received', received.at));
  if (facts.controlledAt)
    events.push(event('controlled', facts.controlledAt, { outcome: controlOutcome(facts) }));
  if (facts.counterOffer) {
    const open = facts.counterOffer.status === 'open';
    events.push(
      event('counter_offer', facts.counterOffer.createdAt, {
        counterOffer: {
          status: facts.counterOffer.status,
          proposedPriceCents: facts.counterOffer.proposedPriceCents,
          acceptUrl: open ? facts.counterOffer.acceptUrl : null,
          rejectUrl: open ? facts.counterOffer.rejectUrl : null,
        },
      }),
    );
  }
  const paid = paidAt(facts);
  if (paid) events.push(event('paid', paid, { paymentType: facts.payment.type }));
  const returned = firstMove(facts, 'item_returned');
  if (returned) events.push(event('returned', returned.at));
  if (facts.cancelledAt) events.push(event('cancelled', facts.cancelledAt));
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/** When the buyback ended (paid, returned, cancelled, lost), or null while it goes on. */
export function endedAt(facts: TrackingFacts): Date | null {
  if (facts.cancelledAt) return facts.cancelledAt;
  const returned = firstMove(facts, 'item_returned');
  if (returned) return returned.at;
  const lost = facts.moves.find((m) => LOST.includes(m.to_status));
  if (lost) return lost.at;
  if (PAID.includes(facts.payment.status) && AFTER_COMPLETION.includes(facts.itemStatus))
    return paidAt(facts) ?? facts.moves.find((m) => COMPLETED_ITEM.includes(m.to_status))?.at ?? null;
  return null;
}

/** When the link stops opening: `days` after the buyback ended; null while it goes on. */
export function linkExpiresAt(facts: TrackingFacts, days: number): Date | null {
  const end = endedAt(facts);
  return end ? new Date(end.getTime() + days * DAY_MS) : null;
}

/** `days` working days (Monday to Friday) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return at;
}

const plusDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/**
 * The next step and when it is expected (docs/tracking.md, "Next step"): a step the customer takes
 * (drop at the store, send the parcel, answer the counter-offer) has no date; the others are
 * estimated from the last step done. An estimate already past is given without a date.
 */
export function nextStep(
  facts: TrackingFacts,
  now: Date,
): { step: TrackingNextStep; expectedBy: string | null } | null {
  if (endedAt(facts)) return null;
  const at = (step: TrackingNextStep, by: Date | null) => ({
    step,
    expectedBy: by && by.getTime() > now.getTime() ? by.toISOString() : null,
  });
  const lastMove = (to: string) => [...facts.moves].reverse().find((m) => m.to_status === to)?.at ?? null;
  if (facts.counterOffer?.status === 'open') return at('answer_counter_offer', null);
  switch (facts.itemStatus) {
    case 'item_awaiting_store_drop':
      return at('drop_at_store', null);
    case 'item_created':
      return at('send_parcel', null);
    case 'item_awaiting_inventory':
      return at(
        'store_shipment',
        plusDays(
          lastMove('item_awaiting_inventory') ?? facts.finalizedAt ?? facts.createdAt,
          NEXT_STEP_DAYS.storeShipment,
        ),
      );
    case 'item_in_transit':
      return at(
        'delivery',
        plusDays(lastMove('item_in_transit') ?? facts.createdAt, NEXT_STEP_DAYS.delivery),
      );
    case 'item_registered_in_warehouse':
    case 'item_awaiting_compliancy_tests':
    case 'item_to_reintegrate_to_stock':
      return at(
        'control',
        plusDays(lastMove('item_registered_in_warehouse') ?? facts.createdAt, NEXT_STEP_DAYS.control),
      );
    case 'item_in_quarantine':
      return at('control', null);
    case 'item_to_return':
      return at('return', plusDays(lastMove('item_to_return') ?? now, NEXT_STEP_DAYS.return));
  }
  if (AFTER_COMPLETION.includes(facts.itemStatus)) {
    const completed = facts.moves.find((m) => COMPLETED_ITEM.includes(m.to_status))?.at ?? now;
    // a voucher is issued at completion; the other modes are paid within the business days of the terms
    return at(
      'payment',
      facts.payment.type === 'voucher'
        ? completed
        : addBusinessDays(completed, LITIGATION_PAYMENT_BUSINESS_DAYS),
    );
  }
  return null;
}

/** The documents the customer may download from the page (the same rules as the back office's). */
export function customerDocuments(facts: TrackingFacts): TrackingDocument[] {
  const live = facts.status !== 'bb_cancelled';
  const documents: TrackingDocument[] = [];
  if (live && !facts.predeclared) documents.push('transfer-order');
  if (live && !facts.predeclared && facts.payment.type === 'voucher' && facts.payment.voucherCode)
    documents.push('voucher');
  if (live && facts.predeclared && facts.status === 'bb_awaiting_store_drop') documents.push('drop-slip');
  if (
    live &&
    (SHIPPING_LABEL_CIRCUIT_TYPES as readonly string[]).includes(facts.circuitType) &&
    facts.shippingLabelStatus === 'ready' &&
    facts.itemStatus === 'item_created'
  )
    documents.push('shipping-label');
  return documents;
}

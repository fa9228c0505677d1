import { randomUUID } from 'node:crypto';
import type { BuybackChannel } from '@reprise/shared';
import type { Keyring } from '../../platform/secrets';
import { initialStatuses } from '../buyback-lifecycle';
import { hasShippingLabel } from '../transport';
import { ibanAtRest } from './iban-at-rest';
import { newVoucherCode } from './identification-numbers';
import type { PricedLine } from './wizard.service';

/**
 * The rows of the buybacks a creation writes (create-buybacks.service.ts): each priced line
 * becomes a buyback that snapshots its circuit, payment mode, product and price, its item and its
 * payment, in the statuses its circuit starts in (buyback-statuses.ts).
 */

/** What every buyback of one creation shares. */
export interface NewBuybacksCommon {
  accountId: string;
  organizationPath: string;
  channel: BuybackChannel;
  storeId: string | null;
  cartId: string | null;
  customerId: string;
  customerSortName: string;
  customerIban: string | null;
  currency: string;
  /** A carrier makes the shipping labels (modules/transport); else the platform makes them at checkout. */
  hasCarrier: boolean;
  externalCode: string | null;
  createdBy: string;
  keyring: Keyring;
}

/** What is particular to one line: its numbers, its buyer's name and where it goes. */
export interface NewBuybackLineFacts {
  numbers: { buyback: string; item: string };
  buyerName: string;
  /** The warehouse dispatch rule that chose the destination, if one did. */
  dispatch: { warehouseId: string; ruleId: string } | null | undefined;
}

export type NewBuybackRows = ReturnType<typeof newBuybackRows>;

export function newBuybackRows(common: NewBuybacksCommon, l: PricedLine, facts: NewBuybackLineFacts) {
  const start = initialStatuses(l.circuit.type, l.breakdown.totalCents);
  const destination = facts.dispatch ? facts.dispatch.warehouseId : l.circuit.warehouseId;
  return {
    buyback: buybackRow(common, l, facts, { ...start, destination }),
    item: {
      account_id: common.accountId,
      identification_number: facts.numbers.item,
      status: start.itemStatus,
      imei: l.imei,
      warehouse_id: destination,
      buyer_account_id: l.context.row.buyer_account_id,
      purchase_price_cents: l.breakdown.totalCents,
    },
    payment: paymentRow(common, l, start),
  };
}

function buybackRow(
  common: NewBuybacksCommon,
  l: PricedLine,
  facts: NewBuybackLineFacts,
  start: ReturnType<typeof initialStatuses> & { destination: string | null },
) {
  const product = l.context.row;
  const circuitType = l.circuit.type;
  return {
    id: randomUUID(),
    account_id: common.accountId,
    identification_number: facts.numbers.buyback,
    channel: common.channel,
    external_code: common.externalCode,
    store_id: common.storeId,
    organization_path: common.organizationPath,
    cart_id: common.cartId,
    customer_id: common.customerId,
    customer_sort_name: common.customerSortName,
    status: start.status,
    predeclared: start.predeclared,
    // the carrier's label is pending until its shipment job fetches it; the platform's own is
    // generated here, at checkout
    shipping_label_status: hasShippingLabel(circuitType) ? (common.hasCarrier ? 'pending' : 'ready') : null,
    shipping_label_ready_at: hasShippingLabel(circuitType) && !common.hasCarrier ? new Date() : null,
    circuit_id: l.circuit.id,
    circuit_name: l.circuit.name,
    circuit_type: circuitType,
    deposit_type: l.circuit.depositType,
    circuit_description: l.circuit.description,
    transfer_order_copies: l.circuit.transferOrderNumberOfCopy,
    instructions: JSON.stringify(l.circuit.instructions),
    highlighted_instruction: l.circuit.highlightedInstruction,
    terms: l.circuit.terms,
    warehouse_id: l.circuit.warehouseId,
    destination_warehouse_id: start.destination,
    warehouse_dispatch_rule_id: facts.dispatch?.ruleId ?? null,
    payment_mode_id: l.payment.id,
    payment_mode_label: l.payment.label,
    payment_type: l.payment.type,
    payment_mode_description: l.payment.description,
    payment_mode_long_description: l.payment.longDescription,
    buyer_account_id: product.buyer_account_id,
    buyer_name: facts.buyerName,
    category_id: product.category_id,
    category_label: product.category_label,
    product_id: product.id,
    product_name: product.name,
    product_brand: product.brand,
    product_model: product.model,
    product_image_key: product.image_key,
    answers: JSON.stringify(l.snapshot),
    imei: l.imei,
    imei_tac_mismatch: l.tacMismatch,
    declared_state: l.breakdown.declaredState,
    base_price_cents: l.breakdown.basePriceCents,
    impact_price_entries: JSON.stringify(l.breakdown.impactPriceEntries),
    estimated_price_cents: l.breakdown.estimatedPriceCents,
    payment_modifier_cents: l.breakdown.paymentModifierCents,
    shipping_modifier_cents: l.breakdown.shippingModifierCents,
    bonus_cents: l.breakdown.bonusCents,
    total_cents: l.breakdown.totalCents,
    pricing_input: JSON.stringify(l.pricingInput),
    currency: common.currency,
    created_by: common.createdBy,
  };
}

function paymentRow(common: NewBuybacksCommon, l: PricedLine, start: ReturnType<typeof initialStatuses>) {
  return {
    account_id: common.accountId,
    type: l.payment.type,
    status: start.paymentStatus,
    amount_cents: l.breakdown.totalCents,
    currency: common.currency,
    // a voucher exists once the device is handed in: a store buyback's now; a pre-declared one's when
    // the store finalises it (buybacks.service.ts); any other web buyback's at its completion
    // (payments' gift-cards.service.ts `payByVoucher`), never at the checkout
    voucher_code: l.payment.type === 'voucher' && common.channel === 'store' ? newVoucherCode() : null,
    // the cart's IBAN belongs only to the lines whose payment mode takes one
    ...(l.payment.iban && common.customerIban
      ? ibanAtRest(common.keyring, common.customerIban)
      : { iban_encrypted: null, iban_masked: null }),
  };
}

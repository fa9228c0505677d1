import { randomUUID } from 'node:crypto';
import {
  type BuybackCircuitType,
  type BuybackResponse,
  type CartBuybackInput,
  customerSchemaFor,
  type Violation,
} from '@reprise/shared';
import { type AuditEntry, audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { TxContext } from '../../platform/request-context';
import { initialStatuses } from '../buyback-lifecycle';
import { fold } from '../catalog';
import { activeTransportConfiguration, hasShippingLabel, requestShipments } from '../transport';
import { chooseWarehouses } from '../warehouse-dispatch';
import { toBuybackResponse } from './buybacks.mapper';
import * as repo from './buybacks.repository';
import { ibanAtRest } from './iban-at-rest';
import { newVoucherCode, nextIdentificationNumbers } from './identification-numbers';
import { cartMaxItems } from './wizard.rules';
import { type PricedLine, priceLine } from './wizard.service';

/**
 * Creating buybacks: one store buyback (`POST /store/{storeId}/buybacks`) or a whole cart
 * (`POST /carts`), all or nothing, in the caller's transaction (the idempotency runner's). Each
 * is assigned its buyer account (its category's buyer) and its destination warehouse: the one the
 * buyer's first matching warehouse dispatch rule gives (warehouse-dispatch/dispatch-matching.ts),
 * else the one its circuit's rules give (buyback-config/circuits/offered-circuits.service.ts),
 * through which the buyer's and the warehouse's users see it (buybacks.repository.ts, buybackScope).
 */

export type NewBuybackLine = Omit<CartBuybackInput, 'inCartId'> & { inCartId?: string };

export interface CreateBuybacksInput {
  channel: 'store' | 'web';
  /** The store of a store buyback; null for a web buyback (seen from the account's root). */
  storeId: string | null;
  /** The account of a web buyback (store buybacks take their store's). */
  accountId?: string;
  lines: NewBuybackLine[];
  customer: Record<string, unknown>;
  iban?: string | null;
  termsAccepted?: boolean;
  /** Creates a cart holding the buybacks (`POST /carts`). */
  asCart: boolean;
}

/** The customer checked with the account's rules and the payment modes' IBAN need (`customerSchemaFor`). */
function validateCustomer(
  raw: Record<string, unknown>,
  iban: string | null | undefined,
  options: { identityDocumentRequired: boolean; ibanRequired: boolean; countries: readonly string[] },
) {
  const schema = customerSchemaFor(options);
  const result = schema.safeParse({ ...raw, iban: raw.iban ?? iban ?? null });
  if (result.success) return result.data;
  const violations: Violation[] = result.error.issues.map((issue) => ({
    propertyPath: ['customer', ...issue.path.map(String)].join('.'),
    message: issue.message,
    code: /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_value',
  }));
  throw new AppError('validation_failed', 'The customer information is not valid.', violations);
}

/** The countries every line's circuit serves: the customer must live in one of them. */
function servedByEvery(lists: string[][]): string[] {
  const [first = [], ...others] = lists;
  return first.filter((country) => others.every((list) => list.includes(country)));
}

const euros = (cents: number) => (cents / 100).toFixed(2);

export async function createBuybacks(
  tx: TxContext,
  input: CreateBuybacksInput,
): Promise<{ cartId: string | null; buybacks: BuybackResponse[] }> {
  const { actor } = tx;
  // where the buybacks are seen from: the store's subtree, or the account's root for the web
  let accountId: string;
  let organizationPath: string;
  if (input.storeId) {
    const store = await repo.findVisibleStore(tx, input.storeId);
    if (!store) throw notFound('store');
    if (store.status !== 'active') throw new AppError('configuration_error', 'This store is inactive.');
    accountId = store.account_id;
    organizationPath = store.path;
  } else {
    accountId = input.accountId ?? actor.accountId;
    const rootPath = await repo.findRootPath(tx, accountId);
    if (!rootPath) throw new AppError('configuration_error', 'This account has no root organisation.');
    organizationPath = rootPath;
  }
  const settings = await repo.findAccountSettings(tx, accountId);
  if (!settings) throw notFound('account');

  const max = cartMaxItems(settings.enabled_premium_features);
  if (input.lines.length > max) {
    const message = `A cart holds at most ${max} buyback${max > 1 ? 's' : ''}.`;
    throw new AppError('cart_too_many_items', message, [
      { propertyPath: 'buybacks', message, code: 'cart_too_many_items' },
    ]);
  }

  const contexts = new Map();
  const offeredCircuits = new Map();
  const lines: PricedLine[] = [];
  for (const [index, line] of input.lines.entries()) {
    lines.push(
      await priceLine(tx, accountId, line, {
        channel: input.channel,
        // every country's circuits: the customer's country is then checked as a field of the form
        country: undefined,
        pathPrefix: input.asCart ? `buybacks.${index}.` : '',
        contexts,
        offeredCircuits,
      }),
    );
  }

  const customer = validateCustomer(input.customer, input.iban, {
    identityDocumentRequired: settings.customer_identity_document_required ?? false,
    ibanRequired: lines.some((l) => l.payment.iban),
    countries: servedByEvery(lines.map((l) => l.circuit.availableCountries)),
  });

  // the minimum cart value is whole currency units; prices are cents
  const totalCents = lines.reduce((sum, l) => sum + l.breakdown.totalCents, 0);
  const minimumCents = (settings.cart_min_value ?? 0) * 100;
  if (totalCents < minimumCents) {
    const missing = minimumCents - totalCents;
    const message = `The cart is ${euros(missing)} ${settings.currency} short of the minimum value of ${settings.cart_min_value} ${settings.currency} (missing ${missing} cents).`;
    throw new AppError('cart_below_minimum', message, [
      { propertyPath: 'buybacks', message, code: 'cart_below_minimum' },
    ]);
  }

  const buyers = new Map<string, string>();
  for (const l of lines) {
    const buyerAccountId = l.context.row.buyer_account_id;
    if (!buyers.has(buyerAccountId)) {
      const buyer = await repo.findBuyerIdentity(tx, buyerAccountId);
      if (!buyer) throw new AppError('configuration_error', 'The buyer of this category does not exist.');
      buyers.set(buyerAccountId, buyer.common_name ?? buyer.account_name);
    }
  }

  const customerId = await repo.insertCustomer(tx, {
    account_id: accountId,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    street: customer.street,
    street_more: customer.streetMore,
    zip: customer.zip,
    city: customer.city,
    country: customer.country,
    identification_type: customer.identification.type,
    identification_number: customer.identification.number,
    identification_delivery_date: customer.identification.deliveryDate,
    identification_issuing_authority: customer.identification.issuingAuthority,
  });
  const cartId = input.asCart
    ? await repo.insertCart(tx, {
        account_id: accountId,
        channel: input.channel,
        store_id: input.storeId,
        terms_accepted: input.termsAccepted ?? false,
        created_by: actor.userId,
      })
    : null;
  const numbers = await nextIdentificationNumbers(tx, lines.length);
  const dispatched = await chooseWarehouses(tx, {
    storeId: input.storeId,
    lines: lines.map((l) => ({
      buyerAccountId: l.context.row.buyer_account_id,
      brand: l.context.row.brand,
      categoryIds: l.context.row.category_path.split('/').filter(Boolean),
      circuitType: l.circuit.type,
      productState: l.breakdown.declaredState,
    })),
  });
  const sortName = fold(`${customer.lastName} ${customer.firstName}`).trim();

  // a carrier makes the labels when the account has a transport configuration (modules/transport)
  const carrier = lines.some((l) => hasShippingLabel(l.circuit.type))
    ? await activeTransportConfiguration(tx, accountId)
    : null;
  const rows = lines.map((l, index) => {
    const product = l.context.row;
    const circuitType = l.circuit.type as BuybackCircuitType;
    const start = initialStatuses(circuitType, l.breakdown.totalCents);
    const id = randomUUID();
    const number = numbers[index] as { buyback: string; item: string };
    const dispatch = dispatched[index];
    const destination = dispatch ? dispatch.warehouseId : l.circuit.warehouseId;
    return {
      buyback: {
        id,
        account_id: accountId,
        identification_number: number.buyback,
        channel: input.channel,
        store_id: input.storeId,
        organization_path: organizationPath,
        cart_id: cartId,
        customer_id: customerId,
        customer_sort_name: sortName,
        status: start.status,
        predeclared: start.predeclared,
        // the carrier's label is pending until its shipment job fetches it; the platform's own is
        // generated here, at checkout
        shipping_label_status: hasShippingLabel(circuitType) ? (carrier ? 'pending' : 'ready') : null,
        shipping_label_ready_at: hasShippingLabel(circuitType) && !carrier ? new Date() : null,
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
        destination_warehouse_id: destination,
        warehouse_dispatch_rule_id: dispatch?.ruleId ?? null,
        payment_mode_id: l.payment.id,
        payment_mode_label: l.payment.label,
        payment_type: l.payment.type,
        payment_mode_description: l.payment.description,
        payment_mode_long_description: l.payment.longDescription,
        buyer_account_id: product.buyer_account_id,
        buyer_name: buyers.get(product.buyer_account_id) as string,
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
        currency: settings.currency,
        created_by: actor.userId,
      },
      item: {
        account_id: accountId,
        identification_number: number.item,
        status: start.itemStatus,
        imei: l.imei,
        warehouse_id: destination,
        buyer_account_id: product.buyer_account_id,
        purchase_price_cents: l.breakdown.totalCents,
      },
      payment: {
        account_id: accountId,
        type: l.payment.type,
        status: start.paymentStatus,
        amount_cents: l.breakdown.totalCents,
        currency: settings.currency,
        // a pre-declared buyback's voucher is issued when the store finalises it (buybacks.service.ts)
        voucher_code: l.payment.type === 'voucher' && !start.predeclared ? newVoucherCode() : null,
        // the cart's IBAN belongs only to the lines whose payment mode takes one
        ...(l.payment.iban && customer.iban
          ? ibanAtRest(tx.deps.keyring, customer.iban)
          : { iban_encrypted: null, iban_masked: null }),
      },
    };
  });
  await repo.insertBuybacks(tx, rows);
  if (carrier)
    await requestShipments(
      tx,
      carrier,
      'shipping',
      rows.filter((r) => hasShippingLabel(r.buyback.circuit_type)).map((r) => r.buyback.id),
    );
  const created: AuditEntry[] = rows.map((r) => ({
    action: 'create',
    entityType: 'buyback',
    entityId: r.buyback.id,
    accountId,
    after: {
      identificationNumber: r.buyback.identification_number,
      itemIdentificationNumber: r.item.identification_number,
      status: r.buyback.status,
      itemStatus: r.item.status,
      paymentStatus: r.payment.status,
      circuitId: r.buyback.circuit_id,
      paymentModeId: r.buyback.payment_mode_id,
      productId: r.buyback.product_id,
      totalCents: r.buyback.total_cents,
      buyerAccountId: r.buyback.buyer_account_id,
      destinationWarehouseId: r.buyback.destination_warehouse_id,
      warehouseDispatchRuleId: r.buyback.warehouse_dispatch_rule_id,
      cartId,
    },
  }));
  const cart: AuditEntry[] = cartId
    ? [
        {
          action: 'create',
          entityType: 'cart',
          entityId: cartId,
          accountId,
          after: { buybacks: rows.map((r) => r.buyback.id) },
        },
      ]
    : [];
  await audit(tx, ...cart, ...created);
  const found = await repo.findBuybacks(
    tx,
    rows.map((r) => r.buyback.id),
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  return {
    cartId,
    buybacks: rows.map((r) => toBuybackResponse(actor, byId.get(r.buyback.id) as repo.BuybackDetailRow)),
  };
}

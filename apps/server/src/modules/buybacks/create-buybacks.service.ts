import type { BuybackChannel, BuybackResponse, CartBuybackInput, PickupSlot } from '@reprise/shared';
import { type AuditEntry, audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { RequestContext, TxContext } from '../../platform/request-context';
import { fold } from '../catalog';
import {
  checkNewBuybacks,
  type DeviceLookup,
  lookUpBeforeCommand,
  recordNewBuybackChecks,
} from '../device-check';
import {
  activeTransportConfiguration,
  hasPickup,
  hasShippingLabel,
  requestPickups,
  requestShipments,
} from '../transport';
import { chooseWarehouses } from '../warehouse-dispatch';
import { toBuybackResponse } from './buybacks.mapper';
import * as repo from './buybacks.repository';
import { validateCustomer } from './customer.rules';
import { nextIdentificationNumbers } from './identification-numbers';
import { type NewBuybackRows, newBuybackRows } from './new-buyback-rows';
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
  channel: BuybackChannel;
  /** The store of a store buyback; null for a web buyback (seen from the account's root). */
  storeId: string | null;
  /** The account of a web buyback (store buybacks take their store's). */
  accountId?: string;
  lines: NewBuybackLine[];
  customer: Record<string, unknown>;
  iban?: string | null;
  termsAccepted?: boolean;
  /** The retailer's own reference of the buyback (a store buyback's; docs/statuses.md). */
  externalCode?: string | null;
  /** Creates a cart holding the buybacks (`POST /carts`). */
  asCart: boolean;
  /** The pick-up slot of the collect buybacks, booked with the account's carrier (docs/transport.md). */
  pickupSlot?: PickupSlot;
  /** The stolen-device checks asked before the transaction (`lookUpDevicesOf`), by IMEI. */
  deviceChecks?: ReadonlyMap<string, DeviceLookup>;
}

/**
 * Asks the stolen-device check about the lines' IMEIs before the creation's transaction opens
 * (docs/device-check.md), for the actor's account (the store's, or the public site's).
 */
export function lookUpDevicesOf(
  ctx: RequestContext,
  lines: readonly { imei?: string | null | undefined }[],
): Promise<Map<string, DeviceLookup>> {
  return lookUpBeforeCommand(
    ctx,
    ctx.actor.accountId,
    lines.map((l) => l.imei),
  );
}

/** The countries every line's circuit serves: the customer must live in one of them. */
function servedByEvery(lists: string[][]): string[] {
  const [first = [], ...others] = lists;
  return first.filter((country) => others.every((list) => list.includes(country)));
}

const euros = (cents: number) => (cents / 100).toFixed(2);

type AccountSettings = NonNullable<Awaited<ReturnType<typeof repo.findAccountSettings>>>;
type ValidCustomer = ReturnType<typeof validateCustomer>;

/**
 * Creates the buybacks of a store buyback or a cart: the lines are priced and checked (cart size,
 * customer, minimum value), then the customer, the cart, the buybacks with their items and
 * payments, the carrier's shipment requests and the audit entries are written in `tx`.
 */
export async function createBuybacks(
  tx: TxContext,
  input: CreateBuybacksInput,
): Promise<{ cartId: string | null; buybacks: BuybackResponse[] }> {
  const { accountId, organizationPath } = await buybackOrigin(tx, input);
  const settings = await repo.findAccountSettings(tx, accountId);
  if (!settings) throw notFound('account');
  checkCartSize(settings, input.lines.length);

  const lines = await priceLines(tx, accountId, input);
  const customer = validateCustomer(input.customer, input.iban, {
    identityDocumentRequired: settings.customer_identity_document_required ?? false,
    ibanRequired: lines.some((l) => l.payment.iban),
    countries: servedByEvery(lines.map((l) => l.circuit.availableCountries)),
  });
  checkCartMinimum(settings, lines);
  // the stolen-device check: the store wizard's settings may refuse; the web's never does
  const deviceCheckSource = input.channel === 'web' ? 'checkout' : 'wizard';
  const deviceChecks = await checkNewBuybacks(
    tx,
    accountId,
    deviceCheckSource,
    lines.map((l, index) => ({
      imei: l.imei,
      propertyPath: input.asCart ? `buybacks.${index}.imei` : 'imei',
    })),
  );
  const buyers = await buyerNames(tx, lines);

  const customerId = await insertCustomer(tx, accountId, customer);
  const cartId = input.asCart ? await insertCart(tx, accountId, input) : null;
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
  // a carrier makes the labels, and collects at the customer's, when the account has a transport
  // configuration (modules/transport)
  const carrier = lines.some((l) => hasShippingLabel(l.circuit.type) || hasPickup(l.circuit.type))
    ? await activeTransportConfiguration(tx, accountId)
    : null;

  const common = {
    accountId,
    organizationPath,
    channel: input.channel,
    storeId: input.storeId,
    cartId,
    customerId,
    customerSortName: fold(`${customer.lastName} ${customer.firstName}`).trim(),
    customerIban: customer.iban,
    currency: settings.currency,
    hasCarrier: carrier !== null,
    externalCode: input.externalCode ?? null,
    createdBy: tx.actor.userId,
    keyring: tx.deps.keyring,
  };
  const rows = lines.map((l, index) =>
    newBuybackRows(common, l, {
      numbers: numbers[index] as { buyback: string; item: string },
      buyerName: buyers.get(l.context.row.buyer_account_id) as string,
      dispatch: dispatched[index],
    }),
  );
  await repo.insertBuybacks(tx, rows);
  if (carrier)
    await requestShipments(
      tx,
      carrier,
      'shipping',
      rows.filter((r) => hasShippingLabel(r.buyback.circuit_type)).map((r) => r.buyback.id),
    );
  const collected = rows.filter((r) => hasPickup(r.buyback.circuit_type)).map((r) => r.buyback.id);
  // booked by a job once the buybacks exist; without a slot, from the buyback's detail later
  if (carrier && input.pickupSlot && collected.length > 0)
    await requestPickups(tx, carrier, collected, input.pickupSlot, tx.actor.userId);
  await auditCreation(tx, accountId, cartId, rows);
  await recordNewBuybackChecks(
    tx,
    deviceChecks,
    rows.map((r) => r.buyback.id),
    deviceCheckSource,
  );
  return { cartId, buybacks: await createdBuybacks(tx, rows) };
}

/** Where the buybacks are seen from: the store's subtree, or the account's root for the web. */
async function buybackOrigin(
  tx: TxContext,
  input: CreateBuybacksInput,
): Promise<{ accountId: string; organizationPath: string }> {
  if (input.storeId) {
    const store = await repo.findVisibleStore(tx, input.storeId);
    if (!store) throw notFound('store');
    if (store.status !== 'active') throw new AppError('configuration_error', 'This store is inactive.');
    return { accountId: store.account_id, organizationPath: store.path };
  }
  const accountId = input.accountId ?? tx.actor.accountId;
  const rootPath = await repo.findRootPath(tx, accountId);
  if (!rootPath) throw new AppError('configuration_error', 'This account has no root organisation.');
  return { accountId, organizationPath: rootPath };
}

/** A cart holds as many buybacks as the account's premium features allow. */
function checkCartSize(settings: AccountSettings, count: number): void {
  const max = cartMaxItems(settings.enabled_premium_features);
  if (count > max) {
    const message = `A cart holds at most ${max} buyback${max > 1 ? 's' : ''}.`;
    throw new AppError('cart_too_many_items', message, [
      { propertyPath: 'buybacks', message, code: 'cart_too_many_items' },
    ]);
  }
}

/** Each line priced with its product, answers, circuit and payment mode, its faults under `buybacks.<index>.` in a cart. */
async function priceLines(
  tx: TxContext,
  accountId: string,
  input: CreateBuybacksInput,
): Promise<PricedLine[]> {
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
  return lines;
}

/** The minimum cart value is whole currency units; prices are cents. */
function checkCartMinimum(settings: AccountSettings, lines: PricedLine[]): void {
  const totalCents = lines.reduce((sum, l) => sum + l.breakdown.totalCents, 0);
  const minimumCents = (settings.cart_min_value ?? 0) * 100;
  if (totalCents < minimumCents) {
    const missing = minimumCents - totalCents;
    const message = `The cart is ${euros(missing)} ${settings.currency} short of the minimum value of ${settings.cart_min_value} ${settings.currency} (missing ${missing} cents).`;
    throw new AppError('cart_below_minimum', message, [
      { propertyPath: 'buybacks', message, code: 'cart_below_minimum' },
    ]);
  }
}

/** The name of each line's buyer (its category's), by buyer account id. */
async function buyerNames(tx: TxContext, lines: PricedLine[]): Promise<Map<string, string>> {
  const buyers = new Map<string, string>();
  for (const l of lines) {
    const buyerAccountId = l.context.row.buyer_account_id;
    if (!buyers.has(buyerAccountId)) {
      const buyer = await repo.findBuyerIdentity(tx, buyerAccountId);
      if (!buyer) throw new AppError('configuration_error', 'The buyer of this category does not exist.');
      buyers.set(buyerAccountId, buyer.common_name ?? buyer.account_name);
    }
  }
  return buyers;
}

function insertCustomer(tx: TxContext, accountId: string, customer: ValidCustomer): Promise<string> {
  return repo.insertCustomer(tx, {
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
}

function insertCart(tx: TxContext, accountId: string, input: CreateBuybacksInput): Promise<string> {
  return repo.insertCart(tx, {
    account_id: accountId,
    channel: input.channel,
    store_id: input.storeId,
    terms_accepted: input.termsAccepted ?? false,
    created_by: tx.actor.userId,
  });
}

/** One audit entry per buyback, and the cart's before them. */
async function auditCreation(
  tx: TxContext,
  accountId: string,
  cartId: string | null,
  rows: NewBuybackRows[],
): Promise<void> {
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
}

/** The created buybacks as the actor reads them, in the order of the lines. */
async function createdBuybacks(tx: TxContext, rows: NewBuybackRows[]): Promise<BuybackResponse[]> {
  const found = await repo.findBuybacks(
    tx,
    rows.map((r) => r.buyback.id),
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  return rows.map((r) => toBuybackResponse(tx.actor, byId.get(r.buyback.id) as repo.BuybackDetailRow));
}

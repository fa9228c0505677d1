import {
  type BonusMode,
  CIRCUIT_TYPES,
  type CircuitChannel,
  type CircuitType,
  type DepositType,
  type InstructionType,
  modifierOf,
  needsWarehouse,
  type PaymentMethod,
  type PaymentModeType,
  paymentNeedsIban,
  type ShippingMethod,
  type ShippingMethodsQuery,
} from '@reprise/shared';
import { AppError } from '../../../platform/errors';
import type { BaseContext, RequestContext } from '../../../platform/request-context';
import { hasPremiumFeature } from '../config-scope';
import { instructionsOf } from './circuits.repository';
import * as repo from './offered-circuits.repository';

/**
 * The circuits the buyback wizard offers for a product. The API calls a circuit offered there a
 * "shipping method" (`/products/{id}/shipping-methods`, the wizard's `shippingMethod` fields:
 * docs/glossary.md); `ShippingMethod` is that answer's shape.
 */

/** Ids of a materialised category path '/a/b/c/', root first. */
const idsOfPath = (path: string) => path.split('/').filter(Boolean);

const productNotFound = () =>
  new AppError('product_not_found', 'This product does not exist, is not published or is no longer offered.');

/**
 * The circuits (with their payment methods) a product of `accountId` may be bought back with,
 * on a channel and optionally for a customer's country:
 * the account's active circuits of the channel whose dispatch circuit rule is enabled and linked to
 * the product's main category or one of its ancestors, eligible in the country (the rule's
 * countries, else the circuit's), each with its active payment modes and its warehouse (the
 * circuit's while active, else the nearest referring warehouse of the category).
 *
 * Errors, in this order: `product_not_found` (unknown, another account's, or unpublished),
 * `no_transport_mode` (no such circuit), `no_payment_mode` (none of them has an active payment
 * mode), `no_warehouse` (every remaining one is a drop/drop_label circuit without a warehouse).
 */
export async function offeredCircuits(
  ctx: BaseContext,
  accountId: string,
  productId: string,
  channel: 'store' | 'web',
  country?: string,
): Promise<ShippingMethod[]> {
  const product = await repo.findProduct(ctx, accountId, productId);
  if (product?.status !== 'published') throw productNotFound();
  const ancestry = idsOfPath(product.path); // root first, the main category last
  const nearestFirst = [...ancestry].reverse();

  const circuits = await repo.activeCircuitsLinkedTo(ctx, accountId, channel, ancestry);
  const eligible = circuits
    .map((c) => ({ ...c, countries: c.rule_countries ?? c.eligible_countries }))
    .filter((c) => !country || c.countries.includes(country));
  if (!eligible.length)
    throw new AppError(
      'no_transport_mode',
      `No transport mode is configured for this product on the ${channel} channel${country ? ` in ${country}` : ''}.`,
    );

  const bonusEnabled = await hasPremiumFeature(ctx, accountId, 'payment_bonus');
  const modes = await repo.activePaymentModesOf(
    ctx,
    accountId,
    eligible.map((c) => c.id),
  );
  const paymentMethodsOf = (circuitId: string): PaymentMethod[] =>
    modes
      .filter((m) => m.circuit_id === circuitId)
      .map((m) => ({
        id: m.id,
        type: m.type as PaymentModeType,
        label: m.label,
        description: m.description,
        longDescription: m.long_description,
        modifier: bonusEnabled
          ? modifierOf({
              bonusMode: m.bonus_mode as BonusMode,
              bonusValue: m.bonus_value,
              bonusCap: m.bonus_cap,
            })
          : null,
        iban: paymentNeedsIban(m.type as PaymentModeType),
      }));
  const paid = eligible.filter((c) => modes.some((m) => m.circuit_id === c.id));
  if (!paid.length)
    throw new AppError(
      'no_payment_mode',
      'No active payment mode is configured for the transport modes of this product.',
    );

  // the category's default warehouse: the nearest category of the ancestry with an active referring warehouse
  const referring = await repo.activeReferringWarehouses(ctx, ancestry);
  const categoryWarehouse =
    nearestFirst.map((id) => referring.find((r) => r.category_id === id)?.warehouse_id).find(Boolean) ?? null;
  const withWarehouse = paid.map((c) => ({
    ...c,
    warehouse: c.warehouse_id && c.warehouse_status === 'active' ? c.warehouse_id : categoryWarehouse,
  }));
  const served = withWarehouse.filter((c) => c.warehouse || !needsWarehouse(c.deposit_type as DepositType));
  if (!served.length)
    throw new AppError(
      'no_warehouse',
      'No warehouse receives the products of this transport mode: the configuration is not compliant.',
    );

  const [instructions, highlighted] = await Promise.all([
    instructionsOf(ctx, { circuitIds: served.map((c) => c.id), ruleIds: served.map((c) => c.rule_id) }),
    repo.categoryHighlights(ctx, ancestry),
  ]);
  const categoryHighlight =
    nearestFirst.map((id) => highlighted.find((k) => k.id === id)?.highlighted_instruction).find(Boolean) ??
    null;

  return served
    .sort(
      (a, b) => CIRCUIT_TYPES.indexOf(a.type as CircuitType) - CIRCUIT_TYPES.indexOf(b.type as CircuitType),
    )
    .map((c) => ({
      id: c.id,
      name: c.name,
      channel: c.channel as CircuitChannel,
      type: c.type as CircuitType,
      depositType: c.deposit_type as DepositType,
      description: c.description,
      modifier: modifierOf({
        bonusMode: c.bonus_mode as BonusMode,
        bonusValue: c.bonus_value,
        bonusCap: c.bonus_cap,
      }),
      instructions: instructions
        .filter((i) =>
          c.own_instructions ? i.dispatch_circuit_rule_id === c.rule_id : i.circuit_id === c.id,
        )
        .map((i) => ({ sequence: i.sequence, label: i.label, type: i.type as InstructionType })),
      highlightedInstruction: c.highlighted_instruction ?? categoryHighlight,
      terms: c.terms,
      warehouseId: c.warehouse,
      transferOrderNumberOfCopy: c.transfer_order_number_of_copy,
      availableCountries: c.countries,
      paymentMethods: paymentMethodsOf(c.id),
    }));
}

/**
 * The circuits offered to the caller for a product: its own account's (a platform operator acts
 * for the product's retailer); a visitor of the public site asks for the web channel only.
 */
export async function circuitsOfferedTo(
  ctx: RequestContext,
  productId: string,
  { channel, country }: ShippingMethodsQuery,
): Promise<ShippingMethod[]> {
  if (ctx.actor.userType === 'pseudo_anonymous' && channel !== 'web') {
    throw new AppError('channel_not_allowed', 'A visitor of the public site uses the web channel only.');
  }
  let accountId = ctx.actor.accountId;
  if (ctx.actor.isPlatform) {
    const productAccount = await repo.productAccountOf(ctx, productId);
    if (!productAccount) throw new AppError('product_not_found', 'This product does not exist.');
    accountId = productAccount;
  }
  return offeredCircuits(ctx, accountId, productId, channel, country);
}

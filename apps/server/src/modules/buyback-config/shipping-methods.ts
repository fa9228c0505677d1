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
} from '@reprise/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db.types';
import { AppError } from '../../platform/errors';
import { hasPremiumFeature } from './config-scope';

type Db = Kysely<Database> | Transaction<Database>;

/** Ids of a materialised category path '/a/b/c/', root first. */
const idsOfPath = (path: string) => path.split('/').filter(Boolean);

const productNotFound = () =>
  new AppError('product_not_found', 'This product does not exist, is not published or is no longer offered.');

/**
 * The shipping methods (circuits with their payment methods) a product may be bought back with,
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
export async function resolveShippingMethods(
  db: Db,
  accountId: string,
  productId: string,
  channel: 'store' | 'web',
  country?: string,
): Promise<ShippingMethod[]> {
  const product = await db
    .selectFrom('products as p')
    .innerJoin('categories as k', 'k.id', 'p.main_category_id')
    .select(['p.id', 'p.status', 'k.path'])
    .where('p.id', '=', productId)
    .where('p.account_id', '=', accountId)
    .executeTakeFirst();
  if (product?.status !== 'published') throw productNotFound();
  const ancestry = idsOfPath(product.path); // root first, the main category last
  const nearestFirst = [...ancestry].reverse();

  const circuits = await db
    .selectFrom('circuits as c')
    .innerJoin('dispatch_circuit_rules as r', 'r.circuit_id', 'c.id')
    .leftJoin('organizations as w', 'w.id', 'c.warehouse_id')
    .select([
      'c.id',
      'c.name',
      'c.channel',
      'c.type',
      'c.deposit_type',
      'c.description',
      'c.bonus_mode',
      'c.bonus_value',
      'c.bonus_cap',
      'c.transfer_order_number_of_copy',
      'c.eligible_countries',
      'c.warehouse_id',
      'w.status as warehouse_status',
      'r.id as rule_id',
      'r.own_instructions',
      'r.eligible_countries as rule_countries',
      'r.highlighted_instruction',
      'r.terms',
    ])
    .where('c.account_id', '=', accountId)
    .where('c.channel', '=', channel)
    .where('c.status', '=', 'active')
    .where('r.status', '=', 'enabled')
    .where('r.id', 'in', (eb) =>
      eb
        .selectFrom('dispatch_circuit_rule_categories')
        .select('dispatch_circuit_rule_id')
        .where('category_id', 'in', ancestry),
    )
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  const eligible = circuits
    .map((c) => ({ ...c, countries: c.rule_countries ?? c.eligible_countries }))
    .filter((c) => !country || c.countries.includes(country));
  if (!eligible.length)
    throw new AppError(
      'no_transport_mode',
      `No transport mode is configured for this product on the ${channel} channel${country ? ` in ${country}` : ''}.`,
    );

  const bonusEnabled = await hasPremiumFeature(db, accountId, 'payment_bonus');
  const modes = await db
    .selectFrom('circuit_payment_modes as cp')
    .innerJoin('payment_modes as p', 'p.id', 'cp.payment_mode_id')
    .select([
      'cp.circuit_id',
      'p.id',
      'p.type',
      'p.label',
      'p.description',
      'p.long_description',
      'p.bonus_mode',
      'p.bonus_value',
      'p.bonus_cap',
    ])
    .where(
      'cp.circuit_id',
      'in',
      eligible.map((c) => c.id),
    )
    .where('p.account_id', '=', accountId)
    .where('p.status', '=', 'active')
    .orderBy('p.label')
    .orderBy('p.id')
    .execute();
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
  const referring = await db
    .selectFrom('category_referring_warehouses as crw')
    .innerJoin('organizations as o', 'o.id', 'crw.warehouse_id')
    .select(['crw.category_id', 'crw.warehouse_id'])
    .where('crw.category_id', 'in', ancestry)
    .where('o.status', '=', 'active')
    .orderBy('o.common_name')
    .orderBy('o.id')
    .execute();
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
    db
      .selectFrom('circuit_instructions')
      .select(['circuit_id', 'dispatch_circuit_rule_id', 'sequence', 'label', 'type'])
      .where((eb) =>
        eb.or([
          eb(
            'circuit_id',
            'in',
            served.map((c) => c.id),
          ),
          eb(
            'dispatch_circuit_rule_id',
            'in',
            served.map((c) => c.rule_id),
          ),
        ]),
      )
      .orderBy('sequence')
      .execute(),
    db
      .selectFrom('categories')
      .select(['id', 'highlighted_instruction'])
      .where('id', 'in', ancestry)
      .where('highlighted_instruction', 'is not', null)
      .execute(),
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

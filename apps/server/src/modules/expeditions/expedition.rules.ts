import {
  DISPATCHABLE_ITEM_STATUSES,
  type ErrorCode,
  type ItemStatus,
  LABELLED_CIRCUIT_TYPES,
  type PackageKind,
  SELF_SHIPPED_CIRCUIT_TYPES,
} from '@reprise/shared';

/**
 * What may go in a package (docs/refurbishment.md, "Expedition"), as pure rules: the service finds
 * the item and the package, these say which refusal applies, first broken rule first.
 */

/** The organisation types a package leaves from, and the package's kind for each. */
const SHIPPING_ORGANIZATION_TYPES = ['store', 'warehouse'] as const satisfies readonly PackageKind[];

export const isShippingOrganizationType = (type: string): type is PackageKind =>
  (SHIPPING_ORGANIZATION_TYPES as readonly string[]).includes(type);

/** An item as the rules read it (buyback-lifecycle/items.repository.ts, ItemRow). */
export interface ShippableItem {
  status: string;
  circuit_type: string;
  store_id: string | null;
  warehouse_id: string | null;
  destination_warehouse_id: string | null;
  dispatched_at: Date | null;
}

/** Statuses before a store sends the device: not awaiting shipment yet, or never (cancelled, lost). */
const BEFORE_STORE_SHIPMENT: readonly ItemStatus[] = [
  'item_created',
  'item_awaiting_store_drop',
  'item_cancelled',
  'item_lost_store',
];

/** Its circuit deposits it with a label: it needs a package with a carrier label. */
export const needsLabel = (circuitType: string): boolean =>
  (LABELLED_CIRCUIT_TYPES as readonly string[]).includes(circuitType);

/**
 * Why a store package leaving `originId` refuses the item, or null: another store's (or nobody's)
 * item is not awaiting shipment there; a circuit the customer or a carrier ships needs no manual
 * shipment; only an item awaiting inventory is packed, one in transit or further is already processed.
 */
function storeItemRefusal(item: ShippableItem, originId: string): ErrorCode | null {
  if (item.store_id !== originId) return 'expedition_not_awaiting_shipment';
  if ((SELF_SHIPPED_CIRCUIT_TYPES as readonly string[]).includes(item.circuit_type))
    return 'expedition_no_manual_shipment';
  if (item.status === 'item_awaiting_inventory') return null;
  return BEFORE_STORE_SHIPMENT.includes(item.status as ItemStatus)
    ? 'expedition_not_awaiting_shipment'
    : 'expedition_already_processed';
}

/**
 * Why a warehouse package leaving `originId` refuses the item, or null: it must be in that
 * warehouse, awaiting dispatch or refurbished, and not dispatched yet.
 */
function warehouseItemRefusal(item: ShippableItem, originId: string): ErrorCode | null {
  if (item.warehouse_id !== originId) return 'expedition_not_awaiting_shipment';
  if (item.dispatched_at) return 'expedition_already_processed';
  return (DISPATCHABLE_ITEM_STATUSES as readonly string[]).includes(item.status)
    ? null
    : 'expedition_not_awaiting_shipment';
}

export const itemRefusal = (kind: PackageKind, item: ShippableItem, originId: string): ErrorCode | null =>
  kind === 'store' ? storeItemRefusal(item, originId) : warehouseItemRefusal(item, originId);

/** The warehouse a store package's item travels to: its own warehouse, else its buyback's destination. */
export const itemDestination = (item: ShippableItem): string | null =>
  item.warehouse_id ?? item.destination_warehouse_id;

/**
 * Why a store package (with or without a label, going to `destinationId` once it holds an item)
 * refuses an item its kind accepts, or null.
 */
export function storePackageRefusal(
  item: ShippableItem & { circuit_type: string },
  pack: { withLabel: boolean; destinationId: string | null },
): ErrorCode | null {
  const labelled = needsLabel(item.circuit_type);
  if (labelled && !pack.withLabel) return 'expedition_item_needs_label';
  if (!labelled && pack.withLabel) return 'expedition_item_no_label';
  if (pack.destinationId && itemDestination(item) !== pack.destinationId)
    return 'expedition_other_destination';
  return null;
}

/** `PK0000000042`: the package number, from `package_number_seq`. */
export const packageNumber = (sequence: number | bigint | string): string =>
  `PK${String(sequence).padStart(10, '0')}`;

/**
 * The platform's tracking number of a package with a label, until carriers bring theirs (issue 14):
 * `RP`, the package number's digits, and a check digit (EAN weights 3 and 1).
 */
export function trackingNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  const sum = [...digits].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `RP${digits}${(10 - (sum % 10)) % 10}`;
}

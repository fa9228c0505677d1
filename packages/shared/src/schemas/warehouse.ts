import { z } from 'zod';
import { BUYBACK_STATUSES, ITEM_STATUSES } from './buybacks';
import { DEVICE_CHECK_RESULTS } from './device-check';

/**
 * Items in the warehouse (issue 12): the codes a scanner reads, the
 * item as the warehouse sees it and its history. The commands of each screen (check-in, control,
 * litigation, quarantine, loss, verification, dispatch rules) have their schemas beside this file.
 */

/** The native stocks every warehouse has. */
export const NATIVE_STOCK_KINDS = [
  'awaiting_control',
  'refurbishment_completed',
  'customer_return',
  'in_quarantine',
  'to_refurbish',
] as const;
export type NativeStockKind = (typeof NATIVE_STOCK_KINDS)[number];

/**
 * A warehouse code: 8 or 13 characters. 13 digits are an item's
 * or a buyback's identification number; 8 are the last 8 digits of an item's number (a short
 * label), which may match several items.
 */
export const WAREHOUSE_CODE_LENGTHS = [8, 13] as const;
export const warehouseCode = () =>
  z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .refine((v) => v.length === 8 || v.length === 13, { message: 'code_length_invalid' });

export const WarehouseCodeParams = z.object({ code: warehouseCode() });
export type WarehouseCodeParams = z.infer<typeof WarehouseCodeParams>;

/** Why an item was put in quarantine. */
export const QUARANTINE_REASONS = [
  'locked',
  'stolen_suspicion',
  'blacklisted_imei',
  'counterfeit',
  'not_matching',
  'other',
] as const;
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number];

/** One change of an item's status or stock: who, when, where, why. */
export const ItemEventResponse = z.object({
  at: z.string(),
  fromStatus: z.enum(ITEM_STATUSES).nullable(),
  toStatus: z.enum(ITEM_STATUSES),
  by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The store or warehouse it happened at. */
  place: z.object({ id: z.uuid(), commonName: z.string() }).nullable(),
  stock: z
    .object({ id: z.uuid(), name: z.string(), nativeKind: z.enum(NATIVE_STOCK_KINDS).nullable() })
    .nullable(),
  /** A code (checkin, control, quarantine, loss, loss_reverted, sent, litigation_accepted…). */
  reason: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ItemEventResponse = z.infer<typeof ItemEventResponse>;

/** An item as the warehouse (and the retailer) sees it. */
export const ItemResponse = z.object({
  id: z.uuid(),
  identificationNumber: z.string(),
  status: z.enum(ITEM_STATUSES),
  buyback: z.object({
    id: z.uuid(),
    identificationNumber: z.string(),
    status: z.enum(BUYBACK_STATUSES),
    accountId: z.uuid(),
    /** The retailer's name (an operator works for several). */
    retailerName: z.string(),
    circuitType: z.string(),
    declaredState: z.string(),
    declaredPriceCents: z.number().int(),
    currency: z.string(),
    createdAt: z.string(),
  }),
  product: z.object({
    id: z.uuid(),
    name: z.string(),
    brand: z.string().nullable(),
    imageUrl: z.string().nullable(),
  }),
  category: z.object({ id: z.uuid(), label: z.string() }),
  imei: z.string().nullable(),
  serialNumber: z.string().nullable(),
  warehouse: z.object({ id: z.uuid(), commonName: z.string() }).nullable(),
  stock: z
    .object({ id: z.uuid(), name: z.string(), nativeKind: z.enum(NATIVE_STOCK_KINDS).nullable() })
    .nullable(),
  purchasePriceCents: z.number().int(),
  controlledPriceCents: z.number().int().nullable(),
  validatedPriceCents: z.number().int().nullable(),
  controlledState: z.string().nullable(),
  warehouseComment: z.string().nullable(),
  quarantineReason: z.enum(QUARANTINE_REASONS).nullable(),
  registeredAt: z.string().nullable(),
  controlledAt: z.string().nullable(),
  latestMoveAt: z.string().nullable(),
});
export type ItemResponse = z.infer<typeof ItemResponse>;

/**
 * `POST /warehouse/checkin`: the item registered, with the device check made at check-in
 * (docs/device-check.md); null when the item has no IMEI or its retailer no device-check connector.
 * A device reported lost or stolen is proposed for quarantine.
 */
export const CheckinItemResponse = ItemResponse.extend({
  deviceCheck: z
    .object({
      result: z.enum(DEVICE_CHECK_RESULTS),
      checkedAt: z.string(),
      quarantineProposed: z.boolean(),
    })
    .nullable(),
});
export type CheckinItemResponse = z.infer<typeof CheckinItemResponse>;

export const ItemHistoryResponse = z.object({ member: z.array(ItemEventResponse) });
export type ItemHistoryResponse = z.infer<typeof ItemHistoryResponse>;

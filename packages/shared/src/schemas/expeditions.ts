import { z } from 'zod';
import { type BuybackCircuitType, COMPLETED_ITEM_STATUSES, ITEM_STATUSES, type ItemStatus } from './buybacks';
import { collectionOf, queryBoolean, queryPage, SortDirection } from './common';

/**
 * Expedition (issue 13): packages filled by scanning items, closed
 * (then unchangeable), each with its label and packing list (PDF), listed in the transports list.
 * A package leaves a store (buybacks sent to their warehouse: closing moves its items to in
 * transit) or a warehouse (items awaiting dispatch or refurbished: closing dispatches them).
 * Permission `buyback_item.send`.
 */

export const PACKAGE_KINDS = ['store', 'warehouse'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

export const PACKAGE_STATUSES = ['open', 'closed'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** The item statuses a warehouse package takes: awaiting dispatch, or refurbished (docs/refurbishment.md). */
export const DISPATCHABLE_ITEM_STATUSES = [
  ...COMPLETED_ITEM_STATUSES,
  'item_refurb_completed',
] as const satisfies readonly ItemStatus[];

/** Circuits whose product the customer or a carrier ships: a store never packs them. */
export const SELF_SHIPPED_CIRCUIT_TYPES = [
  'web_post',
  'store_collect',
  'web_collect',
] as const satisfies readonly BuybackCircuitType[];

/** Circuits that deposit the product with a label: it travels in a package with a carrier label. */
export const LABELLED_CIRCUIT_TYPES = [
  'store_drop_label',
  'web_drop_label',
] as const satisfies readonly BuybackCircuitType[];

/**
 * A code as scanned into a package: checked by the service (`resolveItem`), so that a code of the
 * wrong length answers the problem `code_length_invalid` as the check-in does.
 */
const scannedCode = () => z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(64);

/** `POST /packages`: opened at the user's current organisation (a store or a warehouse). */
export const CreatePackageRequest = z.object({
  /** A carrier label for the package (`/packing-with-label`), or handed over without one. */
  withLabel: z.boolean({ message: 'required' }),
  /** Where it leaves from: one of the user's stores or warehouses (default: the current organisation). */
  originOrganizationId: z.uuid().optional(),
});
export type CreatePackageRequest = z.infer<typeof CreatePackageRequest>;

/** `POST /packages/{id}/items` { code }: a scanned item (8 or 13 characters) or buyback (13). */
export const AddPackageItemRequest = z.object({ code: scannedCode() });
export type AddPackageItemRequest = z.infer<typeof AddPackageItemRequest>;

/** `DELETE /packages/{id}/items/{itemId}`. */
export const PackageItemParams = z.object({
  id: z.uuid({ message: 'invalid_uuid' }),
  itemId: z.uuid({ message: 'invalid_uuid' }),
});

/**
 * `GET /expedition/eligibility?code=` (or `?itemId=`, the `/expedition?itemId=` screen): whether an
 * item may leave the user's current organisation, before choosing a package.
 */
export const ExpeditionEligibilityQuery = z
  .object({ code: scannedCode().optional(), itemId: z.uuid({ message: 'invalid_uuid' }).optional() })
  .refine((q) => q.code !== undefined || q.itemId !== undefined, { message: 'required', path: ['code'] });
export type ExpeditionEligibilityQuery = z.infer<typeof ExpeditionEligibilityQuery>;
export const ExpeditionEligibilityResponse = z.object({
  itemId: z.uuid(),
  identificationNumber: z.string(),
  /** The package it would travel in: from a store or from a warehouse. */
  kind: z.enum(PACKAGE_KINDS),
  /** The item needs a package with a carrier label (its circuit ships with a label). */
  needsLabel: z.boolean(),
  productName: z.string(),
  buyback: z.object({ id: z.uuid(), identificationNumber: z.string() }),
});
export type ExpeditionEligibilityResponse = z.infer<typeof ExpeditionEligibilityResponse>;

export const PackageItemResponse = z.object({
  id: z.uuid(),
  identificationNumber: z.string(),
  status: z.enum(ITEM_STATUSES),
  buyback: z.object({ id: z.uuid(), identificationNumber: z.string() }),
  productName: z.string(),
  productBrand: z.string().nullable(),
  imei: z.string().nullable(),
  addedAt: z.string(),
});
export type PackageItemResponse = z.infer<typeof PackageItemResponse>;

export const PackageResponse = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  withLabel: z.boolean(),
  status: z.enum(PACKAGE_STATUSES),
  origin: z.object({ id: z.uuid(), commonName: z.string(), type: z.string() }),
  destination: z.object({ id: z.uuid(), commonName: z.string() }).nullable(),
  trackingNumber: z.string().nullable(),
  itemCount: z.number().int(),
  items: z.array(PackageItemResponse),
  createdAt: z.string(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type PackageResponse = z.infer<typeof PackageResponse>;

/** `GET /packages`: the transports list (`/transports-list`). */
export const ListPackagesQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  status: z.enum(PACKAGE_STATUSES).optional(),
  kind: z.enum(PACKAGE_KINDS).optional(),
  /** A package number, or the code of an item in it. */
  search: z.string().trim().max(64).optional(),
  /** The packages leaving this store or warehouse (the open ones `/start-expedition` resumes). */
  originOrganizationId: z.uuid({ message: 'invalid_uuid' }).optional(),
  withLabel: queryBoolean().optional(),
  'order[createdAt]': SortDirection.optional(),
});
export type ListPackagesQuery = z.infer<typeof ListPackagesQuery>;

export const PackageSummaryResponse = PackageResponse.omit({ items: true });
export type PackageSummaryResponse = z.infer<typeof PackageSummaryResponse>;
export const PackageCollectionResponse = collectionOf(PackageSummaryResponse);

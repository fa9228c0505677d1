import type {
  DeviceCheckFlaggedAction,
  OrganizationRootDetailResponse,
  PatchOrganizationRootDetailRequest,
  WarehouseCheckinRequirement,
} from '@reprise/shared';

/** The brand (tim) screen's form: contacts and user experience. */
export type BrandValues = {
  sellerSupportEmail: string;
  categoryNavigationEnabled: boolean;
  customerIdentityDocumentRequired: boolean;
  barCodeEnabled: boolean;
  tagPriceEnabled: boolean;
  /** What the store wizard does with a device reported lost or stolen (docs/device-check.md). */
  deviceCheckFlaggedAction: DeviceCheckFlaggedAction;
  deviceCheckOutageBlocks: boolean;
  /** Whole units of the account's currency; '' while the input is empty. */
  cartMinValue: number | string;
  /** Days a customer's tracking link still opens after its buyback ended; '' while empty. */
  trackingLinkDaysAfterEnd: number | string;
  buybackZeroDescription: string;
  noSearchResultDescription: string;
};

/** The buyer (lcm) screen's form: warehouse comments, check-in, buyer payment. */
export type BuyerValues = {
  isWarehouseCommentMandatory: boolean;
  isWarehouseCommentSharedToClient: boolean;
  warehouseCheckinRequirement: WarehouseCheckinRequirement;
  buyerPaymentEnabled: boolean;
};

export const brandValuesOf = (d: OrganizationRootDetailResponse): BrandValues => ({
  sellerSupportEmail: d.sellerSupportEmail ?? '',
  categoryNavigationEnabled: d.categoryNavigationEnabled,
  customerIdentityDocumentRequired: d.customerIdentityDocumentRequired,
  barCodeEnabled: d.barCodeEnabled,
  tagPriceEnabled: d.tagPriceEnabled,
  deviceCheckFlaggedAction: d.deviceCheckFlaggedAction,
  deviceCheckOutageBlocks: d.deviceCheckOutageBlocks,
  cartMinValue: d.cartMinValue,
  trackingLinkDaysAfterEnd: d.trackingLinkDaysAfterEnd,
  buybackZeroDescription: d.buybackZeroDescription ?? '',
  noSearchResultDescription: d.noSearchResultDescription ?? '',
});

export const buyerValuesOf = (d: OrganizationRootDetailResponse): BuyerValues => ({
  isWarehouseCommentMandatory: d.isWarehouseCommentMandatory,
  isWarehouseCommentSharedToClient: d.isWarehouseCommentSharedToClient,
  warehouseCheckinRequirement: d.warehouseCheckinRequirement,
  buyerPaymentEnabled: d.buyerPaymentEnabled,
});

const textOrNull = (value: string) => value.trim() || null;

/**
 * The request of the brand form: an empty text clears it (null); an empty cart minimum is sent as
 * null, which the shared schema refuses with `positive_integer` on the field.
 */
export const brandRequestOf = (v: BrandValues): PatchOrganizationRootDetailRequest => ({
  sellerSupportEmail: textOrNull(v.sellerSupportEmail),
  categoryNavigationEnabled: v.categoryNavigationEnabled,
  customerIdentityDocumentRequired: v.customerIdentityDocumentRequired,
  barCodeEnabled: v.barCodeEnabled,
  tagPriceEnabled: v.tagPriceEnabled,
  deviceCheckFlaggedAction: v.deviceCheckFlaggedAction,
  deviceCheckOutageBlocks: v.deviceCheckOutageBlocks,
  cartMinValue: (v.cartMinValue === '' ? null : Number(v.cartMinValue)) as number,
  trackingLinkDaysAfterEnd: (v.trackingLinkDaysAfterEnd === ''
    ? null
    : Number(v.trackingLinkDaysAfterEnd)) as number,
  buybackZeroDescription: textOrNull(v.buybackZeroDescription),
  noSearchResultDescription: textOrNull(v.noSearchResultDescription),
});

export const buyerRequestOf = (v: BuyerValues): PatchOrganizationRootDetailRequest => ({ ...v });

/** The merge-patch of a form: only the fields whose value differs from the saved root details. */
export function changedFields(
  request: PatchOrganizationRootDetailRequest,
  saved: OrganizationRootDetailResponse,
): PatchOrganizationRootDetailRequest {
  return Object.fromEntries(
    Object.entries(request).filter(
      ([field, value]) => value !== saved[field as keyof OrganizationRootDetailResponse],
    ),
  ) as PatchOrganizationRootDetailRequest;
}

import { z } from 'zod';
import { CURRENCIES, LOCALES, PREMIUM_FEATURES, WAREHOUSE_CHECKIN_REQUIREMENTS } from '../enums';
import { email, hexColor, int4 } from '../validation';
import { DEVICE_CHECK_FLAGGED_ACTIONS } from './device-check';

export const AccountResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  companyCountry: z.string(),
  language: z.enum(LOCALES),
  currency: z.enum(CURRENCIES),
  emailDPO: z.string().nullable(),
  mainColor: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  isBuyerAndWorkshopsSupervisor: z.boolean(),
  isRetailer: z.boolean(),
});
export type AccountResponse = z.infer<typeof AccountResponse>;

export const UpdateDesignRequest = z.object({ mainColor: hexColor() });
export type UpdateDesignRequest = z.infer<typeof UpdateDesignRequest>;

/**
 * The policy files of the root details, by their path segment: the terms of use (eula), the terms
 * of service and the FAQ and contact. Each is a PDF, one file, up to 250 kB.
 */
export const POLICY_FILES = ['eula', 'service-terms', 'faq-and-contact'] as const;
export type PolicyFile = (typeof POLICY_FILES)[number];

/** `/organization-root-details/{id}/files/{document}`. */
export const PolicyFileParams = z.object({
  id: z.uuid({ message: 'invalid_uuid' }),
  document: z.enum(POLICY_FILES),
});
export type PolicyFileParams = z.infer<typeof PolicyFileParams>;

/** The root details' features and switches, read and written alike. */
const ROOT_DETAIL_FEATURES = {
  enabledPremiumFeatures: z.array(z.enum(PREMIUM_FEATURES)),
  categoryNavigationEnabled: z.boolean(),
  customerIdentityDocumentRequired: z.boolean(),
  warehouseCheckinRequirement: z.enum(WAREHOUSE_CHECKIN_REQUIREMENTS),
  barCodeEnabled: z.boolean(),
  tagPriceEnabled: z.boolean(),
  buyerPaymentEnabled: z.boolean(),
  /** What the store wizard does with a device reported lost or stolen (docs/device-check.md). */
  deviceCheckFlaggedAction: z.enum(DEVICE_CHECK_FLAGGED_ACTIONS, { message: 'invalid_value' }),
  /** A device-check provider that does not answer refuses the store buyback. */
  deviceCheckOutageBlocks: z.boolean(),
};

export const OrganizationRootDetailResponse = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  sellerSupportEmail: z.string().nullable(),
  eula: z.string().nullable(),
  serviceTerms: z.string().nullable(),
  faqAndContact: z.string().nullable(),
  isWarehouseCommentMandatory: z.boolean(),
  isWarehouseCommentSharedToClient: z.boolean(),
  buybackZeroDescription: z.string().nullable(),
  noSearchResultDescription: z.string().nullable(),
  ...ROOT_DETAIL_FEATURES,
  cartMinValue: z.number().int(),
  /** Days a customer's tracking link still opens after its buyback ended (docs/tracking.md). */
  trackingLinkDaysAfterEnd: z.number().int(),
  /** The back-office download URLs of the policy files (versioned); null when none is uploaded. */
  eulaFile: z.string().nullable(),
  serviceTermsFile: z.string().nullable(),
  faqAndContactFile: z.string().nullable(),
});
export type OrganizationRootDetailResponse = z.infer<typeof OrganizationRootDetailResponse>;

const longText = z.string().trim().max(5000, { message: 'too_long' }).nullable();
const POSITIVE_INTEGER = { message: 'positive_integer' };

/** Merge-patch of the root details: every field optional, null clears a text. */
export const PatchOrganizationRootDetailRequest = z
  .object({
    sellerSupportEmail: email().nullable(),
    eula: longText,
    serviceTerms: longText,
    faqAndContact: longText,
    isWarehouseCommentMandatory: z.boolean(),
    isWarehouseCommentSharedToClient: z.boolean(),
    buybackZeroDescription: longText,
    noSearchResultDescription: longText,
    ...ROOT_DETAIL_FEATURES,
    /** Positive integer only; 0 is the default and means no minimum. */
    cartMinValue: int4(z.number(POSITIVE_INTEGER).int(POSITIVE_INTEGER)).min(0, POSITIVE_INTEGER),
    /** 1 to 3,650 days (ten years); 90 by default. */
    trackingLinkDaysAfterEnd: z
      .number({ message: 'tracking_link_days' })
      .int({ message: 'tracking_link_days' })
      .min(1, { message: 'tracking_link_days' })
      .max(3650, { message: 'tracking_link_days' }),
  })
  .partial()
  .strict();
export type PatchOrganizationRootDetailRequest = z.infer<typeof PatchOrganizationRootDetailRequest>;

/** `/account/{accountId}/…`: the account named in the path. */
export const AccountIdParams = z.object({ accountId: z.uuid({ message: 'invalid_uuid' }) });
export type AccountIdParams = z.infer<typeof AccountIdParams>;

/** A buyer account a retailer may use, with the warehouses that may receive its products. */
const LinkedBuyer = z.object({
  accountId: z.uuid(),
  name: z.string(),
  warehouses: z.array(z.object({ id: z.uuid(), commonName: z.string() })),
});

/** The linked buyers of an account (/account/{accountId}/linked-buyers). */
export const LinkedBuyersResponse = z.object({ accountId: z.uuid(), buyers: z.array(LinkedBuyer) });
export type LinkedBuyersResponse = z.infer<typeof LinkedBuyersResponse>;

/** Replaces the linked buyers of an account: the buyer accounts it may use, by id. */
export const PutLinkedBuyersRequest = z
  .object({
    buyerAccountIds: z.array(z.uuid({ message: 'invalid_uuid' })).max(100, { message: 'too_many' }),
  })
  .strict();
export type PutLinkedBuyersRequest = z.infer<typeof PutLinkedBuyersRequest>;

/**
 * The extension member of the 422 refusing to unlink a buyer that categories still name
 * (`linked_buyer_in_use`): those categories, by label.
 */
export const LinkedBuyerInUseProblem = z.object({
  categoriesInUse: z.array(z.object({ id: z.uuid(), label: z.string(), buyerAccountId: z.uuid() })),
});
export type LinkedBuyerInUseProblem = z.infer<typeof LinkedBuyerInUseProblem>;

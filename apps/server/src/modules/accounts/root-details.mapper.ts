import type {
  OrganizationRootDetailResponse,
  PatchOrganizationRootDetailRequest,
  PolicyFile,
} from '@reprise/shared';
import type { Selectable, Updateable } from 'kysely';
import type { OrganizationRootDetailsTable } from '../../platform/db.types';
import { imageVersion } from './account-images';

type Row = Selectable<OrganizationRootDetailsTable>;

/** The column holding each policy file's storage key. */
export const POLICY_FILE_COLUMN = {
  eula: 'eula_file_key',
  'service-terms': 'service_terms_file_key',
  'faq-and-contact': 'faq_and_contact_file_key',
} as const satisfies Record<PolicyFile, keyof OrganizationRootDetailsTable>;

/** The back-office URL of a policy file, versioned by its key so that a replaced file is fetched anew. */
const policyFileUrl = (id: string, document: PolicyFile, key: string | null) =>
  key ? `/api/organization-root-details/${id}/files/${document}?v=${imageVersion(key)}` : null;

/** The public site's URL of a policy file (the site's own host names the account). */
export const publicPolicyFileUrl = (document: PolicyFile, key: string | null) =>
  key ? `/api/white-label/legal/${document}?v=${imageVersion(key)}` : null;

export function toRootDetailResponse(row: Row): OrganizationRootDetailResponse {
  return {
    id: row.id,
    accountId: row.account_id,
    sellerSupportEmail: row.seller_support_email,
    eula: row.eula,
    serviceTerms: row.service_terms,
    faqAndContact: row.faq_and_contact,
    isWarehouseCommentMandatory: row.is_warehouse_comment_mandatory,
    isWarehouseCommentSharedToClient: row.is_warehouse_comment_shared_to_client,
    buybackZeroDescription: row.buyback_zero_description,
    noSearchResultDescription: row.no_search_result_description,
    enabledPremiumFeatures:
      row.enabled_premium_features as OrganizationRootDetailResponse['enabledPremiumFeatures'],
    categoryNavigationEnabled: row.category_navigation_enabled,
    customerIdentityDocumentRequired: row.customer_identity_document_required,
    warehouseCheckinRequirement:
      row.warehouse_checkin_requirement as OrganizationRootDetailResponse['warehouseCheckinRequirement'],
    barCodeEnabled: row.bar_code_enabled,
    tagPriceEnabled: row.tag_price_enabled,
    buyerPaymentEnabled: row.buyer_payment_enabled,
    deviceCheckFlaggedAction:
      row.device_check_flagged_action as OrganizationRootDetailResponse['deviceCheckFlaggedAction'],
    deviceCheckOutageBlocks: row.device_check_outage_blocks,
    cartMinValue: row.cart_min_value,
    trackingLinkDaysAfterEnd: row.tracking_link_days_after_end,
    eulaFile: policyFileUrl(row.id, 'eula', row.eula_file_key),
    serviceTermsFile: policyFileUrl(row.id, 'service-terms', row.service_terms_file_key),
    faqAndContactFile: policyFileUrl(row.id, 'faq-and-contact', row.faq_and_contact_file_key),
  };
}

const COLUMN: {
  [K in keyof Required<PatchOrganizationRootDetailRequest>]: keyof OrganizationRootDetailsTable;
} = {
  sellerSupportEmail: 'seller_support_email',
  eula: 'eula',
  serviceTerms: 'service_terms',
  faqAndContact: 'faq_and_contact',
  isWarehouseCommentMandatory: 'is_warehouse_comment_mandatory',
  isWarehouseCommentSharedToClient: 'is_warehouse_comment_shared_to_client',
  buybackZeroDescription: 'buyback_zero_description',
  noSearchResultDescription: 'no_search_result_description',
  enabledPremiumFeatures: 'enabled_premium_features',
  categoryNavigationEnabled: 'category_navigation_enabled',
  customerIdentityDocumentRequired: 'customer_identity_document_required',
  warehouseCheckinRequirement: 'warehouse_checkin_requirement',
  barCodeEnabled: 'bar_code_enabled',
  tagPriceEnabled: 'tag_price_enabled',
  buyerPaymentEnabled: 'buyer_payment_enabled',
  deviceCheckFlaggedAction: 'device_check_flagged_action',
  deviceCheckOutageBlocks: 'device_check_outage_blocks',
  cartMinValue: 'cart_min_value',
  trackingLinkDaysAfterEnd: 'tracking_link_days_after_end',
};

/** The columns a merge-patch writes; absent fields are left as they are. */
export function toRootDetailColumns(
  patch: PatchOrganizationRootDetailRequest,
): Updateable<OrganizationRootDetailsTable> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value !== undefined) columns[COLUMN[field as keyof typeof COLUMN]] = value;
  }
  return columns as Updateable<OrganizationRootDetailsTable>;
}

import type { OrganizationRootDetailResponse, PatchOrganizationRootDetailRequest } from '@reprise/shared';
import type { Selectable, Updateable } from 'kysely';
import type { OrganizationRootDetailsTable } from '../../platform/db.types';

type Row = Selectable<OrganizationRootDetailsTable>;

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
    cartMinValue: row.cart_min_value,
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
  cartMinValue: 'cart_min_value',
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

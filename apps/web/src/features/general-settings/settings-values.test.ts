import { type OrganizationRootDetailResponse, PatchOrganizationRootDetailRequest } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  brandRequestOf,
  brandValuesOf,
  buyerRequestOf,
  buyerValuesOf,
  changedFields,
} from './settings-values';

const saved: OrganizationRootDetailResponse = {
  id: '00000000-0000-4000-8000-000000000001',
  accountId: '00000000-0000-4000-8000-000000000002',
  sellerSupportEmail: 'support@demo-retail.test',
  eula: null,
  serviceTerms: null,
  faqAndContact: null,
  isWarehouseCommentMandatory: false,
  isWarehouseCommentSharedToClient: false,
  buybackZeroDescription: null,
  noSearchResultDescription: 'Nothing found',
  enabledPremiumFeatures: ['sftp_access'],
  categoryNavigationEnabled: true,
  customerIdentityDocumentRequired: false,
  warehouseCheckinRequirement: 'optional',
  barCodeEnabled: false,
  tagPriceEnabled: false,
  buyerPaymentEnabled: false,
  deviceCheckFlaggedAction: 'warn',
  deviceCheckOutageBlocks: false,
  cartMinValue: 0,
  trackingLinkDaysAfterEnd: 90,
  eulaFile: null,
  serviceTermsFile: null,
  faqAndContactFile: null,
};

describe('general settings form', () => {
  it('the tracking link days are a whole number from 1 to 3,650, refused on their field otherwise', () => {
    for (const trackingLinkDaysAfterEnd of ['', 0, 3651, 1.5]) {
      const result = PatchOrganizationRootDetailRequest.safeParse(
        brandRequestOf({ ...brandValuesOf(saved), trackingLinkDaysAfterEnd }),
      );
      expect(result.success, String(trackingLinkDaysAfterEnd)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['trackingLinkDaysAfterEnd'],
        message: 'tracking_link_days',
      });
    }
    expect(
      changedFields(brandRequestOf({ ...brandValuesOf(saved), trackingLinkDaysAfterEnd: 30 }), saved),
    ).toEqual({
      trackingLinkDaysAfterEnd: 30,
    });
  });

  it('an untouched form patches nothing', () => {
    expect(changedFields(brandRequestOf(brandValuesOf(saved)), saved)).toEqual({});
    expect(changedFields(buyerRequestOf(buyerValuesOf(saved)), saved)).toEqual({});
  });

  it('sends only the fields changed; an emptied text is cleared with null', () => {
    const values = { ...brandValuesOf(saved), cartMinValue: 25, noSearchResultDescription: '  ' };
    expect(changedFields(brandRequestOf(values), saved)).toEqual({
      cartMinValue: 25,
      noSearchResultDescription: null,
    });
    const buyer = { ...buyerValuesOf(saved), warehouseCheckinRequirement: 'disabled' as const };
    expect(changedFields(buyerRequestOf(buyer), saved)).toEqual({ warehouseCheckinRequirement: 'disabled' });
  });

  it('an empty or negative cart minimum is refused on its field as positive_integer', () => {
    for (const cartMinValue of ['', -5, 2.5]) {
      const result = PatchOrganizationRootDetailRequest.safeParse(
        brandRequestOf({ ...brandValuesOf(saved), cartMinValue }),
      );
      expect(result.success, String(cartMinValue)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['cartMinValue'], message: 'positive_integer' });
    }
  });
});

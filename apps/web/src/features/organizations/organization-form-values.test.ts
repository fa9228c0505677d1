import { CreateOrganizationRequest, EXTERNAL_ID_MAX, type OrganizationResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  linksToBuyer,
  missingFields,
  needsParent,
  organizationFormValues,
  organizationPatch,
  toOrganizationRequest,
} from './organization-form-values';

const MANAGEMENT_UNIT = '00000000-0000-4000-8000-000000000202';
const BUYER = '00000000-0000-4000-8000-000000000209';

const store: OrganizationResponse = {
  id: '00000000-0000-4000-8000-000000000205',
  accountId: '00000000-0000-4000-8000-000000000102',
  commonName: 'Demo Retail Lille Rue Neuve',
  corporateName: null,
  siret: null,
  capital: null,
  address: { street: '31 Rue Neuve', streetMore: null, zip: '59800', city: 'Lille', country: 'FR' },
  latitude: 50.6369,
  longitude: 3.0643,
  geocodedByUser: false,
  placeEmail: 'lille@demo-retail.test',
  status: 'active',
  type: 'store',
  moduleType: 'tim',
  parentOrganizationId: MANAGEMENT_UNIT,
  parentCommonName: 'Direction France',
  externalId: 'DR-LIL-01',
  defaultWarehouse: null,
  buyer: BUYER,
  createdAt: '2026-01-05T10:00:00.000Z',
};

describe('organisation form values', () => {
  it('requires a type, and a parent for the types that attach to one', () => {
    expect(missingFields(organizationFormValues())).toEqual(['type']);
    expect(missingFields({ ...organizationFormValues(), type: 'store' })).toEqual(['parentOrganizationId']);
    expect(missingFields({ ...organizationFormValues(), type: 'buyer' })).toEqual([]);
    expect(needsParent('root_management_unit')).toBe(false);
  });

  it('links only retail organisations to a buyer', () => {
    expect(linksToBuyer('store')).toBe(true);
    expect(linksToBuyer('warehouse')).toBe(false);
    const warehouse = { ...organizationFormValues(store), type: 'warehouse' as const };
    expect(toOrganizationRequest(warehouse)).toMatchObject({ buyer: null, defaultWarehouse: null });
  });

  it('turns empty inputs into nulls the shared schema accepts', () => {
    const request = CreateOrganizationRequest.parse(toOrganizationRequest(organizationFormValues(store)));
    expect(request).toMatchObject({ corporateName: null, siret: null, capital: null, latitude: 50.6369 });
    expect(request.address.streetMore).toBeNull();
  });

  it('refuses an external id longer than 45 characters and a latitude out of range', () => {
    const values = {
      ...organizationFormValues(store),
      externalId: 'x'.repeat(EXTERNAL_ID_MAX + 1),
      latitude: 91,
    };
    const result = CreateOrganizationRequest.safeParse(toOrganizationRequest(values));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({ externalId: 'too_long', latitude: 'latitude_range' });
  });

  it('keeps typed text that is not a number invalid', () => {
    const values = { ...organizationFormValues(store), longitude: '-' };
    expect(CreateOrganizationRequest.safeParse(toOrganizationRequest(values)).success).toBe(false);
  });

  it('patches only what changed, never the type or the buyer', () => {
    const initial = organizationFormValues(store);
    expect(organizationPatch(initial, initial)).toEqual({});
    const changed = {
      ...initial,
      commonName: 'Demo Retail Lille',
      address: { ...initial.address, zip: '59000' },
    };
    expect(organizationPatch(initial, changed)).toEqual({
      commonName: 'Demo Retail Lille',
      address: { street: '31 Rue Neuve', streetMore: null, zip: '59000', city: 'Lille', country: 'FR' },
    });
  });
});

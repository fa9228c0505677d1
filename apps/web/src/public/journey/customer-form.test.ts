import { describe, expect, it } from 'vitest';
import { type CustomerValues, defaultCountry, emptyCustomer, validateCustomer } from './customer-form';

const values = (over: Partial<CustomerValues> = {}): CustomerValues => ({
  ...emptyCustomer('FR'),
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille.durand@example.com',
  phone: '06 12 34 56 78',
  street: '12 rue de la Paix',
  zip: '75002',
  city: 'Paris',
  identification: { type: 'identity_card', number: 'X4RTBPFW4', deliveryDate: '', issuingAuthority: '' },
  iban: '',
  ...over,
});

const rules = { identityDocumentRequired: false, ibanRequired: false, countries: ['BE', 'FR'] };

describe('the public customer form', () => {
  it('refuses a French postcode of letters, with the other errors of the form', () => {
    expect(validateCustomer(values(), rules)).toEqual({});
    expect(validateCustomer(values({ zip: 'ABCDE', city: '' }), rules)).toEqual({
      zip: 'zip_country_format',
      city: 'required',
    });
    expect(validateCustomer(values({ zip: '1000', country: 'BE' }), rules)).toEqual({});
  });

  it('refuses a country the circuits of the site do not serve', () => {
    expect(validateCustomer(values({ country: 'DE', zip: '10115' }), rules)).toEqual({
      country: 'country_not_served',
    });
  });

  it('starts with the only country served, else the account language country when served', () => {
    expect(defaultCountry(['BE'], 'fr-FR')).toBe('BE');
    expect(defaultCountry(['BE', 'FR'], 'fr-FR')).toBe('FR');
    expect(defaultCountry(['BE', 'NL'], 'fr-FR')).toBe('');
    expect(defaultCountry([], 'fr-FR')).toBe('');
  });
});

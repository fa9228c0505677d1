import { describe, expect, it } from 'vitest';
import { flatPrice } from '../../lib/flat-price.test-support';
import type { Cart } from './cart';
import {
  acceptTerms,
  idsOf,
  readConfirmation,
  saveConfirmation,
  termsAcceptedFor,
  webCheckoutBody,
} from './checkout';
import { emptyCustomer, validateCustomer } from './customer-form';
import { readIban, readTemporaryCustomer, saveIban, saveTemporaryCustomer } from './customer-store';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const customer = {
  ...emptyCustomer('FR'),
  firstName: 'Jeanne',
  lastName: 'Martin',
  email: 'jeanne@example.test',
  phone: '06 12 34 56 78',
  street: '1 rue de la Paix',
  zip: '75002',
  city: 'Paris',
  identification: { type: 'identity_card', number: 'AB12345', deliveryDate: '', issuingAuthority: '' },
};

const cart: Cart = {
  version: 1,
  id: 'cart-1',
  accountId: 'acc',
  createdAt: 0,
  expiresAt: 1,
  customer,
  checkoutKey: 'key-12345678',
  buybacks: [
    {
      inCartId: 'line-1',
      productId: 'p1',
      product: { id: 'p1', name: 'Phone', brand: null, imageUrl: null },
      answers: [{ questionId: 'q', answerIds: ['a'] }],
      answerSummary: [],
      imei: '353325091234561',
      shippingMethod: { id: 's1', name: 'Post', type: 'web_post', depositType: 'post' },
      paymentMethod: { id: 'pm1', type: 'bank_transfer', label: 'Virement', iban: true },
      price: flatPrice('functional', 100),
      addedAt: 0,
    },
  ],
};

describe('the web checkout', () => {
  it('sends the web channel, the lines without prices, the customer with the IBAN, the terms accepted', () => {
    const body = webCheckoutBody(cart, 'FR76 3000 6000 0112 3456 7890 189');
    expect(body).toEqual({
      channel: 'web',
      buybacks: [
        {
          inCartId: 'line-1',
          productId: 'p1',
          answers: [{ questionId: 'q', answerIds: ['a'] }],
          imei: '353325091234561',
          shippingMethodId: 's1',
          paymentModeId: 'pm1',
        },
      ],
      customer: { ...customer, iban: 'FR76 3000 6000 0112 3456 7890 189' },
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      termsAccepted: true,
    });
    expect(JSON.stringify(body)).not.toContain('totalCents');
    expect(webCheckoutBody(cart, '  ').iban).toBeNull();
  });

  it('the terms are accepted for one checkout attempt only', () => {
    const storage = memoryStorage();
    expect(termsAcceptedFor('key-1', storage)).toBe(false);
    acceptTerms('key-1', storage);
    expect(termsAcceptedFor('key-1', storage)).toBe(true);
    expect(termsAcceptedFor('key-2', storage)).toBe(false);
    expect(termsAcceptedFor(null, storage)).toBe(false);
    saveConfirmation(['b1', 'b2'], storage);
    expect(termsAcceptedFor('key-1', storage)).toBe(false);
    expect(readConfirmation(storage)).toEqual(['b1', 'b2']);
  });

  it('the documents page takes uuids only', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(idsOf(`${id}, nope,${id.toUpperCase()}`)).toEqual([id, id.toUpperCase()]);
    expect(idsOf(null)).toEqual([]);
  });
});

describe('customer information', () => {
  it('uses the store rules: identity document details and IBAN only when required', () => {
    const values = { ...customer, iban: '' };
    expect(validateCustomer(values, { identityDocumentRequired: false, ibanRequired: false })).toEqual({});
    expect(validateCustomer(values, { identityDocumentRequired: true, ibanRequired: true })).toEqual({
      'identification.deliveryDate': 'required',
      'identification.issuingAuthority': 'required',
      iban: 'required',
    });
    expect(
      validateCustomer(
        { ...values, iban: 'FR76 3000 6000 0112 3456 7890 180' },
        {
          identityDocumentRequired: false,
          ibanRequired: true,
        },
      ),
    ).toEqual({ iban: 'iban_invalid' });
    expect(
      validateCustomer(
        { ...values, email: 'nope', zip: '7', phone: '12' },
        {
          identityDocumentRequired: false,
          ibanRequired: false,
        },
      ),
    ).toEqual({ email: 'invalid_email', phone: 'phone_invalid', zip: 'too_short' });
  });

  it('temporary customer information is kept apart, per site, 30 days, loadable later', () => {
    const storage = memoryStorage();
    saveTemporaryCustomer('acc', customer, storage, 1000);
    expect(readTemporaryCustomer('acc', storage, 1000 + 29 * 24 * 3600 * 1000)).toEqual(customer);
    expect(readTemporaryCustomer('acc', storage, 1000 + 31 * 24 * 3600 * 1000)).toBeNull();
    expect(readTemporaryCustomer('other', storage, 1000)).toBeNull();
    expect(storage.getItem('reprise.public.customer')).not.toContain('iban');
  });

  it('the IBAN stays with its cart in the tab', () => {
    const storage = memoryStorage();
    saveIban('cart-1', 'FR76', storage);
    expect(readIban('cart-1', storage)).toBe('FR76');
    expect(readIban('cart-2', storage)).toBe('');
  });
});

import { CreateCartRequest, customerSchemaFor } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { flatPrice } from '../../lib/flat-price.test-support';
import { cartLimitsOf } from './cart-limits';
import type { Cart } from './cart-store';
import { checkoutBody } from './checkout-body';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const cart: Cart = {
  version: 1,
  id: id(1),
  userId: id(2),
  createdAt: 0,
  expiresAt: 1,
  storeId: id(3),
  checkoutKey: 'key-12345678',
  customer: {
    firstName: 'Camille',
    lastName: 'Durand',
    email: 'camille@example.com',
    phone: '+33 6 12 34 56 78',
    street: '12 rue de la Paix',
    streetMore: '',
    zip: '75002',
    city: 'Paris',
    country: 'FR',
    identification: { type: 'identity_card', number: 'X4RTBPFW4', deliveryDate: '', issuingAuthority: '' },
  },
  buybacks: [
    {
      inCartId: 'line-1',
      productId: id(4),
      product: { id: id(4), name: 'Phone', brand: null, model: null, imageUrl: null },
      categoryLabel: 'Smartphones',
      answers: [{ questionId: id(5), answerIds: [id(6)] }],
      answerSummary: [],
      imei: '356938035643809',
      shippingMethod: { id: id(7), name: 'Store drop', type: 'store_drop', depositType: 'drop' },
      paymentMethod: { id: id(8), type: 'bank_transfer', label: 'Transfer', iban: true },
      price: flatPrice('grade_a', 100),
      warehouseId: null,
      addedAt: 0,
    },
  ],
};

describe('checkout', () => {
  it('sends the stored cart in the shape POST /carts and the customer rules accept', () => {
    const body = checkoutBody(cart, 'FR76 3000 6000 0112 3456 7890 189');
    expect(CreateCartRequest.safeParse(body).success).toBe(true);
    expect(body.buybacks).toEqual([
      {
        inCartId: 'line-1',
        productId: id(4),
        answers: [{ questionId: id(5), answerIds: [id(6)] }],
        imei: '356938035643809',
        shippingMethodId: id(7),
        paymentModeId: id(8),
      },
    ]);
    const customer = customerSchemaFor({ identityDocumentRequired: false, ibanRequired: true }).safeParse(
      body.customer,
    );
    expect(customer.success).toBe(true);
  });

  it('takes its limits from the buyback settings: whole units of minimum, items per cart', () => {
    expect(
      cartLimitsOf({
        customer_identity_document_required: false,
        cart_min_value: 50,
        cart_max_items: 200,
        imei_search_and_collect: true,
        currency: 'EUR',
      }),
    ).toEqual({ maxItems: 200, minimumCents: 5_000 });
    expect(cartLimitsOf(undefined)).toEqual({ maxItems: 1, minimumCents: 0 });
  });
});

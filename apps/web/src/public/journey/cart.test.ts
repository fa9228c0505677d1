import { CART_MAX_ITEMS_MULTI, CART_MAX_ITEMS_SINGLE, CART_TTL_PUBLIC_MS } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { flatPrice } from '../../lib/flat-price.test-support';
import {
  CART_MAX_MULTI,
  CART_MAX_SINGLE,
  type Cart,
  type CartLine,
  canAddAnother,
  canContinue,
  cartTotalCents,
  maxItemsOf,
  missingToMinimumCents,
  needsIban,
  PUBLIC_CART_TTL_MS,
  parseCart,
  withCheckoutKey,
  withCustomer,
  withLine,
  withoutLine,
} from './cart';
import { emptyCustomer } from './customer-form';

const ACCOUNT = 'acc-1';
const NOW = Date.UTC(2026, 10, 23, 12);
let counter = 0;
const newId = () => `id-${++counter}`;

const line = (totalCents: number, iban = false, inCartId = newId()): CartLine => ({
  inCartId,
  productId: 'p',
  product: { id: 'p', name: 'Phone', brand: null, imageUrl: null },
  answers: [],
  answerSummary: [],
  imei: null,
  shippingMethod: { id: 's', name: 'Post', type: 'web_post', depositType: 'post' },
  paymentMethod: { id: 'pm', type: iban ? 'bank_transfer' : 'voucher', label: 'x', iban },
  price: flatPrice('functional', totalCents),
  addedAt: NOW,
});

const ctx = (maxItems: number, now = NOW) => ({ accountId: ACCOUNT, maxItems, now, newId });

function cartOf(...lines: CartLine[]): Cart {
  let cart: Cart | null = null;
  for (const l of lines) cart = withLine(cart, l, ctx(CART_MAX_MULTI)).cart;
  return cart as Cart;
}

describe('the public cart', () => {
  it('keeps the limits of the shared constants: 30 days, 200 with multi_product_cart, else 1', () => {
    expect(PUBLIC_CART_TTL_MS).toBe(CART_TTL_PUBLIC_MS);
    expect(CART_MAX_MULTI).toBe(CART_MAX_ITEMS_MULTI);
    expect(CART_MAX_SINGLE).toBe(CART_MAX_ITEMS_SINGLE);
    expect(maxItemsOf(['multi_product_cart', 'payment_bonus'])).toBe(200);
    expect(maxItemsOf(['payment_bonus'])).toBe(1);
    expect(maxItemsOf([])).toBe(1);
  });

  it('adds until full, then ignores the addition', () => {
    const first = withLine(null, line(1000), ctx(1));
    expect(first.result).toBe('added');
    expect(first.cart?.buybacks).toHaveLength(1);
    const second = withLine(first.cart, line(2000), ctx(1));
    expect(second.result).toBe('full');
    expect(second.cart).toBe(first.cart);

    let cart: Cart | null = null;
    for (let i = 0; i < 200; i++) cart = withLine(cart, line(100), ctx(200)).cart;
    expect(cart?.buybacks).toHaveLength(200);
    expect(withLine(cart, line(100), ctx(200)).result).toBe('full');
    expect(canAddAnother(cart, 200)).toBe(false);
    expect(
      canAddAnother(withoutLine(cart as Cart, (cart as Cart).buybacks[0]?.inCartId ?? '', NOW), 200),
    ).toBe(true);
  });

  it('lives 30 days after its last change, for its own site only', () => {
    const cart = cartOf(line(1000));
    expect(cart.expiresAt).toBe(NOW + 30 * 24 * 3600 * 1000);
    const raw = JSON.stringify(cart);
    expect(parseCart(raw, ACCOUNT, NOW + 29 * 24 * 3600 * 1000)).toEqual(cart);
    expect(parseCart(raw, ACCOUNT, cart.expiresAt)).toBeNull();
    expect(parseCart(raw, 'another-site', NOW)).toBeNull();
    expect(parseCart('{not json', ACCOUNT, NOW)).toBeNull();
    expect(parseCart(null, ACCOUNT, NOW)).toBeNull();
    // a change renews the 30 days
    const later = NOW + 10 * 24 * 3600 * 1000;
    expect(withLine(cart, line(1), ctx(200, later)).cart?.expiresAt).toBe(later + PUBLIC_CART_TTL_MS);
  });

  it('removing the last buyback empties the cart', () => {
    const a = line(1000);
    const b = line(2000);
    const cart = cartOf(a, b);
    const one = withoutLine(cart, a.inCartId, NOW);
    expect(one?.buybacks.map((l) => l.inCartId)).toEqual([b.inCartId]);
    expect(withoutLine(one as Cart, b.inCartId, NOW)).toBeNull();
  });

  it('continues only at or above the minimum value, and says what is missing', () => {
    const cart = cartOf(line(1500), line(2000));
    expect(cartTotalCents(cart)).toBe(3500);
    expect(missingToMinimumCents(cart, 5000)).toBe(1500);
    expect(canContinue(cart, 5000)).toBe(false);
    expect(missingToMinimumCents(cart, 3500)).toBe(0);
    expect(canContinue(cart, 3500)).toBe(true);
    expect(canContinue(cart, 0)).toBe(true);
    expect(canContinue(null, 0)).toBe(false);
  });

  it('keeps one checkout key per attempt, dropped when the cart changes', () => {
    const cart = cartOf(line(1000));
    const keyed = withCheckoutKey(cart, newId);
    expect(keyed.checkoutKey).toBeTruthy();
    expect(withCheckoutKey(keyed, newId)).toBe(keyed);
    expect(withLine(keyed, line(1), ctx(200)).cart?.checkoutKey).toBeNull();
    expect(withCustomer(keyed, emptyCustomer('FR'), NOW).checkoutKey).toBeNull();
    const two = withCheckoutKey(cartOf(line(1), line(2)), newId);
    expect(withoutLine(two, two.buybacks[0]?.inCartId ?? '', NOW)?.checkoutKey).toBeNull();
  });

  it('needs the IBAN when a payment mode of the cart asks for one', () => {
    expect(needsIban(cartOf(line(1, false)))).toBe(false);
    expect(needsIban(cartOf(line(1, false), line(2, true)))).toBe(true);
  });
});

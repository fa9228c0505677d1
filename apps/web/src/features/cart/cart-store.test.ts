import { CART_MAX_ITEMS_MULTI, CART_MAX_ITEMS_SINGLE, CART_TTL_DASHBOARD_MS } from '@reprise/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flatPrice } from '../../lib/flat-price.test-support';
import {
  addBuyback,
  CART_STORAGE_KEY,
  CART_TTL_MS,
  type CartBuyback,
  cartTotalCents,
  checkoutKeyOf,
  missingToMinimumCents,
  parseCart,
  readCart,
  removeBuyback,
  saveCustomer,
  setCartUser,
} from './cart-store';

class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

let storage: MemoryStorage;

function line(n: number, totalCents = 10_000): CartBuyback {
  return {
    inCartId: `line-${n}`,
    productId: `00000000-0000-4000-8000-00000000000${n % 10}`,
    product: { id: 'p', name: `Phone ${n}`, brand: 'Brand', model: null, imageUrl: null },
    categoryLabel: 'Smartphones',
    answers: [],
    answerSummary: [],
    imei: null,
    shippingMethod: { id: 's', name: 'Store drop', type: 'store_drop', depositType: 'drop' },
    paymentMethod: { id: 'pm', type: 'bank_transfer', label: 'Transfer', iban: true },
    price: flatPrice('grade_a', totalCents),
    warehouseId: null,
    addedAt: 0,
  };
}

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', {
    localStorage: storage,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  setCartUser(null);
  setCartUser('user-1');
});

describe('the dashboard cart', () => {
  it('keeps one day, as the shared constant says', () => {
    expect(CART_TTL_MS).toBe(CART_TTL_DASHBOARD_MS);
  });

  it('is forgotten once its day has passed', () => {
    const now = Date.now();
    expect(addBuyback(line(1), CART_MAX_ITEMS_SINGLE, now)).toBe('added');
    const stored = JSON.parse(storage.getItem(CART_STORAGE_KEY)!);
    expect(stored.expiresAt).toBe(now + CART_TTL_MS);
    expect(readCart(now + CART_TTL_MS - 1)?.buybacks).toHaveLength(1);
    expect(readCart(now + CART_TTL_MS)).toBeNull();
  });

  it("ignores another user's cart left on this browser", () => {
    addBuyback(line(1), 1);
    const raw = storage.getItem(CART_STORAGE_KEY);
    expect(parseCart(raw, 'user-1')).not.toBeNull();
    expect(parseCart(raw, 'user-2')).toBeNull();
    setCartUser('user-2');
    expect(readCart()).toBeNull();
  });

  it('ignores an addition when full: one buyback without multi_product_cart', () => {
    expect(addBuyback(line(1), CART_MAX_ITEMS_SINGLE)).toBe('added');
    expect(addBuyback(line(2), CART_MAX_ITEMS_SINGLE)).toBe('full');
    expect(readCart()?.buybacks.map((b) => b.inCartId)).toEqual(['line-1']);
  });

  it('takes up to 200 buybacks with multi_product_cart', () => {
    for (let n = 0; n < CART_MAX_ITEMS_MULTI; n++)
      expect(addBuyback(line(n), CART_MAX_ITEMS_MULTI)).toBe('added');
    expect(addBuyback(line(999), CART_MAX_ITEMS_MULTI)).toBe('full');
    expect(readCart()?.buybacks).toHaveLength(CART_MAX_ITEMS_MULTI);
  });

  it('empties itself when the last buyback is removed', () => {
    addBuyback(line(1), 2);
    addBuyback(line(2), 2);
    expect(removeBuyback('line-1')).toBe(1);
    expect(removeBuyback('line-2')).toBe(0);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(readCart()).toBeNull();
  });

  it('reuses the checkout key for retries and makes a new one when the cart changes', () => {
    addBuyback(line(1), 3);
    const first = checkoutKeyOf();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkoutKeyOf()).toBe(first);
    addBuyback(line(2), 3);
    const second = checkoutKeyOf();
    expect(second).not.toBe(first);
    saveCustomer(
      {
        firstName: 'Ana',
        lastName: 'Lopez',
        email: '',
        phone: '',
        street: '1 rue de la Paix',
        streetMore: '',
        zip: '75001',
        city: 'Paris',
        country: 'FR',
        identification: null,
      },
      'store-1',
    );
    expect(checkoutKeyOf()).not.toBe(second);
  });

  it('totals the buybacks and tells what is missing to the minimum cart value', () => {
    addBuyback(line(1, 12_000), 3);
    addBuyback(line(2, 5_050), 3);
    const cart = readCart();
    expect(cartTotalCents(cart)).toBe(17_050);
    expect(missingToMinimumCents(cart, 20_000)).toBe(2_950);
    expect(missingToMinimumCents(cart, 17_050)).toBe(0);
    expect(missingToMinimumCents(cart, 0)).toBe(0);
  });
});

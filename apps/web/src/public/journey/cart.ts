import { useSyncExternalStore } from 'react';
import type { TypedCustomer, TypedIdentification } from '../../lib/cart-customer';

/**
 * The visitor's cart, kept 30 days in this browser, one per site.
 * Pure functions on values (tested), then the store over localStorage. Prices are the server's
 * estimates (cents); the checkout sends no price.
 */

/** 30 days (CART_TTL_PUBLIC_MS in @reprise/shared; the unit test checks they agree). */
export const PUBLIC_CART_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Maximum items with multi_product_cart, else 1 (CART_MAX_ITEMS_MULTI / _SINGLE). */
export const CART_MAX_MULTI = 200;
export const CART_MAX_SINGLE = 1;
const CART_KEY = 'reprise.public.cart';

export interface CartPrice {
  declaredState: string;
  basePriceCents: number;
  impactPriceEntries: { label: string; valueCents: number }[];
  estimatedPriceCents: number;
  paymentModifierCents: number;
  shippingModifierCents: number;
  bonusCents: number;
  totalCents: number;
}

export interface CartLine {
  inCartId: string;
  productId: string;
  product: { id: string; name: string; brand: string | null; imageUrl: string | null };
  answers: { questionId: string; answerIds: string[] }[];
  answerSummary: { questionTitle: string; answerTitles: string[] }[];
  imei: string | null;
  shippingMethod: { id: string; name: string; type: string; depositType: string };
  paymentMethod: { id: string; type: string; label: string; iban: boolean };
  price: CartPrice;
  addedAt: number;
}

/** The customer as typed (validated with the shared customer schema before the summary). */
export interface CartCustomer extends TypedCustomer {
  identification: TypedIdentification;
}

export interface Cart {
  version: 1;
  id: string;
  /** The site's account: another site on this browser has its own cart. */
  accountId: string;
  createdAt: number;
  /** Epoch ms; the cart is forgotten after it (30 days after its last change). */
  expiresAt: number;
  buybacks: CartLine[];
  customer: CartCustomer | null;
  /** The pick-up slot the customer chose for the collect lines (a carrier's, docs/transport.md). */
  pickupSlot?: { start: string; end: string } | null;
  /** The Idempotency-Key of the checkout attempt under way; dropped whenever the cart changes. */
  checkoutKey: string | null;
}

export type AddResult = 'added' | 'full';

export const maxItemsOf = (features: readonly string[]) =>
  features.includes('multi_product_cart') ? CART_MAX_MULTI : CART_MAX_SINGLE;

export function parseCart(raw: string | null, accountId: string, now: number): Cart | null {
  if (!raw) return null;
  try {
    const cart = JSON.parse(raw) as Cart | null;
    if (
      cart?.version !== 1 ||
      typeof cart.id !== 'string' ||
      cart.accountId !== accountId ||
      typeof cart.expiresAt !== 'number' ||
      cart.expiresAt <= now ||
      !Array.isArray(cart.buybacks) ||
      cart.buybacks.length === 0
    )
      return null;
    return cart;
  } catch {
    return null;
  }
}

const touched = (cart: Cart, now: number): Cart => ({ ...cart, expiresAt: now + PUBLIC_CART_TTL_MS });

/** Adds a line; a full cart ignores it and answers 'full'. */
export function withLine(
  cart: Cart | null,
  line: CartLine,
  context: { accountId: string; maxItems: number; now: number; newId: () => string },
): { cart: Cart; result: AddResult } | { cart: Cart | null; result: 'full' } {
  const base: Cart = cart ?? {
    version: 1,
    id: context.newId(),
    accountId: context.accountId,
    createdAt: context.now,
    expiresAt: context.now + PUBLIC_CART_TTL_MS,
    buybacks: [],
    customer: null,
    checkoutKey: null,
  };
  if (base.buybacks.length >= context.maxItems) return { cart, result: 'full' };
  return {
    cart: touched({ ...base, buybacks: [...base.buybacks, line], checkoutKey: null }, context.now),
    result: 'added',
  };
}

/** Removes a line; removing the last one empties the cart (null). */
export function withoutLine(cart: Cart, inCartId: string, now: number): Cart | null {
  const buybacks = cart.buybacks.filter((b) => b.inCartId !== inCartId);
  return buybacks.length === 0 ? null : touched({ ...cart, buybacks, checkoutKey: null }, now);
}

export function withCustomer(cart: Cart, customer: CartCustomer, now: number): Cart {
  return touched({ ...cart, customer, checkoutKey: null }, now);
}

function withPickupSlot(cart: Cart, pickupSlot: Cart['pickupSlot'], now: number): Cart {
  return touched({ ...cart, pickupSlot, checkoutKey: null }, now);
}

/** A line whose parcel a carrier collects at the customer's (web_collect): the customer picks a slot. */
export const isCollected = (line: CartLine) => line.shippingMethod.depositType === 'collect';

/** The cart with the key of its checkout attempt: the same key while the cart does not change. */
export function withCheckoutKey(cart: Cart, newId: () => string): Cart {
  return cart.checkoutKey ? cart : { ...cart, checkoutKey: newId() };
}

export const cartTotalCents = (cart: Pick<Cart, 'buybacks'> | null) =>
  cart?.buybacks.reduce((sum, b) => sum + b.price.totalCents, 0) ?? 0;

/** What is missing to reach the minimum cart value, in cents (0 when reached). */
export const missingToMinimumCents = (cart: Pick<Cart, 'buybacks'> | null, minimumCents: number) =>
  Math.max(0, minimumCents - cartTotalCents(cart));

/** The visitor may go on to the customer information: a cart at or above the minimum value. */
export const canContinue = (cart: Pick<Cart, 'buybacks'> | null, minimumCents: number) =>
  !!cart && cart.buybacks.length > 0 && missingToMinimumCents(cart, minimumCents) === 0;

export const canAddAnother = (cart: Pick<Cart, 'buybacks'> | null, maxItems: number) =>
  (cart?.buybacks.length ?? 0) < maxItems;

/** Some payment mode of the cart needs the customer's IBAN. */
export const needsIban = (cart: Pick<Cart, 'buybacks'> | null) =>
  cart?.buybacks.some((b) => b.paymentMethod.iban) ?? false;

// ---------- the store ----------

let accountId = '';
let cached: { raw: string | null; cart: Cart | null } | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Cart initialisation at start-up: the site's cart, an expired or foreign one dropped. */
export function initCart(siteAccountId: string): void {
  accountId = siteAccountId;
  cached = null;
  const raw = storage()?.getItem(CART_KEY) ?? null;
  if (raw && !parseCart(raw, accountId, Date.now())) storage()?.removeItem(CART_KEY);
}

function readCart(now = Date.now()): Cart | null {
  const raw = storage()?.getItem(CART_KEY) ?? null;
  if (cached && cached.raw === raw && (!cached.cart || cached.cart.expiresAt > now)) return cached.cart;
  cached = { raw, cart: parseCart(raw, accountId, now) };
  return cached.cart;
}

function write(cart: Cart | null): void {
  try {
    if (cart) storage()?.setItem(CART_KEY, JSON.stringify(cart));
    else storage()?.removeItem(CART_KEY);
  } catch {
    // storage full or refused: the cart lives as long as this page
  }
  for (const listener of listeners) listener();
}

export const newId = () => crypto.randomUUID();

export function addToCart(line: CartLine, maxItems: number): AddResult {
  const next = withLine(readCart(), line, { accountId, maxItems, now: Date.now(), newId });
  if (next.result === 'added') write(next.cart);
  return next.result;
}

/** Removes a line; answers how many are left. */
export function removeFromCart(inCartId: string): number {
  const cart = readCart();
  if (!cart) return 0;
  const next = withoutLine(cart, inCartId, Date.now());
  write(next);
  return next?.buybacks.length ?? 0;
}

export function saveCartCustomer(customer: CartCustomer): void {
  const cart = readCart();
  if (cart) write(withCustomer(cart, customer, Date.now()));
}

export function saveCartPickupSlot(pickupSlot: Cart['pickupSlot']): void {
  const cart = readCart();
  if (cart) write(withPickupSlot(cart, pickupSlot, Date.now()));
}

/** The key of this checkout attempt (made once, kept for its retries). */
export function checkoutKeyOfCart(): string | null {
  const cart = readCart();
  if (!cart) return null;
  const keyed = withCheckoutKey(cart, newId);
  if (keyed !== cart) write(keyed);
  return keyed.checkoutKey;
}

export function clearCart(): void {
  write(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCart(): Cart | null {
  return useSyncExternalStore(subscribe, () => readCart());
}

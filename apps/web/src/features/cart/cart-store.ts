// Loaded by the top bar: no zod, no schemas here (types only), so the layout bundle stays small.
import type { DiagnosticAnswerInput, PriceBreakdownResponse } from '@reprise/shared';
import type { TypedCustomer, TypedIdentification } from '../../lib/cart-customer';

/** The dashboard keeps its cart one day (CART_TTL_DASHBOARD_MS in shared). */
export const CART_TTL_MS = 24 * 60 * 60 * 1000;
export const CART_STORAGE_KEY = 'reprise.cart';

/** One buyback of the cart, as the wizard left it (its price is the server's estimate). */
export interface CartBuyback {
  inCartId: string;
  productId: string;
  product: { id: string; name: string; brand: string | null; model: string | null; imageUrl: string | null };
  categoryLabel: string;
  answers: DiagnosticAnswerInput[];
  /** Question and answer titles, for the summary. */
  answerSummary: { questionTitle: string; answerTitles: string[] }[];
  imei: string | null;
  shippingMethod: { id: string; name: string; type: string; depositType: string };
  paymentMethod: { id: string; type: string; label: string; iban: boolean };
  price: PriceBreakdownResponse;
  warehouseId: string | null;
  addedAt: number;
}

/** The customer as typed in the cart's form (validated with the shared customer schema before checkout). */
export interface CartCustomer extends TypedCustomer {
  identification: TypedIdentification | null;
}

export interface Cart {
  version: 1;
  /** The client's id of the cart: the checkout route `/cart/{id}/checkout`. */
  id: string;
  /** The signed-in user who filled it: another user on this browser starts with an empty cart. */
  userId: string;
  createdAt: number;
  /** After this instant (epoch ms) the cart is forgotten. */
  expiresAt: number;
  storeId: string | null;
  buybacks: CartBuyback[];
  customer: CartCustomer | null;
  /** The pick-up slot of the cart's collect buybacks, among the carrier's (docs/transport.md). */
  pickupSlot?: { start: string; end: string } | null;
  /**
   * The `Idempotency-Key` of the checkout attempt under way: made when the seller confirms the
   * summary, reused by every retry of that attempt, dropped whenever the cart changes.
   */
  checkoutKey: string | null;
}

export type AddResult = 'added' | 'full';

type Listener = () => void;
const listeners = new Set<Listener>();
/** The last parse, so that an unchanged storage gives the same object (useSyncExternalStore). */
let cached: { raw: string | null; cart: Cart | null } | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isCart(value: unknown): value is Cart {
  const cart = value as Cart | null;
  return (
    !!cart &&
    cart.version === 1 &&
    typeof cart.id === 'string' &&
    typeof cart.userId === 'string' &&
    typeof cart.expiresAt === 'number' &&
    Array.isArray(cart.buybacks)
  );
}

/** Parses what is stored; an expired, foreign or unreadable cart counts as none. */
export function parseCart(raw: string | null, userId: string | null, now = Date.now()): Cart | null {
  if (!raw || !userId) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isCart(value) || value.userId !== userId || value.expiresAt <= now) return null;
    return value;
  } catch {
    return null;
  }
}

let currentUserId: string | null = null;

/** The user whose cart is read (set by the session; another user's stored cart is ignored). */
export function setCartUser(userId: string | null): void {
  if (currentUserId === userId) return;
  currentUserId = userId;
  cached = null;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The stored cart of the current user, or null (none, expired, another user's). */
export function readCart(now = Date.now()): Cart | null {
  const raw = storage()?.getItem(CART_STORAGE_KEY) ?? null;
  if (cached && raw === cached.raw && (!cached.cart || cached.cart.expiresAt > now)) return cached.cart;
  const cart = parseCart(raw, currentUserId, now);
  cached = { raw, cart };
  return cart;
}

function write(cart: Cart | null): void {
  const store = storage();
  if (cart) store?.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  else store?.removeItem(CART_STORAGE_KEY);
  emit();
}

export function newId(): string {
  return crypto.randomUUID();
}

function freshCart(userId: string, now: number): Cart {
  return {
    version: 1,
    id: newId(),
    userId,
    createdAt: now,
    expiresAt: now + CART_TTL_MS,
    storeId: null,
    buybacks: [],
    customer: null,
    checkoutKey: null,
  };
}

/**
 * Adds a buyback. A full cart (maxItems: 200 with multi_product_cart, else 1) ignores the addition
 * and answers 'full'.
 */
export function addBuyback(buyback: CartBuyback, maxItems: number, now = Date.now()): AddResult {
  if (!currentUserId) throw new Error('addBuyback needs a signed-in user');
  const cart = readCart(now) ?? freshCart(currentUserId, now);
  if (cart.buybacks.length >= maxItems) return 'full';
  write({ ...cart, buybacks: [...cart.buybacks, buyback], checkoutKey: null });
  return 'added';
}

/** Removes one buyback; removing the last one empties the cart. Answers how many are left. */
export function removeBuyback(inCartId: string): number {
  const cart = readCart();
  if (!cart) return 0;
  const buybacks = cart.buybacks.filter((b) => b.inCartId !== inCartId);
  if (buybacks.length === 0) {
    write(null);
    return 0;
  }
  write({ ...cart, buybacks, checkoutKey: null });
  return buybacks.length;
}

export function saveCustomer(customer: CartCustomer, storeId: string | null): void {
  const cart = readCart();
  if (!cart) return;
  write({ ...cart, customer, storeId, checkoutKey: null });
}

export function savePickupSlot(pickupSlot: { start: string; end: string } | null): void {
  const cart = readCart();
  if (!cart) return;
  write({ ...cart, pickupSlot, checkoutKey: null });
}

/** The key of this checkout attempt: kept while the cart does not change, so a retry replays it. */
export function checkoutKeyOf(): string | null {
  const cart = readCart();
  if (!cart) return null;
  if (cart.checkoutKey) return cart.checkoutKey;
  const checkoutKey = newId();
  write({ ...cart, checkoutKey });
  return checkoutKey;
}

export function clearCart(): void {
  write(null);
}

/** Total of the cart in cents: each buyback's total (estimate, modifiers and bonus). */
export function cartTotalCents(cart: Pick<Cart, 'buybacks'> | null): number {
  return cart?.buybacks.reduce((sum, b) => sum + b.price.totalCents, 0) ?? 0;
}

/** What is missing to reach the minimum cart value (in cents; 0 when reached). */
export function missingToMinimumCents(cart: Pick<Cart, 'buybacks'> | null, minimumCents: number): number {
  return Math.max(0, minimumCents - cartTotalCents(cart));
}

export function subscribeCart(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

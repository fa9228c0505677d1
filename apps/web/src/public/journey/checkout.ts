import { type Cart, isCollected } from './cart';

/**
 * The web checkout (`POST /api/carts`): the cart's lines, the customer and
 * the IBAN, the terms of service accepted; no price (the server computes them again).
 */
export function webCheckoutBody(cart: Cart, iban: string) {
  if (!cart.customer) throw new Error('webCheckoutBody needs the customer');
  const ibanOrNull = iban.trim() ? iban : null;
  return {
    channel: 'web' as const,
    buybacks: cart.buybacks.map((line) => ({
      inCartId: line.inCartId,
      productId: line.productId,
      answers: line.answers,
      ...(line.imei ? { imei: line.imei } : {}),
      shippingMethodId: line.shippingMethod.id,
      paymentModeId: line.paymentMethod.id,
    })),
    customer: { ...cart.customer, iban: ibanOrNull },
    iban: ibanOrNull,
    termsAccepted: true as const,
    ...(cart.pickupSlot && cart.buybacks.some(isCollected) ? { pickupSlot: cart.pickupSlot } : {}),
  };
}

const TERMS_KEY = 'reprise.public.terms';
const RESULT_KEY = 'reprise.public.confirmation';

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
const session = (): KeyValue => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** The visitor accepted the terms for this checkout attempt (its idempotency key). */
export function acceptTerms(checkoutKey: string, storage: KeyValue = session()): void {
  try {
    storage?.setItem(TERMS_KEY, checkoutKey);
  } catch {
    // refused storage: the checkout page sends the visitor back to the summary
  }
}

export function termsAcceptedFor(checkoutKey: string | null, storage: KeyValue = session()): boolean {
  try {
    return !!checkoutKey && storage?.getItem(TERMS_KEY) === checkoutKey;
  } catch {
    return false;
  }
}

/** The buybacks the last checkout created, for the confirmation (a reload shows it again). */
export function saveConfirmation(buybackIds: string[], storage: KeyValue = session()): void {
  try {
    storage?.setItem(RESULT_KEY, JSON.stringify(buybackIds));
    storage?.removeItem(TERMS_KEY);
  } catch {
    // the confirmation shows now; a reload will not show it again
  }
}

export function readConfirmation(storage: KeyValue = session()): string[] | null {
  try {
    const value = JSON.parse(storage?.getItem(RESULT_KEY) ?? 'null') as unknown;
    return Array.isArray(value) && value.every((id) => typeof id === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** `?ids=a,b`: the buyback ids of the documents page (uuids only, at most 200). */
export function idsOf(param: string | null): string[] {
  return (param ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id))
    .slice(0, 200);
}

export const docsPath = (ids: string[]) => `/buyback-confirmation-docs?ids=${ids.join(',')}`;

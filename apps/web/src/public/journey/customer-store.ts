import type { CartCustomer } from './cart';

/**
 * Temporary customer information: what the visitor typed, kept apart from
 * the cart on this browser (30 days) when they ask for it, loadable into a later cart. The IBAN is
 * never kept there: it stays in this tab's session storage, for this cart only.
 */
const TEMP_CUSTOMER_KEY = 'reprise.public.customer';
const TEMP_CUSTOMER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const IBAN_KEY = 'reprise.public.iban';

interface Stored {
  accountId: string;
  savedAt: number;
  customer: CartCustomer;
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

const local = (): KeyValue => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};
const session = (): KeyValue => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export function readTemporaryCustomer(
  accountId: string,
  storage: KeyValue = local(),
  now = Date.now(),
): CartCustomer | null {
  try {
    const value = JSON.parse(storage?.getItem(TEMP_CUSTOMER_KEY) ?? 'null') as Stored | null;
    if (!value || value.accountId !== accountId || now - value.savedAt > TEMP_CUSTOMER_TTL_MS) return null;
    return value.customer && typeof value.customer.firstName === 'string' ? value.customer : null;
  } catch {
    return null;
  }
}

export function saveTemporaryCustomer(
  accountId: string,
  customer: CartCustomer,
  storage: KeyValue = local(),
  now = Date.now(),
): void {
  try {
    storage?.setItem(TEMP_CUSTOMER_KEY, JSON.stringify({ accountId, savedAt: now, customer }));
  } catch {
    // refused storage: nothing is kept
  }
}

export function readIban(cartId: string, storage: KeyValue = session()): string {
  try {
    const value = JSON.parse(storage?.getItem(IBAN_KEY) ?? 'null') as { cartId: string; iban: string } | null;
    return value?.cartId === cartId ? value.iban : '';
  } catch {
    return '';
  }
}

export function saveIban(cartId: string, iban: string, storage: KeyValue = session()): void {
  try {
    if (iban) storage?.setItem(IBAN_KEY, JSON.stringify({ cartId, iban }));
    else storage?.removeItem(IBAN_KEY);
  } catch {
    // refused storage: typed again
  }
}

export function clearIban(storage: KeyValue = session()): void {
  try {
    storage?.removeItem(IBAN_KEY);
  } catch {
    // nothing stored
  }
}

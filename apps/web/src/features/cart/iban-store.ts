/**
 * The customer's IBAN stays in this tab's session storage, not with the cart in local storage:
 * a bank account number is not left on a shared counter computer for a day.
 */
const KEY = 'reprise.cart.iban';

export function readIban(cartId: string): string {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as { cartId: string; iban: string }) : null;
    return value?.cartId === cartId ? value.iban : '';
  } catch {
    return '';
  }
}

export function saveIban(cartId: string, iban: string): void {
  try {
    if (iban) sessionStorage.setItem(KEY, JSON.stringify({ cartId, iban }));
    else sessionStorage.removeItem(KEY);
  } catch {
    // refused storage: the IBAN is typed again at the next visit
  }
}

export function clearIban(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

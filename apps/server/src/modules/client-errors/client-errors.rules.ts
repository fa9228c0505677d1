/**
 * The rules of a reported error's route (docs/client-errors.md): the path only (a query or a
 * fragment may hold a token or a customer's e-mail), its ids replaced by `:id` so that the same
 * screen of two buybacks groups as one.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Buyback codes (13 digits), item codes (8 or 13), and any other run of 4 digits or more. */
const NUMBER = /^\d{4,}$/;

export function groupRoute(route: string): string {
  const path = route.split(/[?#]/, 1)[0] ?? '/';
  const segments = path
    .split('/')
    .map((segment) => (UUID.test(segment) || NUMBER.test(segment) ? ':id' : segment));
  return segments.join('/').slice(0, 500) || '/';
}

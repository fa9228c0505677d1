import type { Actor } from '../../platform/context';

/**
 * Whose catalogue an actor works on. The catalogue belongs to a retailer account: its users (tim
 * module) read it; a buyer account reads the categories explicitly linked to it (lcm module);
 * platform operators read every catalogue, or one when they name its account. Nobody else reads any.
 */
export type CatalogScope =
  | { kind: 'all'; accountId?: string }
  | { kind: 'account'; accountId: string }
  | { kind: 'buyer'; buyerAccountId: string }
  | { kind: 'none' };

export function readScope(actor: Actor, accountId?: string): CatalogScope {
  if (actor.isPlatform) return { kind: 'all', accountId };
  if (actor.module === 'tim') return { kind: 'account', accountId: actor.accountId };
  if (actor.module === 'lcm') return { kind: 'buyer', buyerAccountId: actor.accountId };
  return { kind: 'none' };
}

/** Writes: the retailer's own users (their permission says which), and platform operators. */
export function writeScope(actor: Actor): CatalogScope {
  if (actor.isPlatform) return { kind: 'all' };
  if (actor.module === 'tim') return { kind: 'account', accountId: actor.accountId };
  return { kind: 'none' };
}

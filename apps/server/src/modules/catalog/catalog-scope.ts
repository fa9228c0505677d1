import type { BaseContext, RequestContext } from '../../platform/request-context';

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

export function readScope(ctx: BaseContext, accountId?: string): CatalogScope {
  // a visitor reads its site's catalogue, a job the accounts of its scope
  if (!('actor' in ctx)) return ctx.scope.kind === 'all' ? { kind: 'all', accountId } : ctx.scope;
  const { actor } = ctx as RequestContext;
  if (actor.isPlatform) return { kind: 'all', accountId };
  if (actor.module === 'tim') return { kind: 'account', accountId: actor.accountId };
  if (actor.module === 'lcm') return { kind: 'buyer', buyerAccountId: actor.accountId };
  return { kind: 'none' };
}

/**
 * Writes: the context's own scope, for the retailer's own users (their permission says which) and
 * platform operators (every catalogue); nobody else.
 */
export function writeScope(ctx: RequestContext): CatalogScope {
  return ctx.actor.isPlatform || ctx.actor.module === 'tim' ? ctx.scope : { kind: 'none' };
}

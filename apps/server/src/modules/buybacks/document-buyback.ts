import type { BaseContext, RequestContext } from '../../platform/request-context';
import * as repo from './buybacks.repository';

/**
 * The buyback a document is read for: one the actor sees; with no actor (the customer's tracking
 * link, modules/tracking, which has checked the link's token and host), the buyback of the
 * context's one account only.
 */
export async function findDocumentBuyback(ctx: BaseContext, id: string) {
  if ('actor' in ctx) return repo.findVisibleBuyback(ctx as RequestContext, { id });
  if (ctx.scope.kind !== 'account') return undefined;
  const [row] = await repo.findBuybacks(ctx, [id]);
  return row?.account_id === ctx.scope.accountId ? row : undefined;
}

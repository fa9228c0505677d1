import type { RefurbConfigAccountsResponse } from '@reprise/shared';
import type { AccountScope, RequestContext } from '../../platform/request-context';
import { reject, violation } from '../buyback-config';
import * as repo from './refurb-config.repository';

/**
 * Whose services and diagnosis questions an actor configures: a warehouse user's own buyer account;
 * a platform operator names the buyer account (`?account=`), as the warehouse dispatch rules do
 * (modules/warehouse-dispatch/warehouse-dispatch.service.ts).
 */
export async function configAccount(ctx: RequestContext, account: string | undefined): Promise<string> {
  if (!ctx.actor.isPlatform) return ctx.actor.accountId;
  if (!account) reject([violation('account', 'required', 'Name the buyer account to configure.')]);
  const [buyer] = await repo.findBuyerAccounts(ctx, [account]);
  if (!buyer) reject([violation('account', 'not_a_buyer', 'The account must be a buyer account.')]);
  return account;
}

/** The account a record is read from by id: the actor's own, or any (null) for platform operators. */
export const readableAccount = (ctx: RequestContext): string | null =>
  ctx.actor.isPlatform ? null : ctx.actor.accountId;

/** The scope a write to an account's record is made in: that account only, never an operator's whole scope. */
export const scopeOf = (accountId: string): AccountScope => ({ kind: 'account', accountId });

/** The buyer accounts the actor may configure: every one for platform operators, else its own. */
export async function listConfigAccounts(ctx: RequestContext): Promise<RefurbConfigAccountsResponse> {
  const rows = await repo.findBuyerAccounts(ctx, ctx.actor.isPlatform ? null : [ctx.actor.accountId]);
  return { member: rows.map((a) => ({ id: a.id, name: a.name })) };
}

import type { ItemHistoryResponse, ItemResponse } from '@reprise/shared';
import type { RequestContext } from '../../platform/request-context';
import * as repo from '../buyback-lifecycle';
import { resolveItem } from '../buyback-lifecycle';
import { toItemEvent, toItemResponse } from './items.mapper';

/** Reading items: by id or by a scanned code, and their history (who, when, where, why). */

export async function getItem(ctx: RequestContext, id: string): Promise<ItemResponse> {
  return toItemResponse(await resolveItem(ctx, { id }));
}

export async function getItemByCode(ctx: RequestContext, code: string): Promise<ItemResponse> {
  return toItemResponse(await resolveItem(ctx, { code }));
}

export async function getItemHistory(ctx: RequestContext, id: string): Promise<ItemHistoryResponse> {
  const item = await resolveItem(ctx, { id });
  return { member: (await repo.findItemEvents(ctx, item.id)).map(toItemEvent) };
}

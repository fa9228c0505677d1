import type { AccountResponse, UpdateDesignRequest } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { type BaseContext, type RequestContext, transact } from '../../platform/request-context';
import { checkUpload, mimeOfExtension } from '../../platform/uploads';
import { ACCOUNT_IMAGES, type AccountImageKind, extensionOf, imageVersion } from './account-images';
import { toAccountResponse } from './accounts.mapper';
import * as repo from './accounts.repository';

/** Any signed-in user of the account, or a platform operator; everyone else gets 404. */
export async function getAccount(ctx: RequestContext, id: string): Promise<AccountResponse> {
  const row = await repo.findReachableAccount(ctx, id);
  if (!row) throw notFound('account');
  return toAccountResponse(row);
}

export async function updateDesign(
  ctx: RequestContext,
  id: string,
  input: UpdateDesignRequest,
): Promise<AccountResponse> {
  return transact(ctx, async (tx) => {
    const current = await repo.findReachableAccount(tx, id, { forUpdate: true });
    if (!current) throw notFound('account');
    const updated = await repo.updateAccount(tx, id, { main_color: input.mainColor.toLowerCase() });
    const before = toAccountResponse(current);
    const after = toAccountResponse(updated);
    await audit(tx, { action: 'update', entityType: 'account', entityId: id, accountId: id, before, after });
    return after;
  });
}

/**
 * Sets the account's logo or favicon to `key` (null removes it), with its audit row. The file
 * replaced is removed once the change has committed; a file written for a failed change is removed too.
 */
async function swapImage(ctx: RequestContext, id: string, kind: AccountImageKind, key: string | null) {
  const { storage } = ctx.deps;
  try {
    return await transact(ctx, async (tx) => {
      const current = await repo.findReachableAccount(tx, id, { forUpdate: true });
      if (!current) throw notFound('account');
      const updated = await repo.updateAccount(tx, id, repo.imageColumnValues(kind, key));
      const before = toAccountResponse(current);
      const response = toAccountResponse(updated);
      await audit(tx, {
        action: 'update',
        entityType: 'account',
        entityId: id,
        accountId: id,
        before,
        after: response,
      });
      const replaced = repo.imageKeyOf(current, kind);
      // the old file is only garbage now: failing to delete it must not fail the change
      if (replaced && replaced !== key) tx.afterCommit(() => storage.remove(replaced).catch(() => {}));
      return response;
    });
  } catch (error) {
    if (key) await storage.remove(key);
    throw error;
  }
}

/** Replaces the logo (JPG or PNG, 250 kB) or favicon (ICO or PNG, 20 kB), checked by content. */
export async function replaceImage(ctx: RequestContext, id: string, kind: AccountImageKind, data: Buffer) {
  const rule = ACCOUNT_IMAGES[kind];
  if (!(await repo.findReachableAccount(ctx, id))) throw notFound('account');
  const extension = await checkUpload(data, rule.types, rule.maxBytes);
  const key = await ctx.deps.storage.put(rule.prefix, extension, data);
  return swapImage(ctx, id, kind, key);
}

export async function removeImage(ctx: RequestContext, id: string, kind: AccountImageKind) {
  return swapImage(ctx, id, kind, null);
}

/** The stored image with what the response needs, for anyone (login page, public site); 404 when none. */
export async function readImage(ctx: BaseContext, id: string, kind: AccountImageKind) {
  const key = await repo.findImageKey(ctx, id, kind);
  const data = key ? await ctx.deps.storage.get(key) : null;
  if (!key || !data) throw notFound(kind);
  return { data, contentType: mimeOfExtension(extensionOf(key)), version: imageVersion(key) };
}

import type { AccountResponse, UpdateDesignRequest } from '@reprise/shared';
import { writeAudit } from '../../platform/audit';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { checkUpload, mimeOfExtension } from '../../platform/uploads';
import { ACCOUNT_IMAGES, type AccountImageKind, extensionOf, imageVersion } from './account-images';
import { toAccountResponse } from './accounts.mapper';
import * as repo from './accounts.repository';

type Deps = Pick<AppDeps, 'db' | 'storage'>;

/** Any signed-in user of the account, or a platform operator; everyone else gets 404. */
export async function getAccount(db: Db, actor: Actor, id: string): Promise<AccountResponse> {
  const row = await repo.findReachableAccount(db, actor, id);
  if (!row) throw notFound('account');
  return toAccountResponse(row);
}

export async function updateDesign(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateDesignRequest,
): Promise<AccountResponse> {
  return db.transaction().execute(async (trx) => {
    const current = await repo.findReachableAccount(trx, actor, id, { forUpdate: true });
    if (!current) throw notFound('account');
    const updated = await repo.updateAccount(trx, id, { main_color: input.mainColor.toLowerCase() });
    const before = toAccountResponse(current);
    const after = toAccountResponse(updated);
    await writeAudit(trx, actor, {
      action: 'update',
      entityType: 'account',
      entityId: id,
      accountId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Sets the account's logo or favicon to `key` (null removes it), with its audit row. The file
 * replaced is removed once the change has committed; a file written for a failed change is removed too.
 */
async function swapImage(deps: Deps, actor: Actor, id: string, kind: AccountImageKind, key: string | null) {
  let outcome: { response: AccountResponse; replaced: string | null };
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      const current = await repo.findReachableAccount(trx, actor, id, { forUpdate: true });
      if (!current) throw notFound('account');
      const updated = await repo.updateAccount(trx, id, repo.imageColumnValues(kind, key));
      const before = toAccountResponse(current);
      const response = toAccountResponse(updated);
      await writeAudit(trx, actor, {
        action: 'update',
        entityType: 'account',
        entityId: id,
        accountId: id,
        before,
        after: response,
      });
      return { response, replaced: repo.imageKeyOf(current, kind) };
    });
  } catch (error) {
    if (key) await deps.storage.remove(key);
    throw error;
  }
  // the old file is only garbage now: failing to delete it must not fail the change
  if (outcome.replaced && outcome.replaced !== key)
    await deps.storage.remove(outcome.replaced).catch(() => {});
  return outcome.response;
}

/** Replaces the logo (JPG or PNG, 250 kB) or favicon (ICO or PNG, 20 kB), checked by content. */
export async function replaceImage(
  deps: Deps,
  actor: Actor,
  id: string,
  kind: AccountImageKind,
  data: Buffer,
) {
  const rule = ACCOUNT_IMAGES[kind];
  if (!(await repo.findReachableAccount(deps.db, actor, id))) throw notFound('account');
  const extension = await checkUpload(data, rule.types, rule.maxBytes);
  const key = await deps.storage.put(rule.prefix, extension, data);
  return swapImage(deps, actor, id, kind, key);
}

export async function removeImage(deps: Deps, actor: Actor, id: string, kind: AccountImageKind) {
  return swapImage(deps, actor, id, kind, null);
}

/** The stored image with what the response needs; 404 when the account has none. */
export async function readImage(deps: Deps, id: string, kind: AccountImageKind) {
  const key = await repo.findImageKey(deps.db, id, kind);
  const data = key ? await deps.storage.get(key) : null;
  if (!key || !data) throw notFound(kind);
  return { data, contentType: mimeOfExtension(extensionOf(key)), version: imageVersion(key) };
}

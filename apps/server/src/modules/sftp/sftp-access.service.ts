import { randomBytes } from 'node:crypto';
import {
  SFTP_IMPORT_FILE_NAME,
  type SftpAccessResponse,
  type SftpActivationResponse,
  type SftpCataloguesResponse,
  type SftpCategoriesQuery,
  type SftpCategoriesResponse,
  type UpdateSftpAccessBody,
  type Violation,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import {
  type BaseContext,
  type RequestContext,
  type TxContext,
  transact,
} from '../../platform/request-context';
import { hashPassword } from '../../platform/security';
import { requirePremiumFeature } from '../buyback-config';
import { importResponseOf } from '../imports';
import * as repo from './sftp-access.repository';
import { usernameBase } from './sftp-access.rules';

/**
 * SFTP access (docs/imports.md): the built-in SFTP server's login of
 * an account holding the premium feature `sftp_access`. One login per account, its username made
 * from the account's name; activating it draws a new password, answered this once and kept
 * argon2id-hashed; deactivating it forgets the password. A products-import.csv dropped with it is
 * imported into the configured catalogue, under its parent categories, with its suffix.
 */

/** Long enough that guessing is hopeless even unthrottled: 24 characters of base64url. */
const PASSWORD_BYTES = 18;
/** The most categories a search answers (the parent categories' picker searches as one types). */
const CATEGORY_SEARCH_LIMIT = 50;

/** The account (404 outside the caller's reach) holding sftp_access (403 otherwise). */
async function premiumAccount(ctx: BaseContext, accountId: string) {
  const account = await repo.findAccount(ctx, accountId);
  if (!account) throw notFound('account');
  await requirePremiumFeature(ctx, accountId, 'sftp_access');
  return account;
}

async function toResponse(
  ctx: BaseContext,
  account: { id: string; name: string },
  row: repo.AccessRow | null,
): Promise<SftpAccessResponse> {
  const catalogueId = row?.catalogue_account_id ?? account.id;
  const parentIds = row?.parent_category_ids ?? [];
  const found = await repo.categoriesByIds(ctx, catalogueId, parentIds);
  const labels = new Map(found.map((c) => [c.id, c.label]));
  return {
    accountId: account.id,
    // the login is named when first activated
    username: row?.activated_at ? row.username : null,
    status: row?.status ?? 'inactive',
    host: ctx.deps.config.sftpHost,
    // 0: no process of this deployment runs the SFTP server (SFTP_PORT=off)
    port: ctx.deps.config.sftpPort ?? 0,
    catalogue: row ? { id: row.catalogue_account_id, name: row.catalogue_name } : account,
    parentCategories: parentIds.flatMap((id) => {
      const label = labels.get(id);
      return label === undefined ? [] : [{ id, label }];
    }),
    suffix: row?.suffix ?? '',
    fileName: SFTP_IMPORT_FILE_NAME,
    lastImport: row?.last_import_id ? await importResponseOf(ctx, row.last_import_id) : null,
    activatedAt: row?.activated_at ? row.activated_at.toISOString() : null,
  };
}

/** What an audit row says of a login: never its password, nor its hash. */
const audited = (row: repo.AccessRow) => ({
  username: row.username,
  status: row.status,
  catalogueAccountId: row.catalogue_account_id,
  parentCategoryIds: row.parent_category_ids,
  suffix: row.suffix,
});

export async function getSftpAccess(ctx: RequestContext, accountId: string): Promise<SftpAccessResponse> {
  const account = await premiumAccount(ctx, accountId);
  return toResponse(ctx, account, await repo.findAccess(ctx, accountId));
}

/** The account's login, made (inactive, its own catalogue) when it has none yet; locked for the command. */
async function lockedAccess(
  tx: TxContext,
  account: { id: string; name: string },
): Promise<{ row: repo.AccessRow; created: boolean }> {
  const existing = await repo.findAccess(tx, account.id, { forUpdate: true });
  if (existing) return { row: existing, created: false };
  const base = usernameBase(account.name);
  const taken = new Set(await repo.usernamesLike(tx, base));
  let username = base;
  for (let n = 2; taken.has(username); n += 1) username = `${base}-${n}`;
  await repo.insertAccess(tx, { accountId: account.id, username, catalogueAccountId: account.id });
  return {
    row: (await repo.findAccess(tx, account.id, { forUpdate: true })) as repo.AccessRow,
    created: true,
  };
}

/**
 * Changes the import's settings (merge-patch): the catalogue (the account's own or a linked
 * buyer's), the parent categories (categories of that catalogue; a new catalogue without them
 * clears them), the suffix.
 */
export async function updateSftpAccess(
  ctx: RequestContext,
  accountId: string,
  patch: UpdateSftpAccessBody,
): Promise<SftpAccessResponse> {
  const account = await premiumAccount(ctx, accountId);
  return transact(ctx, async (tx) => {
    const { row: current, created } = await lockedAccess(tx, account);
    const violations: Violation[] = [];
    const catalogueId = patch.catalogueAccountId ?? current.catalogue_account_id;
    if (patch.catalogueAccountId !== undefined) {
      const allowed = await repo.catalogues(tx, account.id);
      if (!allowed.some((c) => c.id === patch.catalogueAccountId))
        violations.push({
          propertyPath: 'catalogueAccountId',
          code: 'invalid_catalogue',
          message: 'The catalogue must be the account’s own or a linked buyer’s.',
        });
    }
    const catalogueChanged = catalogueId !== current.catalogue_account_id;
    const parentIds =
      patch.parentCategoryIds !== undefined
        ? [...new Set(patch.parentCategoryIds)]
        : catalogueChanged
          ? []
          : current.parent_category_ids;
    if (patch.parentCategoryIds !== undefined && violations.length === 0) {
      const found = await repo.categoriesByIds(tx, catalogueId, parentIds);
      if (found.length !== parentIds.length)
        violations.push({
          propertyPath: 'parentCategoryIds',
          code: 'unknown_category',
          message: 'Every parent category must be a category of the chosen catalogue.',
        });
    }
    if (violations.length)
      throw new AppError('validation_failed', violations.map((v) => v.message).join(' '), violations);
    const suffix = patch.suffix ?? current.suffix;
    const changed =
      catalogueChanged ||
      suffix !== current.suffix ||
      parentIds.join(',') !== current.parent_category_ids.join(',');
    if (changed)
      await repo.updateAccess(tx, account.id, {
        catalogue_account_id: catalogueId,
        parent_category_ids: parentIds,
        suffix,
      });
    if (changed || created) {
      const updated = (await repo.findAccess(tx, account.id)) as repo.AccessRow;
      await audit(tx, {
        action: created ? 'create' : 'update',
        entityType: 'sftp_access',
        entityId: account.id,
        accountId: account.id,
        ...(created ? {} : { before: audited(current) }),
        after: audited(updated),
      });
      return toResponse(tx, account, updated);
    }
    return toResponse(tx, account, current);
  });
}

/**
 * Activates the login with a new password (an active one gets a new password too, the old one
 * refused from then on): the answer carries it this once; only its argon2id hash is kept.
 */
export async function activateSftpAccess(
  ctx: RequestContext,
  accountId: string,
): Promise<SftpActivationResponse> {
  const account = await premiumAccount(ctx, accountId);
  const password = randomBytes(PASSWORD_BYTES).toString('base64url');
  const passwordHash = await hashPassword(password);
  return transact(ctx, async (tx) => {
    const { row: current, created } = await lockedAccess(tx, account);
    await repo.updateAccess(tx, account.id, {
      status: 'active',
      password_hash: passwordHash,
      activated_at: new Date(),
    });
    const updated = (await repo.findAccess(tx, account.id)) as repo.AccessRow;
    await audit(tx, {
      action: created ? 'create' : 'update',
      entityType: 'sftp_access',
      entityId: account.id,
      accountId: account.id,
      ...(created ? {} : { before: audited(current) }),
      after: { ...audited(updated), passwordRenewed: true },
    });
    return { ...(await toResponse(tx, account, updated)), password };
  });
}

/** Deactivates the login: its password is forgotten, so only a reactivation (a new password) opens it again. */
export async function deactivateSftpAccess(
  ctx: RequestContext,
  accountId: string,
): Promise<SftpAccessResponse> {
  const account = await premiumAccount(ctx, accountId);
  return transact(ctx, async (tx) => {
    const current = await repo.findAccess(tx, account.id, { forUpdate: true });
    if (!current || current.status === 'inactive') return toResponse(tx, account, current);
    await repo.updateAccess(tx, account.id, { status: 'inactive', password_hash: null });
    const updated = (await repo.findAccess(tx, account.id)) as repo.AccessRow;
    await audit(tx, {
      action: 'update',
      entityType: 'sftp_access',
      entityId: account.id,
      accountId: account.id,
      before: audited(current),
      after: audited(updated),
    });
    return toResponse(tx, account, updated);
  });
}

export async function listSftpCatalogues(
  ctx: RequestContext,
  accountId: string,
): Promise<SftpCataloguesResponse> {
  await premiumAccount(ctx, accountId);
  return { member: await repo.catalogues(ctx, accountId) };
}

/** Categories of one of the catalogues the login may import into (404 for another catalogue). */
export async function listSftpCategories(
  ctx: RequestContext,
  accountId: string,
  query: SftpCategoriesQuery,
): Promise<SftpCategoriesResponse> {
  await premiumAccount(ctx, accountId);
  const allowed = await repo.catalogues(ctx, accountId);
  if (!allowed.some((c) => c.id === query.catalogueAccountId)) throw notFound('catalogue');
  return {
    member: await repo.searchCategories(ctx, query.catalogueAccountId, query.search, CATEGORY_SEARCH_LIMIT),
  };
}

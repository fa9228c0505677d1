import { randomUUID } from 'node:crypto';
import {
  type CategoryResponse,
  type CreateCategoryRequest,
  ERROR_STATUS,
  type ErrorCode,
  type PatchCategoryRequest,
  type Violation,
} from '@reprise/shared';
import { audit } from '../../../platform/audit';
import { AppError, notFound } from '../../../platform/errors';
import { requirePremiumFeature } from '../../../platform/premium-features';
import { type RequestContext, type TxContext, transact } from '../../../platform/request-context';
import { baseLanguageViolations } from '../../../platform/translations';
import { linkedBuyerViolations } from '../../accounts';
import { storeImage, swapStoredImage } from '../catalog-images';
import { writeScope } from '../catalog-scope';
import { sortKey } from '../catalog-text';
import { toCategoryColumns } from './categories.mapper';
import * as repo from './categories.repository';
import { toResponses } from './categories.service';
import { absorptionViolation, deletionViolations, isOwnDescendant } from './category-rules';
import { pathUnder } from './category-tree';

/** One 422 with every violation; its code is the first that names an error of the catalogue. */
function reject(violations: Violation[]): never {
  const code = (violations.find((v) => v.code in ERROR_STATUS)?.code ?? 'validation_failed') as ErrorCode;
  throw new AppError(code, violations.map((v) => v.message).join(' '), violations);
}

const violation = (propertyPath: string, code: string, message: string): Violation => ({
  propertyPath,
  code,
  message,
});

async function responseOf(tx: TxContext, row: repo.CategoryRow): Promise<CategoryResponse> {
  return (await toResponses(tx, [row]))[0] as CategoryResponse;
}

/** The buyer must be a buyer-side account, and every referring warehouse one of its warehouses. */
async function buyerViolations(tx: TxContext, buyerAccountId: string, warehouseIds: string[] | undefined) {
  const violations: Violation[] = [];
  const buyer = await repo.findAccount(tx, buyerAccountId);
  if (!buyer?.is_buyer_and_workshops_supervisor) {
    violations.push(violation('buyerAccountId', 'not_a_buyer', 'The buyer must be a buyer account.'));
    return violations;
  }
  if (warehouseIds) {
    const found = await repo.findOrganizations(tx, warehouseIds);
    const valid = new Set(
      found.filter((o) => o.type === 'warehouse' && o.account_id === buyerAccountId).map((o) => o.id),
    );
    if (warehouseIds.some((id) => !valid.has(id)))
      violations.push(
        violation(
          'referringWarehouseIds',
          'not_a_buyer_warehouse',
          'Every referring warehouse must be a warehouse of the buyer.',
        ),
      );
  }
  return violations;
}

async function identifierViolations(
  tx: TxContext,
  accountId: string,
  identifier: string | undefined,
  exceptId?: string,
) {
  if (!identifier || !(await repo.isIdentifierTaken(tx, accountId, identifier, exceptId))) return [];
  return [
    violation('identifier', 'identifier_not_unique', 'This identifier is already used in the catalogue.'),
  ];
}

/** Translations in other languages than the catalogue account's own (docs/translations.md). */
async function translationViolations(
  tx: TxContext,
  accountId: string,
  translations: CreateCategoryRequest['translations'] | undefined,
) {
  if (!translations || Object.keys(translations).length === 0) return [];
  const account = await repo.findAccount(tx, accountId);
  return account ? baseLanguageViolations(translations, account.language) : [];
}

/** The account whose catalogue a new category joins: an operator names it; everyone else uses their own. */
async function targetAccount(tx: TxContext, accountId: string | undefined) {
  if (!tx.actor.isPlatform) return tx.actor.accountId;
  if (!accountId) reject([violation('accountId', 'required', 'Name the retailer account of the catalogue.')]);
  const account = await repo.findAccount(tx, accountId);
  if (!account?.is_retailer)
    reject([violation('accountId', 'not_a_retailer', 'The catalogue must belong to a retailer account.')]);
  return accountId;
}

export async function createCategory(
  ctx: RequestContext,
  input: CreateCategoryRequest,
): Promise<CategoryResponse> {
  const scope = writeScope(ctx);
  if (scope.kind === 'none') throw notFound('catalogue');
  return transact(ctx, async (tx) => {
    const accountId = await targetAccount(tx, input.accountId);
    await repo.lockCatalogue(tx.trx, accountId);
    const violations: Violation[] = [];
    const rootOrganizationId = await repo.findRootOrganizationId(tx, accountId);
    if (!rootOrganizationId) throw notFound('root organisation');
    let parentPath: string | null = null;
    if (input.parentCategoryId) {
      const parent = await repo.findCategory(tx, { kind: 'account', accountId }, input.parentCategoryId);
      if (parent) parentPath = parent.path;
      else
        violations.push(
          violation('parentCategoryId', 'invalid_parent', 'The parent category is not in this catalogue.'),
        );
    }
    violations.push(...(await identifierViolations(tx, accountId, input.identifier)));
    violations.push(...(await buyerViolations(tx, input.buyerAccountId, input.referringWarehouseIds)));
    violations.push(...(await linkedBuyerViolations(tx, accountId, input.buyerAccountId)));
    violations.push(...(await translationViolations(tx, accountId, input.translations)));
    const absorption = absorptionViolation(input.absorptionType, input.absorptionValue);
    if (absorption) violations.push(absorption);
    if (violations.length) reject(violations);
    // an absorption applies only with the premium feature: set without it, it would do nothing
    if (input.absorptionType !== 'none') await requirePremiumFeature(tx, accountId, 'absorption');

    const id = randomUUID();
    await repo.insertCategory(tx, {
      ...toCategoryColumns(input),
      id,
      account_id: accountId,
      organization_id: rootOrganizationId,
      parent_category_id: input.parentCategoryId,
      path: pathUnder(parentPath, id),
      identifier: input.identifier,
      label: input.label,
      sort_label: sortKey(input.label),
      default_weight: input.defaultWeight,
      buyer_account_id: input.buyerAccountId,
    });
    await repo.replaceWarehouses(tx, id, input.referringWarehouseIds);
    const response = await responseOf(tx, (await repo.findCategory(tx, scope, id)) as repo.CategoryRow);
    await audit(tx, {
      action: 'create',
      entityType: 'category',
      entityId: id,
      accountId,
      after: response,
    });
    return response;
  });
}

/** The new path of a category moving under a parent (null: to the root), or why the parent is refused. */
async function pathUnderParent(
  tx: TxContext,
  category: repo.CategoryRow,
  parentId: string | null,
): Promise<{ path: string } | { violation: Violation }> {
  if (!parentId) return { path: pathUnder(null, category.id) };
  const parent = await repo.findCategory(tx, { kind: 'account', accountId: category.account_id }, parentId);
  if (!parent)
    return {
      violation: violation(
        'parentCategoryId',
        'invalid_parent',
        'The parent category is not in this catalogue.',
      ),
    };
  if (isOwnDescendant(category.path, parent.path))
    return {
      violation: violation(
        'parentCategoryId',
        'invalid_parent',
        'A category cannot move under itself or one of its descendants.',
      ),
    };
  return { path: pathUnder(parent.path, category.id) };
}

/**
 * True when the patch sets an absorption (a type other than none, or another value of one): that
 * needs the premium feature. Keeping the absorption a category has, or removing it, does not.
 */
function setsAbsorption(current: repo.CategoryRow, input: PatchCategoryRequest): boolean {
  const type = input.absorptionType ?? current.absorption_type;
  if (type === 'none') return false;
  return (
    (input.absorptionType !== undefined && input.absorptionType !== current.absorption_type) ||
    (input.absorptionValue !== undefined && input.absorptionValue !== current.absorption_value)
  );
}

/**
 * Applies a merge-patch. The buyer is not editable after creation (only by the provider team);
 * a new parent must be in the same catalogue and neither the category nor one of its descendants.
 */
export async function updateCategory(
  ctx: RequestContext,
  id: string,
  input: PatchCategoryRequest,
): Promise<CategoryResponse> {
  const scope = writeScope(ctx);
  return transact(ctx, async (tx) => {
    const found = await repo.findCategory(tx, scope, id);
    if (!found) throw notFound('category');
    await repo.lockCatalogue(tx.trx, found.account_id);
    const current = (await repo.findCategory(tx, scope, id, { lock: 'update' })) as repo.CategoryRow;
    const before = await responseOf(tx, current);
    const violations: Violation[] = [];
    if (input.buyerAccountId !== undefined && input.buyerAccountId !== current.buyer_account_id)
      violations.push(
        violation(
          'buyerAccountId',
          'immutable_field',
          'The buyer of a category cannot change after creation.',
        ),
      );
    if (input.identifier !== undefined && input.identifier !== current.identifier)
      violations.push(...(await identifierViolations(tx, current.account_id, input.identifier, id)));
    if (input.referringWarehouseIds)
      violations.push(...(await buyerViolations(tx, current.buyer_account_id, input.referringWarehouseIds)));
    violations.push(...(await translationViolations(tx, current.account_id, input.translations)));
    const absorption = absorptionViolation(
      (input.absorptionType ?? current.absorption_type) as CreateCategoryRequest['absorptionType'],
      input.absorptionValue ?? current.absorption_value,
    );
    if (absorption && (input.absorptionType !== undefined || input.absorptionValue !== undefined))
      violations.push(absorption);
    let newPath: string | null = null;
    if (input.parentCategoryId !== undefined && input.parentCategoryId !== current.parent_category_id) {
      const move = await pathUnderParent(tx, current, input.parentCategoryId);
      if ('violation' in move) violations.push(move.violation);
      else newPath = move.path;
    }
    if (violations.length) reject(violations);
    if (setsAbsorption(current, input)) await requirePremiumFeature(tx, current.account_id, 'absorption');

    const columns = toCategoryColumns(input);
    if (newPath) columns.parent_category_id = input.parentCategoryId;
    await repo.updateCategory(tx, id, columns);
    if (newPath) await repo.moveSubtree(tx, current.account_id, current.path, newPath);
    if (input.referringWarehouseIds) await repo.replaceWarehouses(tx, id, input.referringWarehouseIds);
    if (columns.sort_label !== undefined && columns.sort_label !== current.sort_label)
      await repo.renameInProducts(tx, id, columns.sort_label as string);
    const after = await responseOf(tx, (await repo.findCategory(tx, scope, id)) as repo.CategoryRow);
    await audit(tx, {
      action: 'update',
      entityType: 'category',
      entityId: id,
      accountId: current.account_id,
      before,
      after,
    });
    return after;
  });
}

/** A category with products, questions or sub-categories cannot be deleted: 409 with the reasons. */
export async function deleteCategory(ctx: RequestContext, id: string): Promise<void> {
  const scope = writeScope(ctx);
  await transact(ctx, async (tx) => {
    const found = await repo.findCategory(tx, scope, id);
    if (!found) throw notFound('category');
    await repo.lockCatalogue(tx.trx, found.account_id);
    const current = (await repo.findCategory(tx, scope, id, { lock: 'update' })) as repo.CategoryRow;
    const reasons = deletionViolations(await repo.deletionBlockers(tx, id));
    if (reasons.length)
      throw new AppError(
        'category_not_deletable',
        `This category cannot be deleted: ${reasons.map((r) => r.message).join(' ')}`,
        reasons,
      );
    const before = await responseOf(tx, current);
    await repo.deleteCategory(tx, id);
    await audit(tx, {
      action: 'remove',
      entityType: 'category',
      entityId: id,
      accountId: current.account_id,
      before,
    });
    const imageKey = current.image_key;
    // the file is only garbage once the category is gone: failing to delete it fails nothing
    if (imageKey) tx.afterCommit(() => ctx.deps.storage.remove(imageKey).catch(() => {}));
  });
}

/** Sets (or, with null, removes) the category's image, with its audit row. */
export async function replaceCategoryImage(
  ctx: RequestContext,
  id: string,
  data: Buffer | null,
): Promise<CategoryResponse> {
  const scope = writeScope(ctx);
  const { storage } = ctx.deps;
  if (!(await repo.findCategory(ctx, scope, id))) throw notFound('category');
  const key = data ? await storeImage(storage, 'categories', data) : null;
  return swapStoredImage(storage, key, () =>
    transact(ctx, async (tx) => {
      const current = await repo.findCategory(tx, scope, id, { lock: 'update' });
      if (!current) throw notFound('category');
      const before = await responseOf(tx, current);
      await repo.updateCategory(tx, id, { image_key: key });
      const after = await responseOf(tx, (await repo.findCategory(tx, scope, id)) as repo.CategoryRow);
      await audit(tx, {
        action: 'update',
        entityType: 'category',
        entityId: id,
        accountId: current.account_id,
        before,
        after,
      });
      return { result: after, replaced: current.image_key };
    }),
  );
}

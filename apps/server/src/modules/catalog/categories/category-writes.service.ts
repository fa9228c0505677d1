import { randomUUID } from 'node:crypto';
import {
  type CategoryResponse,
  type CreateCategoryRequest,
  ERROR_STATUS,
  type ErrorCode,
  type PatchCategoryRequest,
  type Violation,
} from '@reprise/shared';
import { writeAudit } from '../../../platform/audit';
import type { Actor } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError, notFound } from '../../../platform/errors';
import { baseLanguageViolations } from '../../../platform/translations';
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

async function responseOf(trx: Db, row: repo.CategoryRow): Promise<CategoryResponse> {
  return (await toResponses(trx, [row]))[0] as CategoryResponse;
}

/** The buyer must be a buyer-side account, and every referring warehouse one of its warehouses. */
async function buyerViolations(trx: Db, buyerAccountId: string, warehouseIds: string[] | undefined) {
  const violations: Violation[] = [];
  const buyer = await repo.findAccount(trx, buyerAccountId);
  if (!buyer?.is_buyer_and_workshops_supervisor) {
    violations.push(violation('buyerAccountId', 'not_a_buyer', 'The buyer must be a buyer account.'));
    return violations;
  }
  if (warehouseIds) {
    const found = await repo.findOrganizations(trx, warehouseIds);
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
  trx: Db,
  accountId: string,
  identifier: string | undefined,
  exceptId?: string,
) {
  if (!identifier || !(await repo.isIdentifierTaken(trx, accountId, identifier, exceptId))) return [];
  return [
    violation('identifier', 'identifier_not_unique', 'This identifier is already used in the catalogue.'),
  ];
}

/** Translations in other languages than the catalogue account's own (docs/translations.md). */
async function translationViolations(
  trx: Db,
  accountId: string,
  translations: CreateCategoryRequest['translations'] | undefined,
) {
  if (!translations || Object.keys(translations).length === 0) return [];
  const account = await repo.findAccount(trx, accountId);
  return account ? baseLanguageViolations(translations, account.language) : [];
}

/** The account whose catalogue a new category joins: an operator names it; everyone else uses their own. */
async function targetAccount(trx: Db, actor: Actor, accountId: string | undefined) {
  if (!actor.isPlatform) return actor.accountId;
  if (!accountId) reject([violation('accountId', 'required', 'Name the retailer account of the catalogue.')]);
  const account = await repo.findAccount(trx, accountId);
  if (!account?.is_retailer)
    reject([violation('accountId', 'not_a_retailer', 'The catalogue must belong to a retailer account.')]);
  return accountId;
}

export async function createCategory(
  db: Db,
  actor: Actor,
  input: CreateCategoryRequest,
): Promise<CategoryResponse> {
  const scope = writeScope(actor);
  if (scope.kind === 'none') throw notFound('catalogue');
  return db.transaction().execute(async (trx) => {
    const accountId = await targetAccount(trx, actor, input.accountId);
    await repo.lockCatalogue(trx, accountId);
    const violations: Violation[] = [];
    const rootOrganizationId = await repo.findRootOrganizationId(trx, accountId);
    if (!rootOrganizationId) throw notFound('root organisation');
    let parentPath: string | null = null;
    if (input.parentCategoryId) {
      const parent = await repo.findCategory(trx, { kind: 'account', accountId }, input.parentCategoryId);
      if (parent) parentPath = parent.path;
      else
        violations.push(
          violation('parentCategoryId', 'invalid_parent', 'The parent category is not in this catalogue.'),
        );
    }
    violations.push(...(await identifierViolations(trx, accountId, input.identifier)));
    violations.push(...(await buyerViolations(trx, input.buyerAccountId, input.referringWarehouseIds)));
    violations.push(...(await translationViolations(trx, accountId, input.translations)));
    const absorption = absorptionViolation(input.absorptionType, input.absorptionValue);
    if (absorption) violations.push(absorption);
    if (violations.length) reject(violations);

    const id = randomUUID();
    await repo.insertCategory(trx, {
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
    await repo.replaceWarehouses(trx, id, input.referringWarehouseIds);
    const response = await responseOf(trx, (await repo.findCategory(trx, scope, id)) as repo.CategoryRow);
    await writeAudit(trx, actor, {
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
  trx: Db,
  category: repo.CategoryRow,
  parentId: string | null,
): Promise<{ path: string } | { violation: Violation }> {
  if (!parentId) return { path: pathUnder(null, category.id) };
  const parent = await repo.findCategory(trx, { kind: 'account', accountId: category.account_id }, parentId);
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
 * Applies a merge-patch. The buyer is not editable after creation (only by the provider team);
 * a new parent must be in the same catalogue and neither the category nor one of its descendants.
 */
export async function updateCategory(
  db: Db,
  actor: Actor,
  id: string,
  input: PatchCategoryRequest,
): Promise<CategoryResponse> {
  const scope = writeScope(actor);
  return db.transaction().execute(async (trx) => {
    const found = await repo.findCategory(trx, scope, id);
    if (!found) throw notFound('category');
    await repo.lockCatalogue(trx, found.account_id);
    const current = (await repo.findCategory(trx, scope, id, { lock: 'update' })) as repo.CategoryRow;
    const before = await responseOf(trx, current);
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
      violations.push(...(await identifierViolations(trx, current.account_id, input.identifier, id)));
    if (input.referringWarehouseIds)
      violations.push(...(await buyerViolations(trx, current.buyer_account_id, input.referringWarehouseIds)));
    violations.push(...(await translationViolations(trx, current.account_id, input.translations)));
    const absorption = absorptionViolation(
      (input.absorptionType ?? current.absorption_type) as CreateCategoryRequest['absorptionType'],
      input.absorptionValue ?? current.absorption_value,
    );
    if (absorption && (input.absorptionType !== undefined || input.absorptionValue !== undefined))
      violations.push(absorption);
    let newPath: string | null = null;
    if (input.parentCategoryId !== undefined && input.parentCategoryId !== current.parent_category_id) {
      const move = await pathUnderParent(trx, current, input.parentCategoryId);
      if ('violation' in move) violations.push(move.violation);
      else newPath = move.path;
    }
    if (violations.length) reject(violations);

    const columns = toCategoryColumns(input);
    if (newPath) columns.parent_category_id = input.parentCategoryId;
    await repo.updateCategory(trx, id, columns);
    if (newPath) await repo.moveSubtree(trx, current.account_id, current.path, newPath);
    if (input.referringWarehouseIds) await repo.replaceWarehouses(trx, id, input.referringWarehouseIds);
    if (columns.sort_label !== undefined && columns.sort_label !== current.sort_label)
      await repo.renameInProducts(trx, id, columns.sort_label as string);
    const after = await responseOf(trx, (await repo.findCategory(trx, scope, id)) as repo.CategoryRow);
    await writeAudit(trx, actor, {
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
export async function deleteCategory(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  actor: Actor,
  id: string,
): Promise<void> {
  const scope = writeScope(actor);
  const imageKey = await deps.db.transaction().execute(async (trx) => {
    const found = await repo.findCategory(trx, scope, id);
    if (!found) throw notFound('category');
    await repo.lockCatalogue(trx, found.account_id);
    const current = (await repo.findCategory(trx, scope, id, { lock: 'update' })) as repo.CategoryRow;
    const reasons = deletionViolations(await repo.deletionBlockers(trx, id));
    if (reasons.length)
      throw new AppError(
        'category_not_deletable',
        `This category cannot be deleted: ${reasons.map((r) => r.message).join(' ')}`,
        reasons,
      );
    const before = await responseOf(trx, current);
    await repo.deleteCategory(trx, id);
    await writeAudit(trx, actor, {
      action: 'remove',
      entityType: 'category',
      entityId: id,
      accountId: current.account_id,
      before,
    });
    return current.image_key;
  });
  if (imageKey) await deps.storage.remove(imageKey).catch(() => {});
}

/** Sets (or, with null, removes) the category's image, with its audit row. */
export async function replaceCategoryImage(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  actor: Actor,
  id: string,
  data: Buffer | null,
): Promise<CategoryResponse> {
  const scope = writeScope(actor);
  if (!(await repo.findCategory(deps.db, scope, id))) throw notFound('category');
  const key = data ? await storeImage(deps.storage, 'categories', data) : null;
  return swapStoredImage(deps.storage, key, () =>
    deps.db.transaction().execute(async (trx) => {
      const current = await repo.findCategory(trx, scope, id, { lock: 'update' });
      if (!current) throw notFound('category');
      const before = await responseOf(trx, current);
      await repo.updateCategory(trx, id, { image_key: key });
      const after = await responseOf(trx, (await repo.findCategory(trx, scope, id)) as repo.CategoryRow);
      await writeAudit(trx, actor, {
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

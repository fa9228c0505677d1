import { randomUUID } from 'node:crypto';
import type { CreateProductRequest, PatchProductRequest, ProductResponse, Violation } from '@reprise/shared';
import { audit } from '../../../platform/audit';
import { AppError, notFound } from '../../../platform/errors';
import { type RequestContext, type TxContext, transact } from '../../../platform/request-context';
import { translationsColumn } from '../../../platform/translations';
import { storeImage, swapStoredImage } from '../catalog-images';
import { type CatalogScope, writeScope } from '../catalog-scope';
import { checkCatalogTranslations } from '../catalog-translations';
import type { ProductSearch } from '../search/product-search';
import { derivedColumns, priceColumns, pricesOf } from './products.mapper';
import * as repo from './products.repository';
import { type ProductImageKind, toResponses } from './products.service';

const inScope = (scope: CatalogScope, accountId: string) =>
  scope.kind === 'all' || (scope.kind === 'account' && scope.accountId === accountId);

async function responseOf(tx: TxContext, scope: CatalogScope, id: string): Promise<ProductResponse> {
  const row = await repo.findProduct(tx, scope, id);
  return (await toResponses(tx, [row as repo.ProductRow]))[0] as ProductResponse;
}

/**
 * The main category must be in a catalogue the actor writes, the secondary ones in the same
 * catalogue. The categories are locked (key share) so that none is deleted before the product is written.
 */
async function resolveCategories(tx: TxContext, scope: CatalogScope, mainId: string, secondaryIds: string[]) {
  const facts = await repo.findCategoryFacts(tx, [mainId, ...secondaryIds], { share: true });
  const main = facts.find((c) => c.id === mainId);
  if (!main || !inScope(scope, main.account_id)) {
    throw new AppError('validation_failed', 'The main category is not in your catalogue.', [
      {
        propertyPath: 'mainCategoryId',
        message: 'The main category is not in your catalogue.',
        code: 'category_not_found',
      },
    ]);
  }
  const secondary = secondaryIds.filter((id) => id !== mainId);
  const strangers = secondary.filter((id) => facts.find((c) => c.id === id)?.account_id !== main.account_id);
  if (strangers.length) {
    const violation: Violation = {
      propertyPath: 'secondaryCategoryIds',
      message: 'Every secondary category must be in the catalogue of the main category.',
      code: 'category_not_found',
    };
    throw new AppError('validation_failed', violation.message, [violation]);
  }
  return { main, secondary };
}

const counted = (categoryId: string, status: string, sign: 1 | -1): repo.CountDelta => ({
  categoryId,
  products: sign,
  published: status === 'published' ? sign : 0,
});

/** Creates a product and its search document (`search`: the catalogue's engine, catalog.routes.ts). */
export async function createProduct(
  ctx: RequestContext,
  search: ProductSearch,
  input: CreateProductRequest,
): Promise<ProductResponse> {
  const scope = writeScope(ctx);
  return transact(ctx, async (tx) => {
    const { main, secondary } = await resolveCategories(
      tx,
      scope,
      input.mainCategoryId,
      input.secondaryCategoryIds,
    );
    await checkCatalogTranslations(tx, main.account_id, [
      { path: 'translations', translations: input.translations },
    ]);
    const id = randomUUID();
    await repo.insertProduct(tx, {
      id,
      account_id: main.account_id,
      main_category_id: main.id,
      secondary_category_ids: secondary,
      name: input.name,
      brand: input.brand,
      model: input.model,
      reference: input.reference,
      ean_code: input.eanCode,
      tac_codes: input.tacCodes,
      is_collecting_imei: input.isCollectingIMEI,
      comment_for_seller: input.commentForSeller,
      status: input.status,
      ...priceColumns(input.buybackPrices),
      buyback_zero_not_allowed: input.buybackZeroNotAllowed,
      length: input.length,
      width: input.width,
      height: input.height,
      weight: input.weight,
      buyer_reference: input.buyerReference,
      translations: translationsColumn(input.translations),
      ...(derivedColumns(input, main.sort_label) as {
        sort_name: string;
        sort_brand: string;
        sort_category: string;
        filter_text: string;
      }),
    });
    await repo.adjustCategoryCounts(tx, [counted(main.id, input.status, 1)]);
    await search.index(tx, [id]);
    const response = await responseOf(tx, scope, id);
    await audit(tx, {
      action: 'create',
      entityType: 'product',
      entityId: id,
      accountId: main.account_id,
      after: response,
    });
    return response;
  });
}

/** Applies a merge-patch; `buybackPrices` merges the states sent into the current prices. */
export async function updateProduct(
  ctx: RequestContext,
  search: ProductSearch,
  id: string,
  input: PatchProductRequest,
): Promise<ProductResponse> {
  const scope = writeScope(ctx);
  return transact(ctx, async (tx) => {
    const current = await repo.findProduct(tx, scope, id, { forUpdate: true });
    if (!current) throw notFound('product');
    const before = (await toResponses(tx, [current]))[0] as ProductResponse;
    const { main, secondary } = await resolveCategories(
      tx,
      scope,
      input.mainCategoryId ?? current.main_category_id,
      input.secondaryCategoryIds ?? current.secondary_category_ids,
    );
    if (main.account_id !== current.account_id) {
      throw new AppError('validation_failed', 'A product stays in its catalogue.', [
        {
          propertyPath: 'mainCategoryId',
          message: 'A product stays in its catalogue.',
          code: 'category_not_found',
        },
      ]);
    }
    await checkCatalogTranslations(tx, current.account_id, [
      { path: 'translations', translations: input.translations },
    ]);
    const texts = {
      name: input.name ?? current.name,
      brand: input.brand === undefined ? current.brand : input.brand,
      model: input.model === undefined ? current.model : input.model,
      eanCode: input.eanCode === undefined ? current.ean_code : input.eanCode,
      reference: input.reference === undefined ? current.reference : input.reference,
    };
    const status = input.status ?? current.status;
    await repo.updateProduct(tx, id, {
      main_category_id: main.id,
      secondary_category_ids: secondary,
      name: texts.name,
      brand: texts.brand,
      model: texts.model,
      reference: texts.reference,
      ean_code: texts.eanCode,
      ...(input.tacCodes !== undefined ? { tac_codes: input.tacCodes } : {}),
      ...(input.isCollectingIMEI !== undefined ? { is_collecting_imei: input.isCollectingIMEI } : {}),
      ...(input.commentForSeller !== undefined ? { comment_for_seller: input.commentForSeller } : {}),
      status,
      ...priceColumns({ ...pricesOf(current), ...input.buybackPrices }),
      ...(input.buybackZeroNotAllowed !== undefined
        ? { buyback_zero_not_allowed: input.buybackZeroNotAllowed }
        : {}),
      ...(input.length !== undefined ? { length: input.length } : {}),
      ...(input.width !== undefined ? { width: input.width } : {}),
      ...(input.height !== undefined ? { height: input.height } : {}),
      ...(input.weight !== undefined ? { weight: input.weight } : {}),
      ...(input.buyerReference !== undefined ? { buyer_reference: input.buyerReference } : {}),
      ...(input.translations !== undefined ? { translations: translationsColumn(input.translations) } : {}),
      ...derivedColumns(texts, main.sort_label),
    });
    if (main.id !== current.main_category_id || status !== current.status)
      await repo.adjustCategoryCounts(tx, [
        counted(current.main_category_id, current.status, -1),
        counted(main.id, status, 1),
      ]);
    await search.index(tx, [id]);
    const after = await responseOf(tx, scope, id);
    await audit(tx, {
      action: 'update',
      entityType: 'product',
      entityId: id,
      accountId: current.account_id,
      before,
      after,
    });
    return after;
  });
}

/** A product may be deleted while no buyback references it (buybacks do not exist yet). */
export async function deleteProduct(ctx: RequestContext, search: ProductSearch, id: string): Promise<void> {
  const scope = writeScope(ctx);
  await transact(ctx, async (tx) => {
    const current = await repo.findProduct(tx, scope, id, { forUpdate: true });
    if (!current) throw notFound('product');
    const before = (await toResponses(tx, [current]))[0];
    await repo.deleteProduct(tx, id);
    await repo.adjustCategoryCounts(tx, [counted(current.main_category_id, current.status, -1)]);
    await search.index(tx, [id]);
    await audit(tx, {
      action: 'remove',
      entityType: 'product',
      entityId: id,
      accountId: current.account_id,
      before,
    });
    // the files are only garbage once the product is gone: failing to delete them fails nothing
    for (const key of [current.image_key, current.image_hd_key])
      if (key) tx.afterCommit(() => ctx.deps.storage.remove(key).catch(() => {}));
  });
}

/** Sets (or, with null, removes) the product's image or HD image, with its audit row. */
export async function replaceProductImage(
  ctx: RequestContext,
  id: string,
  kind: ProductImageKind,
  data: Buffer | null,
): Promise<ProductResponse> {
  const scope = writeScope(ctx);
  const { storage } = ctx.deps;
  if (!(await repo.findProduct(ctx, scope, id))) throw notFound('product');
  const key = data ? await storeImage(storage, kind === 'image' ? 'products' : 'products-hd', data) : null;
  const column = kind === 'image' ? 'image_key' : 'image_hd_key';
  return swapStoredImage(storage, key, () =>
    transact(ctx, async (tx) => {
      const current = await repo.findProduct(tx, scope, id, { forUpdate: true });
      if (!current) throw notFound('product');
      const before = (await toResponses(tx, [current]))[0];
      await repo.updateProduct(tx, id, { [column]: key });
      const after = await responseOf(tx, scope, id);
      await audit(tx, {
        action: 'update',
        entityType: 'product',
        entityId: id,
        accountId: current.account_id,
        before,
        after,
      });
      return { result: after, replaced: current[column] };
    }),
  );
}

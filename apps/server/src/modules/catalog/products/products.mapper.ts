import type { BuybackPrices, CategoryRef, ProductResponse } from '@reprise/shared';
import type { Updateable } from 'kysely';
import type { ProductsTable } from '../../../platform/db.types';
import { imageUrl } from '../catalog-images';
import { normalize, sortKey } from '../catalog-text';
import { idsOfPath } from '../categories/category-tree';
import { effectiveDimensions } from './effective-dimensions';
import type { CategoryFacts, ProductRow } from './products.repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export const productImagePath = (id: string, kind: 'image' | 'image-hd') => `/api/products/${id}/${kind}`;

/** A product's image as buybacks and items show it (versioned by its stored key). */
export const productImageUrl = (productId: string, key: string | null) =>
  imageUrl(productImagePath(productId, 'image'), key);

export const pricesOf = (row: Pick<ProductRow, `price_${keyof BuybackPrices}`>): BuybackPrices => ({
  functional: row.price_functional,
  grade_a: row.price_grade_a,
  grade_b: row.price_grade_b,
  grade_c: row.price_grade_c,
  grade_d: row.price_grade_d,
  grade_e: row.price_grade_e,
});

export const priceColumns = (prices: BuybackPrices) => ({
  price_functional: prices.functional,
  price_grade_a: prices.grade_a,
  price_grade_b: prices.grade_b,
  price_grade_c: prices.grade_c,
  price_grade_d: prices.grade_d,
  price_grade_e: prices.grade_e,
});

const categoryDimensions = (c: CategoryFacts) => ({
  length: c.default_length,
  width: c.default_width,
  height: c.default_height,
  weight: c.default_weight,
});

/** The categories a page of products refers to: main, secondary, and the main categories' ancestors. */
export function categoryIdsOf(rows: readonly ProductRow[]): string[] {
  return [...new Set(rows.flatMap((r) => [...idsOfPath(r.main_path), ...r.secondary_category_ids]))];
}

export function toProductResponse(
  row: ProductRow,
  categories: ReadonlyMap<string, CategoryFacts>,
): ProductResponse {
  const ref = (c: CategoryFacts): CategoryRef => ({ id: c.id, identifier: c.identifier, label: c.label });
  const chain = idsOfPath(row.main_path)
    .reverse()
    .flatMap((id) => {
      const c = categories.get(id);
      return c ? [categoryDimensions(c)] : [];
    });
  const effective = effectiveDimensions(row, chain);
  const image = imageUrl(productImagePath(row.id, 'image'), row.image_key);
  const imageHd = imageUrl(productImagePath(row.id, 'image-hd'), row.image_hd_key);
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    brand: row.brand,
    model: row.model,
    reference: row.reference,
    eanCode: row.ean_code,
    tacCodes: row.tac_codes,
    isCollectingIMEI: row.is_collecting_imei,
    mainCategoryId: row.main_category_id,
    mainCategory: { id: row.main_category_id, identifier: row.main_identifier, label: row.main_label },
    secondaryCategoryIds: row.secondary_category_ids,
    secondaryCategories: row.secondary_category_ids.flatMap((id) => {
      const c = categories.get(id);
      return c ? [ref(c)] : [];
    }),
    image: image ? { url: image, alt: row.name } : null,
    imageHd: imageHd ? { url: imageHd, alt: row.name } : null,
    commentForSeller: row.comment_for_seller,
    status: row.status as ProductResponse['status'],
    buybackPrices: pricesOf(row),
    buybackZeroNotAllowed: row.buyback_zero_not_allowed,
    length: row.length,
    width: row.width,
    height: row.height,
    weight: row.weight,
    effectiveLength: effective.length,
    effectiveWidth: effective.width,
    effectiveHeight: effective.height,
    effectiveWeight: effective.weight,
    buyerReference: row.buyer_reference,
    translations: row.translations,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface ProductTexts {
  name: string;
  brand: string | null;
  model: string | null;
  eanCode: string | null;
  reference: string | null;
}

/** The columns derived from a product's texts and main category: orders and the list's text filter. */
export function derivedColumns(
  texts: ProductTexts,
  mainCategorySortLabel: string,
): Updateable<ProductsTable> {
  return {
    sort_name: sortKey(texts.name),
    sort_brand: sortKey(texts.brand),
    sort_category: mainCategorySortLabel,
    filter_text: normalize(
      [texts.name, texts.brand, texts.model, texts.eanCode, texts.reference].filter(Boolean).join(' '),
    ),
  };
}

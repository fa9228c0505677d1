import { type Locale, type PublicProductCard, translatedText } from '@reprise/shared';
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../../platform/db.types';
import { imageVersion } from '../accounts';

/** A product's six prices (cents): functional, then grades A to E. */
export const PRODUCT_PRICE_COLUMNS = [
  'price_functional',
  'price_grade_a',
  'price_grade_b',
  'price_grade_c',
  'price_grade_d',
  'price_grade_e',
] as const;
export type ProductPriceColumn = (typeof PRODUCT_PRICE_COLUMNS)[number];

/** The products columns a product card is made of (toProductCard). */
export const PRODUCT_CARD_COLUMNS = [
  'id',
  'name',
  'brand',
  'image_key',
  ...PRODUCT_PRICE_COLUMNS,
  'translations',
] as const;

type CardRow = Pick<Selectable<ProductsTable>, (typeof PRODUCT_CARD_COLUMNS)[number]>;

/** A product as the public site shows it (its name in `locale` when translated), with its image served by the site itself. */
export function toProductCard(row: CardRow, locale: Locale | null): PublicProductCard {
  const name = translatedText(row.name, row.translations, locale, 'name');
  return {
    id: row.id,
    name,
    brand: row.brand,
    image: row.image_key
      ? { url: `/api/white-label/products/${row.id}/image?v=${imageVersion(row.image_key)}`, alt: name }
      : null,
    maxPrice: Math.max(...PRODUCT_PRICE_COLUMNS.map((column) => row[column])),
  };
}

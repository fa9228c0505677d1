import { type Locale, type PublicProductCard, type Translations, translatedText } from '@reprise/shared';
import { imageVersion } from '../accounts';

type CardRow = {
  id: string;
  name: string;
  brand: string | null;
  image_key: string | null;
  price_functional: number;
  price_grade_a: number;
  price_grade_b: number;
  price_grade_c: number;
  price_grade_d: number;
  price_grade_e: number;
  translations: Translations;
};

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
    maxPrice: Math.max(
      row.price_functional,
      row.price_grade_a,
      row.price_grade_b,
      row.price_grade_c,
      row.price_grade_d,
      row.price_grade_e,
    ),
  };
}

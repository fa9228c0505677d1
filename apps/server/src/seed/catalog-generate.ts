import { normalize, sortKey } from '../modules/catalog/catalog-text';
import { derivedColumns } from '../modules/catalog/products/products.mapper';
import type { NewProduct } from '../modules/catalog/products/products-bulk.repository';
import { BRANDS, type BrandKey, MODELS, TOP_CATEGORIES, type TopCategory } from './catalog-data';

/** Expands the compact catalogue tables into product rows (pure: no I/O). */

/** A valid EAN-13: twelve digits and their check digit. */
export function ean13(twelveDigits: string): string {
  if (!/^\d{12}$/.test(twelveDigits)) throw new Error(`EAN body must be 12 digits: ${twelveDigits}`);
  const sum = [...twelveDigits].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelveDigits}${(10 - (sum % 10)) % 10}`;
}

/** Grade prices in whole euros (as cents), decreasing from functional to grade E. */
export function gradePrices(functionalEuros: number) {
  const at = (share: number) => Math.round(functionalEuros * share) * 100;
  return {
    price_functional: at(1),
    price_grade_a: at(0.9),
    price_grade_b: at(0.78),
    price_grade_c: at(0.62),
    price_grade_d: at(0.42),
    price_grade_e: at(0.2),
  };
}

const compact = (value: string) => normalize(value).replace(/ /g, '').toUpperCase();
/** 'Titane naturel' → 'TITNAT': three letters per word keeps the colours of a model apart. */
const colourCode = (colour: string) =>
  normalize(colour)
    .split(' ')
    .map((w) => w.slice(0, 3))
    .join('')
    .toUpperCase();

export interface ProductTemplate {
  top: TopCategory;
  brandCategory: string;
  brand: BrandKey;
  model: string;
  name: string;
  variant: string;
  colour: string | null;
  euros: number;
  ean: string;
  tacs: string[];
  collectsImei: boolean;
  reference: string;
}

/** Every model × variant × colour of the tables, in table order, with its codes. */
export function productTemplates(): ProductTemplate[] {
  const templates: ProductTemplate[] = [];
  const eanSequence = new Map<BrandKey, number>();
  let modelNumber = 100;
  for (const top of TOP_CATEGORIES) {
    for (const [brand, models] of Object.entries(MODELS[top.identifier] ?? {}) as [
      BrandKey,
      [string, number, string[], string[]?][],
    ][]) {
      const b = BRANDS[brand];
      for (const [model, euros, variants, colours] of models) {
        modelNumber += 1;
        variants.forEach((variant, v) => {
          (colours ?? [null]).forEach((colour, c) => {
            const sequence = (eanSequence.get(brand) ?? 0) + 1;
            eanSequence.set(brand, sequence);
            const label = model.startsWith(b.name) ? model : `${b.name} ${model}`;
            const cellular = `${variant} ${colour ?? ''}`.includes('Cellular');
            const collectsImei =
              top.collectsImei === 'always' || (top.collectsImei === 'cellular' && cellular);
            const tacBody = `${String(modelNumber).padStart(3, '0')}${String(v * 10 + c).padStart(3, '0')}`;
            templates.push({
              top,
              brandCategory: `${top.identifier}-${brand}`,
              brand,
              model,
              name: [label, variant, colour].filter(Boolean).join(' '),
              variant,
              colour,
              euros: Math.round(euros * (1 + 0.12 * v)),
              ean: ean13(`${b.gs1}${String(sequence).padStart(5, '0')}`),
              tacs: collectsImei
                ? modelNumber % 2 === 0
                  ? [`35${tacBody}`, `01${tacBody}`]
                  : [`35${tacBody}`]
                : [],
              collectsImei,
              reference: [b.code, compact(model), compact(variant), colour ? colourCode(colour) : null]
                .filter(Boolean)
                .join('-'),
            });
          });
        });
      }
    }
  }
  return templates;
}

export interface CategoryFacts {
  id: string;
  label: string;
}

/** One product row of a template, in a catalogue whose categories are known by identifier. */
export function productRow(
  t: ProductTemplate,
  options: {
    id: string;
    accountId: string;
    category: CategoryFacts;
    draft: boolean;
    name?: string;
    ean?: string;
  },
): NewProduct {
  const name = options.name ?? t.name;
  const brand = BRANDS[t.brand].name;
  const ean = options.ean ?? t.ean;
  return {
    id: options.id,
    account_id: options.accountId,
    main_category_id: options.category.id,
    secondary_category_ids: [],
    name,
    brand,
    model: t.model,
    reference: t.reference,
    ean_code: ean,
    tac_codes: t.tacs,
    is_collecting_imei: t.collectsImei,
    comment_for_seller:
      t.brand === 'apple' && t.collectsImei
        ? 'Vérifiez que « Localiser » est désactivé avant la reprise.'
        : null,
    status: options.draft ? 'draft' : 'published',
    ...gradePrices(t.euros),
    buyback_zero_not_allowed: t.top.identifier === 'laptops',
    length: null,
    width: null,
    height: null,
    weight: t.model.includes('16"') ? 2150 : t.model === 'Switch Lite' ? 275 : null,
    buyer_reference: `DB-${t.reference}`,
    ...(derivedColumns(
      { name, brand, model: t.model, eanCode: ean, reference: t.reference },
      sortKey(options.category.label),
    ) as {
      sort_name: string;
      sort_brand: string;
      sort_category: string;
      filter_text: string;
    }),
  };
}

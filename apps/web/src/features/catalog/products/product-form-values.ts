import {
  type CategoryResponse,
  type CreateProductInput,
  CreateProductRequest,
  type PatchProductRequest,
  PRODUCT_GRADES,
  type ProductGrade,
  type ProductResponse,
  type ProductStatus,
} from '@reprise/shared';
import { type NumberField, toCents, toUnits, toWhole } from '../../../ui/money';
import { type TranslationValues, translationValues } from '../../../ui/translations';
import { type ImageChange, NO_IMAGE_CHANGE } from '../catalog-image';
import type { Draft } from '../draft';

export const MEASURES = ['length', 'width', 'height', 'weight'] as const;
export type Measure = (typeof MEASURES)[number];

export interface ProductFormValues {
  name: string;
  brand: string;
  model: string;
  reference: string;
  eanCode: string;
  /** Comma-separated, as typed. */
  tacCodes: string;
  isCollectingIMEI: boolean;
  mainCategoryId: string | null;
  secondaryCategoryIds: string[];
  image: ImageChange;
  imageHd: ImageChange;
  commentForSeller: string;
  status: ProductStatus;
  /** Currency units per grade (the API takes cents). */
  buybackPrices: Record<ProductGrade, NumberField>;
  buybackZeroNotAllowed: boolean;
  /** Centimetres; empty inherits from the category. */
  length: NumberField;
  width: NumberField;
  height: NumberField;
  /** Grams; empty inherits from the category. */
  weight: NumberField;
  buyerReference: string;
  /** The name in the other languages, when it has words to translate (docs/translations.md). */
  translations: TranslationValues<'name'>;
}

export function productFormValues(
  product?: ProductResponse,
  mainCategoryId: string | null = null,
): ProductFormValues {
  const p = product;
  return {
    name: p?.name ?? '',
    brand: p?.brand ?? '',
    model: p?.model ?? '',
    reference: p?.reference ?? '',
    eanCode: p?.eanCode ?? '',
    tacCodes: p?.tacCodes.join(', ') ?? '',
    isCollectingIMEI: p?.isCollectingIMEI ?? false,
    mainCategoryId: p?.mainCategoryId ?? mainCategoryId,
    secondaryCategoryIds: p?.secondaryCategoryIds ?? [],
    image: NO_IMAGE_CHANGE,
    imageHd: NO_IMAGE_CHANGE,
    commentForSeller: p?.commentForSeller ?? '',
    status: p?.status ?? 'draft',
    buybackPrices: Object.fromEntries(
      PRODUCT_GRADES.map((grade) => [grade, p ? toUnits(p.buybackPrices[grade]) : '']),
    ) as Record<ProductGrade, NumberField>,
    buybackZeroNotAllowed: p?.buybackZeroNotAllowed ?? false,
    length: p?.length ?? '',
    width: p?.width ?? '',
    height: p?.height ?? '',
    weight: p?.weight ?? '',
    buyerReference: p?.buyerReference ?? '',
    translations: translationValues(['name'], p?.translations),
  };
}

/** A request body still to be validated: a missing required value is undefined, for the schema to report. */
export type ProductDraft = Draft<CreateProductInput>;

export function toProductRequest(values: ProductFormValues): ProductDraft {
  return {
    name: values.name,
    brand: values.brand,
    model: values.model,
    reference: values.reference,
    eanCode: values.eanCode,
    tacCodes: values.tacCodes,
    isCollectingIMEI: values.isCollectingIMEI,
    mainCategoryId: values.mainCategoryId ?? undefined,
    // The main category is not also a secondary one.
    secondaryCategoryIds: values.secondaryCategoryIds.filter((id) => id !== values.mainCategoryId),
    commentForSeller: values.commentForSeller,
    status: values.status,
    buybackPrices: Object.fromEntries(
      PRODUCT_GRADES.map((grade) => [grade, toCents(values.buybackPrices[grade]) ?? undefined]),
    ) as Record<ProductGrade, number>,
    buybackZeroNotAllowed: values.buybackZeroNotAllowed,
    length: toWhole(values.length),
    width: toWhole(values.width),
    height: toWhole(values.height),
    weight: toWhole(values.weight),
    buyerReference: values.buyerReference,
    translations: values.translations,
  };
}

/**
 * The merge-patch for an edit: the fields whose normalised value changed. The values must be valid;
 * stored data the rules no longer accept counts as changed.
 */
export function productPatch(initial: ProductFormValues, values: ProductFormValues): PatchProductRequest {
  const after = CreateProductRequest.parse(toProductRequest(values));
  const stored = CreateProductRequest.safeParse(toProductRequest(initial));
  const before: Partial<CreateProductRequest> = stored.success ? stored.data : {};
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof CreateProductRequest)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch as PatchProductRequest;
}

const DEFAULT_OF: Record<Measure, 'defaultLength' | 'defaultWidth' | 'defaultHeight' | 'defaultWeight'> = {
  length: 'defaultLength',
  width: 'defaultWidth',
  height: 'defaultHeight',
  weight: 'defaultWeight',
};

/**
 * What a product without its own dimensions and weight inherits: the main category's default, else
 * its nearest ancestor's (as the API computes the effective values).
 */
export function inheritedMeasures(
  mainCategoryId: string | null,
  categories: ReadonlyMap<string, CategoryResponse>,
): Record<Measure, number | null> {
  const chain: CategoryResponse[] = [];
  for (let id = mainCategoryId; id && chain.length < 100; ) {
    const category = categories.get(id);
    if (!category) break;
    chain.push(category);
    id = category.parentCategory?.id ?? null;
  }
  const inherit = (measure: Measure) =>
    chain.map((category) => category[DEFAULT_OF[measure]]).find((value) => value !== null) ?? null;
  return {
    length: inherit('length'),
    width: inherit('width'),
    height: inherit('height'),
    weight: inherit('weight'),
  };
}

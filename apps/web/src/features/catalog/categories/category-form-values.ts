import {
  type AbsorptionType,
  type CategoryResponse,
  type CreateCategoryInput,
  CreateCategoryRequest,
  type PatchCategoryRequest,
  type Status,
} from '@reprise/shared';
import { type TranslationValues, translationValues } from '../../../ui/translations';
import { type ImageChange, NO_IMAGE_CHANGE } from '../catalog-image';

const TEXTS = ['label', 'description'] as const;

import { type NumberField, toCents, toUnits, toWhole } from '../../../ui/money';
import type { Draft } from '../draft';

export interface CategoryFormValues {
  /** The retailer whose catalogue gets the category: chosen by platform operators only, on creation. */
  accountId: string | null;
  label: string;
  identifier: string;
  description: string;
  parentCategoryId: string | null;
  childrenDescription: string;
  image: ImageChange;
  imageAlt: string;
  /** Grams. */
  defaultWeight: NumberField;
  /** Centimetres. */
  defaultHeight: NumberField;
  defaultLength: NumberField;
  defaultWidth: NumberField;
  absorptionType: AbsorptionType;
  /** Currency units with `by_value`, a percentage with the percentage types. */
  absorptionValue: NumberField;
  status: Status;
  highlightedInstruction: string;
  buyerAccountId: string | null;
  referringWarehouseIds: string[];
  /** Label and description in the other languages (docs/translations.md). */
  translations: TranslationValues<(typeof TEXTS)[number]>;
}

/** An identifier (lowercase letters, digits, `-`, `_`) suggested from a label: "Téléphones & tablettes" → "telephones-tablettes". */
export function suggestIdentifier(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 255);
}

export function categoryFormValues(
  category?: CategoryResponse,
  parentCategoryId: string | null = null,
): CategoryFormValues {
  const c = category;
  return {
    accountId: c?.accountId ?? null,
    label: c?.label ?? '',
    identifier: c?.identifier ?? '',
    description: c?.description ?? '',
    parentCategoryId: c ? (c.parentCategory?.id ?? null) : parentCategoryId,
    childrenDescription: c?.childrenDescription ?? '',
    image: NO_IMAGE_CHANGE,
    imageAlt: c?.image?.alt ?? '',
    defaultWeight: c?.defaultWeight ?? '',
    defaultHeight: c?.defaultHeight ?? '',
    defaultLength: c?.defaultLength ?? '',
    defaultWidth: c?.defaultWidth ?? '',
    absorptionType: c?.absorptionType ?? 'none',
    absorptionValue: !c
      ? ''
      : c.absorptionType === 'by_value'
        ? toUnits(c.absorptionValue)
        : c.absorptionValue,
    status: c?.status ?? 'active',
    highlightedInstruction: c?.highlightedInstruction ?? '',
    buyerAccountId: c?.buyerAccountId ?? null,
    referringWarehouseIds: c?.referringWarehouseIds ?? [],
    translations: translationValues(TEXTS, c?.translations),
  };
}

/** The absorption value as the API takes it: cents with `by_value`, a percentage otherwise, 0 without absorption. */
function absorptionValueOf(values: CategoryFormValues): number | undefined {
  if (values.absorptionType === 'none') return 0;
  const value =
    values.absorptionType === 'by_value' ? toCents(values.absorptionValue) : toWhole(values.absorptionValue);
  return value ?? undefined;
}

/** A request body still to be validated: a missing required value is undefined, for the schema to report. */
export type CategoryDraft = Draft<CreateCategoryInput>;

/** The request body for the values. */
export function toCategoryRequest(values: CategoryFormValues, withAccount: boolean): CategoryDraft {
  return {
    accountId: withAccount ? (values.accountId ?? undefined) : undefined,
    identifier: values.identifier,
    label: values.label,
    imageAlt: values.imageAlt,
    description: values.description,
    parentCategoryId: values.parentCategoryId,
    childrenDescription: values.childrenDescription,
    defaultWeight: toWhole(values.defaultWeight) ?? undefined,
    defaultHeight: toWhole(values.defaultHeight),
    defaultLength: toWhole(values.defaultLength),
    defaultWidth: toWhole(values.defaultWidth),
    absorptionType: values.absorptionType,
    absorptionValue: absorptionValueOf(values),
    status: values.status,
    highlightedInstruction: values.highlightedInstruction,
    buyerAccountId: values.buyerAccountId ?? undefined,
    referringWarehouseIds: values.referringWarehouseIds,
    translations: values.translations,
  };
}

/** Fields the rules require that the schema cannot know about (platform operators name the catalogue). */
export function missingFields(values: CategoryFormValues, withAccount: boolean): string[] {
  return withAccount && !values.accountId ? ['accountId'] : [];
}

/**
 * The merge-patch for an edit: the fields whose normalised value changed (the buyer never changes).
 * The values must be valid; stored data the rules no longer accept counts as changed.
 */
export function categoryPatch(initial: CategoryFormValues, values: CategoryFormValues): PatchCategoryRequest {
  const after = CreateCategoryRequest.parse(toCategoryRequest(values, false));
  const stored = CreateCategoryRequest.safeParse(toCategoryRequest(initial, false));
  const before: Partial<CreateCategoryRequest> = stored.success ? stored.data : {};
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof CreateCategoryRequest)[]) {
    if (key === 'accountId' || key === 'buyerAccountId') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch as PatchCategoryRequest;
}

import type { CategoryRef, CategoryResponse, PatchCategoryRequest, Status } from '@reprise/shared';
import { translationsColumn } from '../../../platform/translations';
import { imageUrl } from '../catalog-images';
import { sortKey } from '../catalog-text';
import type { CategoryColumns, CategoryRow } from './categories.repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const categoryImagePath = (id: string) => `/api/categories/${id}/image`;

export interface CategoryExtras {
  children: { id: string; identifier: string; label: string; status: string }[];
  warehouses: { id: string; common_name: string }[];
  questions: number;
  /** The channels with an active circuit serving the category (itself or an ancestor). */
  channels: string[];
}

export function toCategoryResponse(row: CategoryRow, extras: CategoryExtras): CategoryResponse {
  const url = imageUrl(categoryImagePath(row.id), row.image_key);
  return {
    id: row.id,
    accountId: row.account_id,
    organizationId: row.organization_id,
    identifier: row.identifier,
    label: row.label,
    image: url ? { url, alt: row.image_alt } : null,
    description: row.description,
    parentCategory:
      row.parent_category_id && row.parent_identifier && row.parent_label
        ? { id: row.parent_category_id, identifier: row.parent_identifier, label: row.parent_label }
        : null,
    children: extras.children.map((c) => ({
      id: c.id,
      identifier: c.identifier,
      label: c.label,
      status: c.status as Status,
    })),
    hasChildren: extras.children.length > 0,
    childrenDescription: row.children_description,
    defaultWeight: row.default_weight,
    defaultHeight: row.default_height,
    defaultLength: row.default_length,
    defaultWidth: row.default_width,
    absorptionType: row.absorption_type as CategoryResponse['absorptionType'],
    absorptionValue: row.absorption_value,
    status: row.status as Status,
    highlightedInstruction: row.highlighted_instruction,
    buyerAccountId: row.buyer_account_id,
    buyerAccountName: row.buyer_account_name,
    referringWarehouseIds: extras.warehouses.map((w) => w.id),
    referringWarehouses: extras.warehouses.map((w) => ({ id: w.id, commonName: w.common_name })),
    numberOfProducts: row.product_count,
    numberOfPublishedProducts: row.published_product_count,
    // the published products are offered on a channel when one of its active circuits serves the category
    productCount: {
      web: extras.channels.includes('web') ? row.published_product_count : 0,
      store: extras.channels.includes('store') ? row.published_product_count : 0,
    },
    numberOfQuestions: extras.questions,
    translations: row.translations,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export const toCategoryRef = (row: { id: string; identifier: string; label: string }): CategoryRef => ({
  id: row.id,
  identifier: row.identifier,
  label: row.label,
});

type WritableFields = Omit<
  PatchCategoryRequest,
  'buyerAccountId' | 'referringWarehouseIds' | 'parentCategoryId'
>;

/** The columns a create or a merge-patch writes; absent fields are left as they are. */
export function toCategoryColumns(input: WritableFields): CategoryColumns {
  const columns: CategoryColumns = {};
  if (input.identifier !== undefined) columns.identifier = input.identifier;
  if (input.label !== undefined) {
    columns.label = input.label;
    columns.sort_label = sortKey(input.label);
  }
  if (input.imageAlt !== undefined) columns.image_alt = input.imageAlt;
  if (input.description !== undefined) columns.description = input.description;
  if (input.childrenDescription !== undefined) columns.children_description = input.childrenDescription;
  if (input.defaultWeight !== undefined) columns.default_weight = input.defaultWeight;
  if (input.defaultHeight !== undefined) columns.default_height = input.defaultHeight;
  if (input.defaultLength !== undefined) columns.default_length = input.defaultLength;
  if (input.defaultWidth !== undefined) columns.default_width = input.defaultWidth;
  if (input.absorptionType !== undefined) columns.absorption_type = input.absorptionType;
  if (input.absorptionValue !== undefined) columns.absorption_value = input.absorptionValue;
  if (input.status !== undefined) columns.status = input.status;
  if (input.highlightedInstruction !== undefined)
    columns.highlighted_instruction = input.highlightedInstruction;
  if (input.translations !== undefined) columns.translations = translationsColumn(input.translations);
  return columns;
}

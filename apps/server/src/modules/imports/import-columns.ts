import type { ImportContent } from '@reprise/shared';
import { PRODUCT_PRICE_COLUMNS } from '../catalog';

/**
 * The columns of the catalogue files, in order: the import reads them (by header name, case
 * ignored, in any order; other columns are ignored) and the export writes them, so an export
 * re-imports to the same catalogue (docs/imports.md).
 *
 * - Lists inside a cell are separated by `|`.
 * - Prices are in the account's currency with two decimals at most (`129.90` or `129,90`); the
 *   database keeps cents.
 * - Booleans: true/false, 1/0, yes/no, oui/non, ja/nee, ja/nein.
 * - Dimensions in centimetres, weights in grams, as the catalogue screens.
 */
export const IMPORT_COLUMNS = {
  categories: [
    'id',
    'identifier',
    'label',
    'parent_identifier',
    'description',
    'status',
    'default_weight',
    'default_length',
    'default_width',
    'default_height',
    'absorption_type',
    'absorption_value',
    'highlighted_instruction',
    'children_description',
  ],
  products: [
    'id',
    'reference',
    'ean_code',
    'name',
    'brand',
    'model',
    'category_identifier',
    'secondary_category_identifiers',
    'status',
    ...PRODUCT_PRICE_COLUMNS,
    'buyback_zero_not_allowed',
    'is_collecting_imei',
    'tac_codes',
    'comment_for_seller',
    'length',
    'width',
    'height',
    'weight',
    'buyer_reference',
  ],
  // one line per answer; a question's lines repeat its columns
  diagnostic: [
    'question_id',
    'category_identifier',
    'question_title',
    'question_type',
    'question_description',
    'question_position',
    'answer_title',
    'answer_description',
    'answer_position',
    'max_grade',
    'price_impact_kind',
    'price_impact_value',
  ],
} as const satisfies Record<ImportContent, readonly string[]>;

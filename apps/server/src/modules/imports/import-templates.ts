import type { ImportContent } from '@reprise/shared';
import { IMPORT_COLUMNS } from './import-columns';

/**
 * The template file offered for each content (`GET /api/import-templates/{content}`): the header
 * of IMPORT_COLUMNS and two example lines that import as they are (docs/imports.md).
 */
const EXAMPLES: Record<ImportContent, Record<string, string>[]> = {
  categories: [
    {
      identifier: 'smartphones',
      label: 'Smartphones',
      description: 'Mobile phones of every brand',
      status: 'active',
      default_weight: '300',
      default_length: '20',
      default_width: '12',
      default_height: '5',
      absorption_type: 'none',
      absorption_value: '0',
    },
    {
      identifier: 'smartphones-apple',
      label: 'Apple',
      parent_identifier: 'smartphones',
      status: 'active',
      default_weight: '250',
      absorption_type: 'by_value',
      absorption_value: '5.00',
      highlighted_instruction: 'Remove the SIM card',
    },
  ],
  products: [
    {
      reference: 'IPH13-128',
      ean_code: '0194252707234',
      name: 'iPhone 13 128 GB',
      brand: 'Apple',
      model: 'iPhone 13',
      category_identifier: 'smartphones-apple',
      status: 'published',
      price_functional: '320.00',
      price_grade_a: '290.00',
      price_grade_b: '250.00',
      price_grade_c: '190.00',
      price_grade_d: '120.00',
      price_grade_e: '40.00',
      buyback_zero_not_allowed: 'false',
      is_collecting_imei: 'true',
      tac_codes: '35395611|35395612',
      weight: '174',
    },
    {
      reference: 'GS22-256',
      ean_code: '8806094134601',
      name: 'Galaxy S22 256 GB',
      brand: 'Samsung',
      model: 'Galaxy S22',
      category_identifier: 'smartphones-samsung',
      secondary_category_identifiers: 'smartphones',
      status: 'draft',
      price_functional: '280,00',
      price_grade_a: '250,00',
      price_grade_b: '210,00',
      price_grade_c: '160,00',
      price_grade_d: '100,00',
      price_grade_e: '30,00',
      buyback_zero_not_allowed: 'true',
      is_collecting_imei: 'true',
    },
  ],
  diagnostic: [
    {
      category_identifier: 'smartphones',
      question_title: 'Does the screen work?',
      question_type: 'unique',
      question_position: '0',
      answer_title: 'Yes, perfectly',
      answer_position: '0',
    },
    {
      category_identifier: 'smartphones',
      question_title: 'Does the screen work?',
      question_type: 'unique',
      question_position: '0',
      answer_title: 'No, it is cracked',
      answer_position: '1',
      max_grade: 'grade_c',
      price_impact_kind: 'percentage',
      price_impact_value: '-20',
    },
  ],
};

/** A CSV cell: quoted when it holds the delimiter, a quote or a line break. */
const csvCell = (value: string, delimiter = ';') =>
  value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** The template of a content: header and two example lines, `;`-separated, UTF-8. */
export function importTemplate(content: ImportContent): string {
  const columns: readonly string[] = IMPORT_COLUMNS[content];
  const lines = [
    columns.join(';'),
    ...EXAMPLES[content].map((example) => columns.map((c) => csvCell(example[c] ?? '')).join(';')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

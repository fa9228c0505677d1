import {
  type ImportContent,
  type ImportStrategy,
  MAX_MEASURE,
  MAX_PRICE_CENTS,
  stripMarkup,
} from '@reprise/shared';
import { sanitizeHtml } from '../white-label';
import { IMPORT_COLUMNS } from './import-columns';
import type { FileLine } from './import-file';
import type { IgnoredLine } from './imports.repository';

/**
 * The cells of a line read as values, with the catalogue's own limits (packages/shared
 * schemas/catalog.ts), each fault an ignored-line code of docs/imports.md.
 */

/** Where each known column sits in the file (case and surrounding spaces ignored; others ignored). */
export type HeaderColumns = ReadonlyMap<string, number>;

export function headerColumns(header: readonly string[]): HeaderColumns {
  const known = new Set<string>(Object.values(IMPORT_COLUMNS).flat());
  const columns = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = cell
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase();
    if (known.has(name) && !columns.has(name)) columns.set(name, index);
  });
  return columns;
}

/**
 * The columns a file must have: the strategy's key (a matched row changes only in the columns the
 * file has; a new one needs its own, checked line by line).
 */
const REQUIRED_COLUMNS: Record<ImportContent, Record<ImportStrategy, readonly string[]>> = {
  categories: { generic: ['identifier'], product: ['label'], uuid: ['id'] },
  products: { generic: ['reference'], product: ['ean_code'], uuid: ['id'] },
  diagnostic: {
    generic: ['category_identifier', 'question_title', 'answer_title'],
    product: ['category_identifier', 'question_title', 'answer_title'],
    uuid: ['question_id', 'category_identifier', 'question_title', 'answer_title'],
  },
};

export function missingColumns(content: ImportContent, strategy: ImportStrategy, columns: HeaderColumns) {
  return REQUIRED_COLUMNS[content][strategy].filter((c) => !columns.has(c));
}

/** The faults of one line, each its own ignored-line row. */
export class LineFaults {
  readonly faults: IgnoredLine[] = [];
  constructor(readonly line: number) {}
  add(code: string, field: string | null, message: string): null {
    this.faults.push({ line: this.line, code, field, message });
    return null;
  }
  get ok() {
    return this.faults.length === 0;
  }
}

/** A line that cannot be read as a line (wrong cell count, broken quoting). */
export const invalidLine = (line: Extract<FileLine, { invalid: string }>): IgnoredLine => ({
  line: line.line,
  code: 'invalid_line',
  field: null,
  message: `The line cannot be read: ${line.invalid}`,
});

/**
 * The cells of one line by column. `has` tells whether the file has the column at all: only the
 * columns present change a matched row.
 */
export class LineCells {
  constructor(
    private readonly columns: HeaderColumns,
    private readonly cells: readonly string[],
    readonly faults: LineFaults,
  ) {}

  has(column: string): boolean {
    return this.columns.has(column);
  }

  /** The trimmed cell; '' when empty or when the file has no such column. */
  raw(column: string): string {
    const index = this.columns.get(column);
    return index === undefined ? '' : (this.cells[index] ?? '').trim();
  }

  /** Text of `min` to `max` characters; null when empty (`required` when it must be given). */
  text(column: string, options: { min?: number; max?: number; required?: boolean } = {}): string | null {
    const value = this.raw(column);
    if (value === '')
      return options.required ? this.faults.add('required', column, 'A value is required.') : null;
    const { min = 1, max = 255 } = options;
    if (value.length < min) return this.faults.add('too_short', column, `At least ${min} characters.`);
    if (value.length > max) return this.faults.add('too_long', column, `At most ${max} characters.`);
    return value;
  }

  /** A description: unsafe markup removed silently (`html`), or every tag removed (plain text). */
  description(column: string, max: number, kind: 'html' | 'plain'): string | null {
    const value = this.raw(column);
    if (value === '') return null;
    const cleaned = (kind === 'html' ? sanitizeHtml(value) : stripMarkup(value)).trim();
    if (cleaned.length > max) return this.faults.add('too_long', column, `At most ${max} characters.`);
    return cleaned || null;
  }

  /** A category identifier (slug), with the import's suffix appended. */
  identifier(column: string, suffix: string, required = false): string | null {
    const value = this.raw(column).toLowerCase();
    if (value === '') return required ? this.faults.add('required', column, 'A value is required.') : null;
    return this.checkIdentifier(column, withSuffix(value, suffix));
  }

  checkIdentifier(column: string, value: string): string | null {
    if (!/^[a-z0-9_-]+$/.test(value))
      return this.faults.add(
        'invalid_identifier',
        column,
        'Lowercase letters, digits, hyphens and underscores only.',
      );
    if (value.length < 2) return this.faults.add('too_short', column, 'At least 2 characters.');
    if (value.length > 255) return this.faults.add('too_long', column, 'At most 255 characters.');
    return value;
  }

  /** A `|`-separated list of identifiers, each with the suffix. */
  identifiers(column: string, suffix: string): string[] | null {
    const values = listOf(this.raw(column)).map((v) => withSuffix(v.toLowerCase(), suffix));
    const checked = values.map((v) => this.checkIdentifier(column, v));
    return checked.some((v) => v === null) ? null : [...new Set(values)];
  }

  /** An amount of money: units with two decimals at most (`.` or `,`), answered in cents. */
  price(column: string, options: { required?: boolean; negative?: boolean } = {}): number | null {
    const value = this.raw(column);
    if (value === '')
      return options.required ? this.faults.add('required', column, 'A value is required.') : null;
    const cents = centsOf(value, options.negative ?? false);
    if (cents === null || Math.abs(cents) > MAX_PRICE_CENTS)
      return this.faults.add(
        'invalid_price',
        column,
        `An amount from ${options.negative ? -MAX_PRICE_CENTS / 100 : 0} to ${MAX_PRICE_CENTS / 100} with two decimals at most.`,
      );
    return cents;
  }

  /** A whole number from `min` to `max`. */
  integer(column: string, options: { min?: number; max?: number; required?: boolean } = {}): number | null {
    const value = this.raw(column);
    if (value === '')
      return options.required ? this.faults.add('required', column, 'A value is required.') : null;
    const { min = 0, max = MAX_MEASURE } = options;
    const n = /^-?\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max)
      return this.faults.add('invalid_number', column, `A whole number from ${min} to ${max}.`);
    return n;
  }

  boolean(column: string): boolean | null {
    const value = this.raw(column).toLowerCase();
    if (value === '') return null;
    if (TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
    return this.faults.add(
      'invalid_boolean',
      column,
      'true or false (1/0, yes/no, oui/non, ja/nee, ja/nein).',
    );
  }

  oneOf<T extends string>(column: string, values: readonly T[], required = false): T | null {
    const value = this.raw(column).toLowerCase();
    if (value === '') return required ? this.faults.add('required', column, 'A value is required.') : null;
    if ((values as readonly string[]).includes(value)) return value as T;
    return this.faults.add('invalid_enum', column, `One of: ${values.join(', ')}.`);
  }

  ean(column: string): string | null {
    const value = this.raw(column);
    if (value === '') return null;
    if (/^(\d{8}|\d{12,14})$/.test(value)) return value;
    return this.faults.add('invalid_ean', column, 'An EAN code: 8, 12, 13 or 14 digits.');
  }

  uuid(column: string): string | null {
    const value = this.raw(column).toLowerCase();
    if (value === '') return null;
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)) return value;
    return this.faults.add('invalid_uuid', column, 'An id as an export writes it (a UUID).');
  }

  /** TAC codes, `|`-separated, 8 digits each, at most 100. */
  tacCodes(column: string): string[] | null {
    const codes = [...new Set(listOf(this.raw(column)))];
    if (codes.some((c) => !/^\d{8}$/.test(c)) || codes.length > 100)
      return this.faults.add('invalid_number', column, 'TAC codes of 8 digits, separated by |, at most 100.');
    return codes;
  }
}

const TRUE = new Set(['true', '1', 'yes', 'oui', 'ja']);
const FALSE = new Set(['false', '0', 'no', 'non', 'nee', 'nein']);

/** Cells holding lists separate their items with `|`. */
const listOf = (value: string) =>
  value
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);

/** The suffix is appended to an identifier or reference, unless it already ends with it. */
export const withSuffix = (value: string, suffix: string) =>
  suffix === '' || value.endsWith(suffix) ? value : `${value}${suffix}`;

/** `129.90`, `129,9`, `129` → cents; null when it is no amount. */
function centsOf(value: string, negative: boolean): number | null {
  const match = /^(-)?(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value.replace(/\s/g, ''));
  if (!match || (match[1] && !negative)) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

import { MODULE_TYPES, type ModuleType, USER_IMPORT_MAX_LINES } from '@reprise/shared';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../platform/errors';

/**
 * The file of the batch user import (docs/imports.md): CSV text, UTF-8 (Windows-1252 is read
 * too, as spreadsheets save it), `;` or `,` between cells, a header line naming the columns, then
 * one user per line. Each module has its two columns, so that a spreadsheet user fills one line
 * per user and leaves the modules the user does not hold empty.
 */

export const userTypeColumn = (module: ModuleType) => `${module}_user_type` as const;
export const parentEntityColumn = (module: ModuleType) => `${module}_parent_entity` as const;

export const USER_IMPORT_COLUMNS = [
  'email',
  'firstname',
  'lastname',
  'locale',
  'force_sso',
  ...MODULE_TYPES.flatMap((m) => [userTypeColumn(m), parentEntityColumn(m)]),
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

export const USER_IMPORT_REQUIRED_COLUMNS: readonly UserImportColumn[] = ['email', 'firstname', 'lastname'];

export interface UserImportRow {
  /** The line of the file, 1 for the header. */
  line: number;
  /** The cells by column, trimmed; a column the file lacks reads as empty. */
  cells: Record<UserImportColumn, string>;
  /** More cells than the header names: the line is not read. */
  malformed: boolean;
}

const fileError = (detail: string, code: string) =>
  new AppError('invalid_file', detail, [{ propertyPath: 'file', message: detail, code }]);

/** The text of the file: UTF-8, else Windows-1252; anything holding a NUL byte is not text. */
function textOf(data: Buffer): string {
  if (data.includes(0)) throw fileError('The file is not a text (CSV) file.', 'not_text');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The separator of the header line: `;` when it holds at least as many as `,`, else `,`. */
function separatorOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  return count(';') >= count(',') && count(';') > 0 ? ';' : ',';
}

function headerOf(names: string[]): UserImportColumn[] {
  const header = names.map((n) =>
    n
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const known = new Set<string>(USER_IMPORT_COLUMNS);
  const unknown = header.filter((n) => !known.has(n));
  if (unknown.length)
    throw fileError(`The header names unknown columns: ${unknown.join(', ')}.`, 'unknown_columns');
  const repeated = header.filter((n, i) => header.indexOf(n) !== i);
  if (repeated.length)
    throw fileError(
      `The header names a column twice: ${[...new Set(repeated)].join(', ')}.`,
      'repeated_columns',
    );
  const missing = USER_IMPORT_REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    throw fileError(`The header lacks the columns ${missing.join(', ')}.`, 'missing_columns');
  return header as UserImportColumn[];
}

/** The users of the file, by line; at most USER_IMPORT_MAX_LINES, at least one. */
export function parseUserImportFile(data: Buffer): UserImportRow[] {
  // one kind of line break, so that line numbers count as an editor does
  const text = textOf(data).replace(/\r\n?/g, '\n');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch {
    throw fileError('The file is not readable as CSV (a quote may be left open).', 'unreadable');
  }
  const [head, ...lines] = records;
  if (!head) throw fileError('The file is empty.', 'no_lines');
  const header = headerOf(head.record);
  const rows: UserImportRow[] = [];
  for (const { record, info } of lines) {
    // a line of empty cells (a spreadsheet's blank row) is no user
    if (record.every((cell) => cell.trim() === '')) continue;
    const cells = Object.fromEntries(USER_IMPORT_COLUMNS.map((c) => [c, ''])) as Record<
      UserImportColumn,
      string
    >;
    header.forEach((column, index) => {
      cells[column] = (record[index] ?? '').trim();
    });
    // a cell may hold line breaks (quoted): the user's line is where its record starts
    const line = info.lines - record.reduce((n, cell) => n + cell.split('\n').length - 1, 0);
    rows.push({ line, cells, malformed: record.length > header.length });
    if (rows.length > USER_IMPORT_MAX_LINES)
      throw fileError(
        `The file holds more than ${USER_IMPORT_MAX_LINES.toLocaleString('en-GB')} users.`,
        'too_many_lines',
      );
  }
  if (rows.length === 0) throw fileError('The file holds no user.', 'no_lines');
  return rows;
}

/** The template offered for download: the header and two example lines. */
export function userImportTemplate(): string {
  const example = (values: Partial<Record<UserImportColumn, string>>) =>
    USER_IMPORT_COLUMNS.map((c) => values[c] ?? '').join(';');
  return `${[
    USER_IMPORT_COLUMNS.join(';'),
    example({
      email: 'camille.martin@example.com',
      firstname: 'Camille',
      lastname: 'Martin',
      locale: 'fr-FR',
      force_sso: 'no',
      tim_user_type: 'store_seller',
      tim_parent_entity: 'DR-PAR-01',
    }),
    example({
      email: 'jan.peeters@example.com',
      firstname: 'Jan',
      lastname: 'Peeters',
      locale: 'nl-BE',
      force_sso: 'no',
      tim_user_type: 'store_manager',
      tim_parent_entity: 'DR-LIL-01',
    }),
  ].join('\r\n')}\r\n`;
}

import { VERIFICATION_MAX_CODES } from '@reprise/shared';
import { AppError } from '../../platform/errors';

/**
 * The CSV list of the verification (`POST /items/verification`): UTF-8 text (a byte-order mark is
 * allowed), one code per line or in the first column (separated by a comma, a semicolon or a
 * tab, quotes allowed); a first line that is not a code (a header) is skipped, empty lines too.
 */

export interface CsvCode {
  /** The line of the file, 1 for the first. */
  line: number;
  code: string;
}

const fileError = (detail: string, code: string) =>
  new AppError('invalid_file', detail, [{ propertyPath: 'file', message: detail, code }]);

/** The text of an upload, or `invalid_file` when it is not UTF-8 text. */
function textOf(data: Buffer): string {
  if (data.includes(0)) throw fileError('The file is not a text (CSV) file.', 'not_text');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw fileError('The file is not UTF-8 text.', 'not_text');
  }
}

/** The first cell of a CSV line, without its quotes and spaces. */
function firstCell(line: string): string {
  const cell = line.split(/[,;\t]/, 1)[0] ?? '';
  return cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
}

/** A code of the list: 8 or 13 digits (anything else is answered `invalid`). */
export const isCodeShape = (code: string) => /^(\d{8}|\d{13})$/.test(code);

/** The codes of the list, with their lines; at most VERIFICATION_MAX_CODES, at least one. */
export function parseCodes(data: Buffer): CsvCode[] {
  const lines = textOf(data).split(/\r\n|\n|\r/);
  const codes: CsvCode[] = [];
  let first = true;
  for (const [index, text] of lines.entries()) {
    const code = firstCell(text);
    if (code === '') continue;
    // a header: the first line with a cell that holds no digit at all
    if (first && !/\d/.test(code)) {
      first = false;
      continue;
    }
    first = false;
    codes.push({ line: index + 1, code });
    if (codes.length > VERIFICATION_MAX_CODES)
      throw fileError(
        `The list holds more than ${VERIFICATION_MAX_CODES.toLocaleString('en-GB')} codes.`,
        'too_many_codes',
      );
  }
  if (codes.length === 0) throw fileError('The list holds no code.', 'no_codes');
  return codes;
}

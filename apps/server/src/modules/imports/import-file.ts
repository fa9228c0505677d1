import { Readable } from 'node:stream';
import type { ImportFileFormat } from '@reprise/shared';
import { type CsvError, parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/**
 * Reading an import file as a stream of lines (docs/imports.md): memory stays flat whatever the
 * size. CSV in UTF-8 (a BOM skipped), the delimiter (`;`, `,` or tab) chosen from the header line,
 * quoted fields; XLSX read from its first sheet by exceljs's streaming reader. The header is line 1.
 */

/** A data line: its number in the file and its cells; `invalid` when it cannot be read as a line. */
export type FileLine =
  | { line: number; cells: string[]; invalid?: undefined }
  | { line: number; cells?: undefined; invalid: string };

/** A file that cannot be read at all: the import ends in error with this code. */
export class ImportFileError extends Error {
  constructor(
    readonly code: 'missing_columns' | 'unreadable_file' | 'empty_file',
    message: string,
  ) {
    super(message);
  }
}

export interface ImportFileReader {
  /** The header's cells, as written. */
  header: string[];
  /** The data lines after the header, in order. */
  lines: AsyncIterable<FileLine>;
}

const DELIMITERS = [';', ',', '\t'] as const;

/** The delimiter of a header line: the candidate found most often outside quotes (`;` on a tie). */
function detectDelimiter(headerLine: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ';';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** Reads the stream until its first line break: that head, and the whole stream again. */
async function peekFirstLine(source: Readable): Promise<{ head: string; whole: Readable }> {
  const chunks: Buffer[] = [];
  const iterator = source[Symbol.asyncIterator]();
  let length = 0;
  while (true) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
    if (chunk.includes(0x0a) || length > 1024 * 1024) break;
  }
  const peeked = Buffer.concat(chunks);
  async function* replay() {
    if (peeked.length) yield peeked;
    while (true) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  const text = peeked.toString('utf8');
  const end = text.search(/\r?\n/);
  return { head: end < 0 ? text : text.slice(0, end), whole: Readable.from(replay(), { objectMode: false }) };
}

async function readCsv(source: Readable): Promise<ImportFileReader> {
  const { head, whole } = await peekFirstLine(source);
  const skipped: FileLine[] = [];
  const parser = parse({
    delimiter: detectDelimiter(head.replace(/^\uFEFF/, '')),
    bom: true,
    encoding: 'utf8',
    relax_column_count: false,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    on_skip: (error: CsvError | undefined) => {
      const line = (error as (CsvError & { lines?: number }) | undefined)?.lines ?? 0;
      skipped.push({ line, invalid: error?.message ?? 'unreadable line' });
      return undefined;
    },
  });
  whole.on('error', (error) => parser.destroy(error));
  whole.pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{
    record: string[];
    info: { lines: number };
  }>;
  const first = await records.next().catch(unreadable);
  if (first.done) throw new ImportFileError('empty_file', 'The file holds no header line.');
  async function* lines(): AsyncGenerator<FileLine> {
    while (true) {
      const next = await records.next().catch(unreadable);
      // the parser reports a skipped line as it reads its chunk: each comes out in its place
      const before = next.done ? Number.POSITIVE_INFINITY : next.value.info.lines;
      skipped.sort((a, b) => a.line - b.line);
      while (skipped.length && (skipped[0] as FileLine).line < before) yield skipped.shift() as FileLine;
      if (next.done) return;
      yield { line: next.value.info.lines, cells: next.value.record };
    }
  }
  return { header: first.value.record, lines: lines() };
}

function unreadable(error: Error): never {
  if (error instanceof ImportFileError) throw error;
  throw new ImportFileError('unreadable_file', `The file cannot be read: ${error.message}`);
}

/** A cell of a sheet as the text the CSV would hold. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

async function readXlsx(source: Readable): Promise<ImportFileReader> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const sheets = workbook[Symbol.asyncIterator]();
  const sheet = await sheets.next().catch(unreadable);
  if (sheet.done) throw new ImportFileError('empty_file', 'The workbook holds no sheet.');
  const rows = (sheet.value as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
  const cellsOf = (row: ExcelJS.Row, width: number) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells: string[] = [];
    for (let i = 1; i <= width; i++) cells.push(cellText(values[i]).trim());
    return cells;
  };
  const first = await rows.next().catch(unreadable);
  if (first.done) throw new ImportFileError('empty_file', 'The first sheet holds no header line.');
  const headerValues = (first.value.values as ExcelJS.CellValue[]).slice(1).map(cellText);
  while (headerValues.length && headerValues[headerValues.length - 1] === '') headerValues.pop();
  const width = headerValues.length;
  async function* lines(): AsyncGenerator<FileLine> {
    while (true) {
      const next = await rows.next().catch(unreadable);
      if (next.done) break;
      const cells = cellsOf(next.value, width);
      if (cells.every((c) => c === '')) continue;
      const beyond = (next.value.values as ExcelJS.CellValue[])
        .slice(width + 1)
        .some((v) => cellText(v) !== '');
      if (beyond) yield { line: next.value.number, invalid: 'more cells than the header has columns' };
      else yield { line: next.value.number, cells };
    }
    // the other sheets are not read
    source.destroy();
  }
  return { header: headerValues, lines: lines() };
}

/** Opens a file for reading: its header and its lines. */
export async function readImportFile(source: Readable, format: ImportFileFormat): Promise<ImportFileReader> {
  try {
    return format === 'xlsx' ? await readXlsx(source) : await readCsv(source);
  } catch (error) {
    return unreadable(error as Error);
  }
}

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../imports';
import { csvField, csvLine, inertFormula, UTF8_BOM } from './csv';
import { amountOf, booleanOf, listOf } from './export-formats';

const read = (text: string) => parse(text, { bom: true }) as string[][];

describe('the export CSV', () => {
  it('an exported products file parses back to the same values', () => {
    const header = [...IMPORT_COLUMNS.products];
    const lines = [
      header.map((name) => `${name}-value`),
      header.map(
        (_, i) =>
          [
            'Téléphone "Pro", 5G; édition',
            'Ligne 1\nLigne 2',
            'Carriage\r\nreturn',
            ' espace avant',
            'après ',
            'Œuvre ß ø ł 日本',
            '',
            'a|b|c',
            '"',
            ';',
          ][i % 10] as string,
      ),
    ];
    const text = UTF8_BOM + csvLine(header) + lines.map(csvLine).join('');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const records = read(text);
    expect(records[0]).toEqual(header);
    expect(records.slice(1)).toEqual(lines);
  });

  it('quotes only what needs it, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', null, 'c'])).toBe('a,,c\r\n');
  });

  it('writes amounts in units with two decimals, booleans and lists as the import reads them', () => {
    expect(amountOf(12990)).toBe('129.90');
    expect(amountOf(5)).toBe('0.05');
    expect(amountOf(0)).toBe('0.00');
    expect(amountOf(-1550)).toBe('-15.50');
    expect(booleanOf(true)).toBe('true');
    expect(booleanOf(false)).toBe('false');
    expect(listOf(['a', 'b'])).toBe('a|b');
    expect(listOf([])).toBe('');
  });

  it('makes a buyback cell a spreadsheet would run as a formula inert', () => {
    expect(inertFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(inertFormula('+33 6')).toBe("'+33 6");
    expect(inertFormula('@SUM')).toBe("'@SUM");
    expect(inertFormula('Søren')).toBe('Søren');
    expect(inertFormula(null)).toBe(null);
  });
});

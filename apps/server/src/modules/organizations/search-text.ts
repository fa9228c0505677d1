import { type RawBuilder, sql } from 'kysely';

// accented letters folded one for one (SQL translate); the few NFD does not decompose are named
const ACCENTED = 'àáâãäåāăąçćčďđèéêëēĕėęěìíîïĩīĭįıłñńňòóôõöøōŏőŕřśŝşšţťùúûüũūŭůűųýÿźżž';
const UNDECOMPOSED: Record<string, string> = { đ: 'd', ı: 'i', ł: 'l', ø: 'o' };

function foldTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (const ch of ACCENTED) {
    const plain = UNDECOMPOSED[ch] ?? ch.normalize('NFD').charAt(0);
    from += ch;
    to += plain;
    const upper = ch.toUpperCase();
    // lower() only folds ASCII under the C locale, so accented capitals are listed too
    if (upper !== ch && [...upper].length === 1) {
      from += upper;
      to += plain;
    }
  }
  return { from, to };
}

export const FOLD = foldTable();

/** A LIKE pattern matching values that contain `term` (wildcards in the term are literal). */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Lower case without accents, the same way for a column and a search term (no extension needed). */
export const folded = (value: RawBuilder<unknown> | string): RawBuilder<string> =>
  sql<string>`translate(lower(${value}), ${FOLD.from}, ${FOLD.to})`;

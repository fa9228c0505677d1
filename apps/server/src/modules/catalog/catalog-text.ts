/** How the catalogue compares texts: lower case, accents stripped (NFD), a few ligatures spelt out. */

const SPELT_OUT: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };
const SPELT_OUT_PATTERN = /[œæßøđłı]/g;

export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPELT_OUT_PATTERN, (c) => SPELT_OUT[c] ?? c);
}

/** Folded, with every run of characters other than letters and digits made one space. */
export function normalize(value: string): string {
  return fold(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a text, normalised. */
export const wordsOf = (value: string): string[] => {
  const normalized = normalize(value);
  return normalized ? normalized.split(' ') : [];
};

/** The key a name is ordered by. */
export const sortKey = (value: string | null | undefined): string => (value ? fold(value).trim() : '');

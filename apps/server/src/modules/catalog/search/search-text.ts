import { fold, wordsOf } from '../catalog-text';

/** How the search reads a query and marks what it matched (pure: no I/O). */

const MAX_QUERY_WORDS = 8;
const MAX_CORRECTIONS = 3;

/** A code as compared: folded, without spaces (EAN, reference, TAC). */
export const codeOf = (value: string) => fold(value).replace(/\s+/g, '');

export interface ParsedQuery {
  /** Normalised words, matched as prefixes. */
  words: string[];
  /** The whole query as a code; for an IMEI also its first 8 digits, its TAC. */
  codes: string[];
}

export function parseQuery(q: string): ParsedQuery {
  const words = [...new Set(wordsOf(q))].slice(0, MAX_QUERY_WORDS);
  const compact = codeOf(q);
  const codes = compact ? [compact] : [];
  if (/^\d{15,17}$/.test(compact)) codes.push(compact.slice(0, 8));
  return { words, codes };
}

/** Words worth correcting: 4 characters or more, with a letter; numbers and short words match as typed. */
export const isCorrectable = (word: string) => word.length >= 4 && /\p{L}/u.test(word);

/** Typos a word may hold: none under 4 characters, 1 up to 6, 2 from 7 (as dedicated engines do). */
const allowedTypos = (word: string) => (word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0);

/** Edits between two words: insertions, deletions, substitutions and swaps of neighbours (OSA distance). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const previous = rows[i - 1] as number[];
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The corrections of a word among the catalogue words most similar to it (trigram similarity,
 * best first): none when the word is a catalogue word or the beginning of one, since it matches
 * as typed; else those within the typos the word's length allows.
 */
export function chooseCorrections(word: string, similarWords: readonly string[]): string[] {
  if (similarWords.some((candidate) => candidate.startsWith(word))) return [];
  return similarWords
    .filter((candidate) => editDistance(word, candidate) <= allowedTypos(word))
    .slice(0, MAX_CORRECTIONS);
}

/** What the catalogue's word list says of a query word. */
export interface KnownWord {
  /** A catalogue word. */
  exact: boolean;
  /** The beginning of a longer catalogue word. */
  extended: boolean;
  /** The catalogue words it may be a misspelling of. */
  corrections: string[];
}

/**
 * A word as the catalogue may hold it: as a prefix (`iph:*`) when it begins a longer word, else as
 * itself when it is a word (the same matches, cheaper to test), else not at all.
 */
function asTyped(word: string, known: KnownWord | undefined): string | null {
  if (!known || known.extended) return `${word}:*`;
  return known.exact ? word : null;
}

/**
 * The tsquery a product must match: every word, as typed (or as a prefix) or as one of its
 * corrections. A word the catalogue holds in neither way is looked for only as its corrections;
 * with none, nothing can match (null).
 */
export function matchQuery(
  words: readonly string[],
  known: Readonly<Record<string, KnownWord>>,
): string | null {
  const parts: string[] = [];
  for (const word of words) {
    const typed = asTyped(word, known[word]);
    const alternatives = [...(typed ? [typed] : []), ...(known[word]?.corrections ?? [])];
    if (alternatives.length === 0) return null;
    parts.push(alternatives.length > 1 ? `(${alternatives.join(' | ')})` : (alternatives[0] as string));
  }
  return parts.join(' & ');
}

/** Every word exactly as typed (ranks first among the text matches). */
export const exactQuery = (words: readonly string[]) => words.join(' & ');

/**
 * Every word as typed or as the start of a longer word (ranks next); null when a word is neither
 * a catalogue word nor the beginning of one.
 */
export function prefixQuery(
  words: readonly string[],
  known: Readonly<Record<string, KnownWord>> = {},
): string | null {
  const parts = words.map((w) => asTyped(w, known[w]));
  return parts.every((p) => p !== null) ? parts.join(' & ') : null;
}

/**
 * The text tiers of a query, best first: every word as typed, every word as a prefix, then the
 * corrections. A tier the catalogue's words rule out (a word it does not hold, or that begins
 * none of its words) is left out, and a tier that would find the same products as the one
 * before (no word begins a longer one) is the same query: no query is spent on either.
 */
export function textTiers(
  words: readonly string[],
  known: Readonly<Record<string, KnownWord>>,
): { exact: string | null; prefix: string | null; match: string | null } {
  if (words.length === 0) return { exact: null, prefix: null, match: null };
  return {
    exact: words.every((w) => known[w]?.exact) ? exactQuery(words) : null,
    prefix: prefixQuery(words, known),
    match: matchQuery(words, known),
  };
}

/** The folded text of a value, with the place each folded unit comes from in the value. */
function foldWithOrigins(value: string) {
  let text = '';
  const start: number[] = [];
  const end: number[] = [];
  let offset = 0;
  for (const character of value) {
    // ASCII folds to its lower case: the fast path for most of a name
    const folded = character.charCodeAt(0) < 128 ? character.toLowerCase() : fold(character);
    for (let unit = 0; unit < folded.length; unit += 1) {
      start.push(offset);
      end.push(offset + character.length);
    }
    text += folded;
    offset += character.length;
  }
  return { text, start, end };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export interface Highlight {
  name: string;
  nameRanges: { start: number; end: number }[];
}

/**
 * Marks in a name the beginning of each word that a term starts (the longest term wins), whatever
 * the case and accents: 'ecran' marks 'Écran'. Answers escaped HTML with `<mark>` and the offsets.
 */
export function highlight(name: string, terms: readonly string[]): Highlight {
  const { text, start, end } = foldWithOrigins(name);
  const ranges: { start: number; end: number }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    const at = match.index;
    const longest = terms.filter((t) => t && word.startsWith(t)).sort((a, b) => b.length - a.length)[0];
    if (longest) ranges.push({ start: start[at] as number, end: end[at + longest.length - 1] as number });
  }
  let html = '';
  let cursor = 0;
  for (const range of ranges) {
    html += `${escapeHtml(name.slice(cursor, range.start))}<mark>${escapeHtml(name.slice(range.start, range.end))}</mark>`;
    cursor = range.end;
  }
  return { name: html + escapeHtml(name.slice(cursor)), nameRanges: ranges };
}

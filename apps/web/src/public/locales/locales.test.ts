import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@reprise/shared/enums';
import { describe, expect, it } from 'vitest';

/** The public site's own translations (kept apart from the back office's, so its bundle stays small). */
const read = (locale: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `${locale}.json`), 'utf8'));

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('public site translations', () => {
  const reference = keys(read('fr-FR')).sort();

  it.each(LOCALES)('%s has exactly the keys of fr-FR, none empty', (locale) => {
    const content = read(locale);
    expect(keys(content).sort()).toEqual(reference);
    for (const key of reference) {
      const value = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], content);
      expect(typeof value === 'string' && value.trim().length > 0, `${locale} ${key}`).toBe(true);
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en-GB'))('%s is translated, not a copy of en-GB', (locale) => {
    const english = read('en-GB');
    const content = read(locale);
    const same = reference.filter((key) => {
      const get = (root: unknown) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root);
      return get(english) === get(content);
    });
    // a few words are the same in several languages (FAQ, Contact, IBAN, Bonus, the language
    // names, "{{count}} product"): under one key in ten
    expect(same.length).toBeLessThan(reference.length / 10);
  });
});

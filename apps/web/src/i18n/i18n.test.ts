import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCALE, ERROR_CODES, LOCALES } from '@reprise/shared';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;

function namespacesOf(locale: string): string[] {
  return readdirSync(join(root, locale))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

function read(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(root, locale, `${namespace}.json`), 'utf8'));
}

/** `{ a: { b: 'x' } }` → `[['a.b', 'x']]`. */
function flatten(value: unknown, prefix = ''): [string, unknown][] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
  return [[prefix, value]];
}

const reference = namespacesOf(DEFAULT_LOCALE);

describe('translations', () => {
  it.each(LOCALES)('%s has the same namespaces as fr-FR', (locale) => {
    expect(namespacesOf(locale)).toEqual(reference);
  });

  for (const namespace of reference) {
    const referenceKeys = flatten(read(DEFAULT_LOCALE, namespace))
      .map(([key]) => key)
      .sort();

    it.each(LOCALES)(`%s translates every key of ${namespace} that fr-FR has, and no other`, (locale) => {
      const keys = flatten(read(locale, namespace))
        .map(([key]) => key)
        .sort();
      expect(keys).toEqual(referenceKeys);
    });

    // the placeholders a text may show are those the code gives: fr-FR's (a locale may leave one
    // out, never name another), so a text that renders in fr-FR renders whole in every locale
    // (which lets e2e/back-office-sweep.spec.ts sweep the back office's screens in fr-FR only)
    const placeholders = (text: unknown) =>
      typeof text === 'string' ? [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1] as string) : [];
    const referencePlaceholders = new Map(
      flatten(read(DEFAULT_LOCALE, namespace)).map(([key, text]) => [key, new Set(placeholders(text))]),
    );

    it.each(LOCALES)(`%s names no placeholder in ${namespace} that fr-FR does not`, (locale) => {
      const foreign = flatten(read(locale, namespace)).flatMap(([key, text]) =>
        placeholders(text)
          .filter((name) => !referencePlaceholders.get(key)?.has(name))
          .map((name) => `${key}: {{${name}}}`),
      );
      expect(foreign).toEqual([]);
    });

    it.each(LOCALES)(`%s has no empty text in ${namespace}`, (locale) => {
      const empty = flatten(read(locale, namespace)).filter(
        ([, text]) => typeof text !== 'string' || text.trim() === '',
      );
      expect(empty.map(([key]) => key)).toEqual([]);
    });
  }

  const errorKeys = flatten(read(DEFAULT_LOCALE, 'errors')).map(([key]) => key);

  it('translates every error code the API may answer', () => {
    expect(ERROR_CODES.filter((code) => !errorKeys.includes(code))).toEqual([]);
  });

  it('translates every validation code of the shared schemas', () => {
    const shared = join(root, '../../../../packages/shared/src');
    const sources = readdirSync(shared, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(join(shared, file), 'utf8'));
    const codes = new Set(
      sources.flatMap((source) => [...source.matchAll(/message: '([a-z_]+)'/g)].map((m) => m[1]!)),
    );
    expect([...codes].filter((code) => !errorKeys.includes(code))).toEqual([]);
  });
});

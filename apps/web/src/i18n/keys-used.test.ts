import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LOCALES } from '@reprise/shared';
import { describe, expect, it } from 'vitest';

/**
 * Every translation key the code names as a literal exists in every locale: the static half of the
 * check that no screen shows a raw key (e2e/back-office-sweep.spec.ts and e2e/i18n-keys.spec.ts
 * read a sample of screens in the browser). A key built at run time (`t(`status.${status}`)`) is
 * left to those, and to the tests of the enums it is built from.
 */

const src = join(import.meta.dirname, '..');
const PUBLIC = join(src, 'public');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** `{ a: { b: 'x' } }` → `['a', 'a.b']`: every leaf and every object a key may name (returnObjects). */
function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const inner = Object.entries(value).flatMap(([key, child]) =>
      keysOf(child, prefix ? `${prefix}.${key}` : key),
    );
    return prefix ? [prefix, ...inner] : inner;
  }
  return [prefix];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

const loaded = new Map<string, Set<string> | undefined>();

/** The keys of a back-office namespace in a locale, plural forms also under their base key. */
function backOfficeKeys(locale: string, namespace: string): Set<string> | undefined {
  const file = join(src, 'i18n', locale, `${namespace}.json`);
  if (!loaded.has(file)) {
    try {
      loaded.set(file, withPluralBases(keysOf(readJson(file))));
    } catch {
      loaded.set(file, undefined);
    }
  }
  return loaded.get(file);
}

function withPluralBases(keys: string[]): Set<string> {
  return new Set(keys.flatMap((key) => (PLURAL.test(key) ? [key, key.replace(PLURAL, '')] : [key])));
}

const backOfficeNamespaces = readdirSync(join(src, 'i18n', 'fr-FR'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

/** A call `t('key')`, `t('ns:key')`, `i18n.t('key')`, or `i18nKey="key"`, with a literal key. */
const KEY_CALL = /(?:\bt|\.t)\(\s*'([^'$`{}]+)'|i18nKey=["'{]\s*'?([^'"}]+)'?["}]/g;
/** The namespaces a file's `useTranslation` and `getFixedT` name, the default one for a bare call. */
const NAMESPACES = /(?:useTranslation|getFixedT)\(\s*(\[[^\]]*\]|'[^']*')?/g;

function namespacesOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(NAMESPACES)) {
    const argument = match[1];
    if (!argument) found.push('common');
    else found.push(...[...argument.matchAll(/'([^']+)'/g)].map((m) => m[1] as string));
  }
  return found;
}

interface Use {
  file: string;
  key: string;
  namespaces: string[];
}

function usesIn(files: string[]): Use[] {
  return files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    if (!/react-i18next|i18next|TFunction/.test(source)) return [];
    const namespaces = namespacesOf(source);
    return [...source.matchAll(KEY_CALL)].map((match) => ({
      file: relative(src, file),
      key: (match[1] ?? match[2]) as string,
      namespaces,
    }));
  });
}

function missingInBackOffice(uses: Use[], locale: string): string[] {
  const missing = uses.filter(({ key, namespaces }) => {
    const [namespace, name] = key.includes(':') ? key.split(':', 2) : [undefined, key];
    // a file without its own namespaces is given `t` by its caller: any namespace may hold the key
    const candidates = namespace ? [namespace] : namespaces.length ? namespaces : backOfficeNamespaces;
    return !candidates.some((ns) => backOfficeKeys(locale, ns)?.has(name as string));
  });
  return missing.map(({ file, key }) => `${file}: ${key}`);
}

/**
 * The keys `FormShell` builds from its `ns` and `keyPrefix` (ui/form-shell.tsx): every form's
 * cancel, and its back and read-only note where a screen of its feature makes it read-only.
 */
function formShellUses(files: string[]): Use[] {
  return files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const folder = file.slice(0, file.lastIndexOf('/'));
    const readOnlyHere = () =>
      sourcesUnder(folder).some((other) => /readOnly=\{/.test(readFileSync(other, 'utf8')));
    return [...source.matchAll(/<FormShell\b/g)].flatMap((match) => {
      // the opening tag: up to its line that ends in `>` (`{...view}>`, `"cancelTo">`, a lone `>`)
      const lines = source.slice(match.index).split('\n');
      const last = lines.findIndex((line) => /^\s*>\s*$|[}"']>\s*$/.test(line));
      const tag = lines.slice(0, last + 1).join('\n');
      const ns = /\bns="([^"]+)"/.exec(tag)?.[1];
      const prefix = /\bkeyPrefix="([^"]+)"/.exec(tag)?.[1] ?? 'form';
      const where = relative(src, file);
      if (!ns) return [{ file: where, key: 'FormShell without a literal ns', namespaces: [] }];
      // read-only when the tag says so, or when it takes its view's props and a screen beside it sets it
      const readOnly = /\breadOnly\b/.test(tag) || (/\{\.\.\.\w+\}/.test(tag) && readOnlyHere());
      const names = ['cancel', ...(readOnly ? ['back', 'readOnly'] : [])];
      return names.map((name) => ({ file: where, key: `${ns}:${prefix}.${name}`, namespaces: [ns] }));
    });
  });
}

const sources = sourcesUnder(src);
const shellUses = formShellUses(sources);
const backOfficeUses = [...usesIn(sources.filter((file) => !file.startsWith(PUBLIC + '/'))), ...shellUses];
const publicUses = usesIn(sources.filter((file) => file.startsWith(PUBLIC + '/')));

describe('every translation key named in the code exists', () => {
  it('finds the keys it checks', () => {
    expect(backOfficeUses.length).toBeGreaterThan(2000);
    // every create and edit form's cancel, and the back and read-only note of those that may be read-only
    expect(shellUses.filter(({ key }) => key.endsWith('.cancel')).length).toBeGreaterThanOrEqual(14);
    expect(shellUses.filter(({ key }) => key.endsWith('.readOnly')).length).toBeGreaterThanOrEqual(5);
    expect(publicUses.length).toBeGreaterThan(100);
  });

  it('reports a key no namespace of its file holds, and one of a namespace that does not exist', () => {
    const uses: Use[] = [
      { file: 'a.tsx', key: 'loading', namespaces: ['common'] },
      { file: 'b.tsx', key: 'loading.nowhere', namespaces: ['common'] },
      { file: 'c.tsx', key: 'nowhere:loading', namespaces: ['common'] },
      { file: 'd.tsx', key: 'loading', namespaces: ['auth'] },
    ];
    expect(missingInBackOffice(uses, 'fr-FR')).toEqual([
      'b.tsx: loading.nowhere',
      'c.tsx: nowhere:loading',
      'd.tsx: loading',
    ]);
  });

  it.each(LOCALES)('in the back office, in %s', (locale) => {
    expect(missingInBackOffice(backOfficeUses, locale)).toEqual([]);
  });

  it.each(LOCALES)('on the public site, in %s', (locale) => {
    const keys = withPluralBases(keysOf(readJson(join(PUBLIC, 'locales', `${locale}.json`))));
    const missing = publicUses.filter(({ key }) => !keys.has(key));
    expect(missing.map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });
});

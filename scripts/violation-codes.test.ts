import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [full] : [];
  });
}

it('every violation code the server sends has a translation in the web app', () => {
  const codes = new Set<string>();
  for (const file of sources(path.join(root, 'apps/server/src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/code: '([a-z_]+)'/g)) codes.add(m[1] as string);
  }
  for (const locale of ['fr-FR', 'en-GB', 'nl-BE', 'de-DE']) {
    const errors = JSON.parse(
      readFileSync(path.join(root, `apps/web/src/i18n/${locale}/errors.json`), 'utf8'),
    );
    const keys = new Set(Object.keys(errors));
    expect(
      [...codes].filter((c) => !keys.has(c)),
      locale,
    ).toEqual([]);
  }
});

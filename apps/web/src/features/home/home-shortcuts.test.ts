import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { shortcuts } from '../../app/navigation';

const i18nRoot = join(import.meta.dirname, '../../i18n');
const read = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(join(i18nRoot, locale, `${namespace}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

describe('home shortcuts', () => {
  const everyLink = shortcuts(() => true);

  it.each(LOCALES)('%s has a shortcut text and a menu label for every link of the menu', (locale) => {
    const home = read(locale, 'home');
    const layout = read(locale, 'layout');
    const missing = everyLink.flatMap((link) => [
      ...(home.shortcut?.[link.key] ? [] : [`home:shortcut.${link.key}`]),
      ...(layout.menu?.[link.key] ? [] : [`layout:menu.${link.key}`]),
    ]);
    expect(missing).toEqual([]);
  });
});

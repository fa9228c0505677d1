import { describe, expect, it } from 'vitest';
import { pickLocale } from './i18n';

describe('the public site language', () => {
  it("is the visitor's own choice first", () => {
    expect(pickLocale(['de-DE'], 'fr-FR', 'nl-BE')).toBe('nl-BE');
  });

  it('else the first browser language the site has, by language when the region differs', () => {
    expect(pickLocale(['es-ES', 'nl-NL', 'fr-FR'], 'fr-FR', null)).toBe('nl-BE');
    expect(pickLocale(['en-US'], 'fr-FR', null)).toBe('en-GB');
    expect(pickLocale(['de'], 'fr-FR', null)).toBe('de-DE');
  });

  it("else the retailer's language, else French", () => {
    expect(pickLocale(['es-ES'], 'nl-BE', null)).toBe('nl-BE');
    expect(pickLocale([], null, 'xx')).toBe('fr-FR');
  });
});

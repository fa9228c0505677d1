import { describe, expect, it } from 'vitest';
import { translationsOf } from './schemas/translations';
import { localized, requestedLocale, translatedText } from './translations';
import { text } from './validation';

const translations = { 'de-DE': { title: 'Zustand des Bildschirms', description: '  ' } };

describe('the fallback rule of translated texts', () => {
  it("reads the visitor's language where the text is translated", () => {
    expect(translatedText("État de l'écran", translations, 'de-DE', 'title')).toBe('Zustand des Bildschirms');
  });

  it("falls back to the account's text for a language without a translation, or without a locale", () => {
    expect(translatedText("État de l'écran", translations, 'en-GB', 'title')).toBe("État de l'écran");
    expect(translatedText("État de l'écran", translations, null, 'title')).toBe("État de l'écran");
    expect(translatedText("État de l'écran", undefined, 'de-DE', 'title')).toBe("État de l'écran");
  });

  it('falls back field by field: a blank or missing translation shows the base text, a null base stays null', () => {
    const question = { id: 'q1', title: "État de l'écran", description: 'Allumez-le.', help: null };
    expect(localized(question, translations, 'de-DE', ['title', 'description', 'help'])).toEqual({
      id: 'q1',
      title: 'Zustand des Bildschirms',
      description: 'Allumez-le.',
      help: null,
    });
  });
});

describe("the request's language", () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de-DE'],
    ['de', 'de-DE'],
    ['en-US,en;q=0.9', 'en-GB'],
    ['nl-be', 'nl-BE'],
    ['es-ES;q=1, fr;q=0.5', 'fr-FR'],
    ['fr;q=0.2, de;q=0.8', 'de-DE'],
  ])('%s reads %s', (header, locale) => {
    expect(requestedLocale(header)).toBe(locale);
  });

  it.each([undefined, '', '*', 'es-ES, ja', 'de;q=0'])('%s reads the base texts', (header) => {
    expect(requestedLocale(header)).toBeNull();
  });
});

describe('the translations schema', () => {
  const schema = translationsOf({ label: text(2, 50) });

  it('keeps texts only: an empty translation, and a language left without any, are dropped', () => {
    expect(schema.parse({ 'de-DE': { label: ' Kameras ' }, 'en-GB': { label: '' }, 'nl-BE': {} })).toEqual({
      'de-DE': { label: 'Kameras' },
    });
  });

  it('validates each text as its base field, and names an unknown language', () => {
    const short = schema.safeParse({ 'de-DE': { label: 'K' } });
    expect(short.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['de-DE.label', 'too_short'],
    ]);
    const language = schema.safeParse({ 'es-ES': { label: 'Cámaras' } });
    expect(language.error?.issues.map((i) => i.message)).toEqual(['invalid_locale']);
  });
});

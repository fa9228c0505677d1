import { describe, expect, it } from 'vitest';
import { translationLocales, translationsRequest, translationValues } from './translations';

describe('translation form values', () => {
  it('gives every locale and field a text, empty where nothing is translated', () => {
    const values = translationValues(['title', 'description'], { 'de-DE': { title: 'Zustand' } });
    expect(values['de-DE']).toEqual({ title: 'Zustand', description: '' });
    expect(values['fr-FR']).toEqual({ title: '', description: '' });
  });

  it('never sends the base language as a translation', () => {
    const values = translationValues(['title'], { 'de-DE': { title: 'Zustand' } });
    expect(Object.keys(translationsRequest(values, 'fr-FR')).sort()).toEqual(['de-DE', 'en-GB', 'nl-BE']);
    expect(translationsRequest(values, 'de-DE')).not.toHaveProperty('de-DE');
  });

  it('offers the three languages other than the account one', () => {
    expect(translationLocales('nl-BE')).toEqual(['fr-FR', 'en-GB', 'de-DE']);
  });
});

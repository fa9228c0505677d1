import { describe, expect, it } from 'vitest';
import { CONSENT_KEY, CONSENT_MAX_AGE_MS, needsConsent, readConsent, saveConsent } from './consent';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const site = { tagManagerId: 'GTM-AB12CD3', axeptioId: 'consent-v1' };

describe('cookie consent', () => {
  it('is asked only when the site has a tag manager', () => {
    expect(needsConsent(site)).toBe(true);
    expect(needsConsent({ tagManagerId: null, axeptioId: 'consent-v1' })).toBe(false);
  });

  it('is stored in the browser and read back', () => {
    const storage = memoryStorage();
    expect(readConsent(site, storage)).toBeNull();
    saveConsent(site, { analytics: false, marketing: true }, storage);
    expect(readConsent(site, storage)).toMatchObject({
      analytics: false,
      marketing: true,
      consentId: 'consent-v1',
    });
    expect(JSON.parse(storage.getItem(CONSENT_KEY) as string).savedAt).toMatch(/^\d{4}-/);
  });

  it('saving with analytics accepted asks for a reload; refusing does not', () => {
    const storage = memoryStorage();
    expect(saveConsent(site, { analytics: true, marketing: false }, storage)).toBe(true);
    expect(saveConsent(site, { analytics: false, marketing: false }, storage)).toBe(false);
  });

  it('is asked again when the consent service id changes or after six months', () => {
    const storage = memoryStorage();
    const saved = new Date('2026-01-01T00:00:00Z');
    saveConsent(site, { analytics: true, marketing: true }, storage, saved);
    expect(readConsent({ ...site, axeptioId: 'consent-v2' }, storage, saved.getTime())).toBeNull();
    expect(readConsent(site, storage, saved.getTime() + CONSENT_MAX_AGE_MS - 1)).not.toBeNull();
    expect(readConsent(site, storage, saved.getTime() + CONSENT_MAX_AGE_MS + 1)).toBeNull();
  });

  it('ignores a damaged record', () => {
    const storage = memoryStorage();
    storage.setItem(CONSENT_KEY, '{"analytics":"yes"');
    expect(readConsent(site, storage)).toBeNull();
  });
});

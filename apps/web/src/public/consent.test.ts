import { describe, expect, it } from 'vitest';
import {
  CONSENT_KEY,
  CONSENT_MAX_AGE_MS,
  type CookieJar,
  consentCookieHolds,
  mirrorConsentCookie,
  needsConsent,
  readConsent,
  saveConsent,
} from './consent';

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

/** A document's cookie jar: each write sets or deletes one cookie, reading answers `name=value; …`. */
function memoryJar(secure = false): CookieJar & { writes: string[] } {
  const cookies = new Map<string, string>();
  const writes: string[] = [];
  return {
    secure,
    writes,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) cookies.delete(name);
      else cookies.set(name, value);
    },
  };
}

describe('the consent cookie the server reads for the page policy', () => {
  it('mirrors a saved choice for six months, host-only, SameSite=Lax, Secure over HTTPS', () => {
    const jar = memoryJar(true);
    const now = new Date('2026-01-01T00:00:00Z');
    saveConsent(site, { analytics: true, marketing: false }, memoryStorage(), now, jar);
    expect(jar.writes).toEqual([
      `reprise_consent=10.consent-v1; Path=/; Max-Age=${CONSENT_MAX_AGE_MS / 1000}; SameSite=Lax; Secure`,
    ]);
    expect(jar.cookie).toBe('reprise_consent=10.consent-v1');
  });

  it('tells whether the cookie sent with the page already held the stored consent', () => {
    const storage = memoryStorage();
    const jar = memoryJar();
    expect(consentCookieHolds(readConsent(site, storage), jar)).toBe(false);
    saveConsent(site, { analytics: true, marketing: true }, storage, new Date(), jar);
    expect(consentCookieHolds(readConsent(site, storage), jar)).toBe(true);
    // stored before the cookie existed, or the cookie cleared: not held until mirrored again
    const fresh = memoryJar();
    const consent = readConsent(site, storage);
    expect(consentCookieHolds(consent, fresh)).toBe(false);
    mirrorConsentCookie(consent, fresh);
    expect(consentCookieHolds(consent, fresh)).toBe(true);
  });

  it('is cleared when there is no valid choice any more', () => {
    const jar = memoryJar();
    saveConsent(site, { analytics: true, marketing: true }, memoryStorage(), new Date(), jar);
    mirrorConsentCookie(null, jar);
    expect(jar.cookie).toBe('');
    expect(jar.writes.at(-1)).toBe('reprise_consent=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it('a refusal is mirrored too, so the policy keeps the tag manager out', () => {
    const jar = memoryJar();
    const storage = memoryStorage();
    saveConsent(site, { analytics: false, marketing: false }, storage, new Date(), jar);
    expect(jar.cookie).toBe('reprise_consent=00.consent-v1');
    expect(consentCookieHolds(readConsent(site, storage), jar)).toBe(true);
  });
});

/**
 * The visitor's cookie consent, kept in this browser. Consent is asked
 * only when the site has something to consent to (a tag manager); the consent service id of the
 * site versions it: a new id asks the visitor again.
 */

import { CONSENT_COOKIE, formatConsentCookie, parseConsentCookie } from '@reprise/shared/consent-cookie';

export interface ConsentChoice {
  /** Audience measurement (the tag manager's analytics tags). */
  analytics: boolean;
  /** Advertising and personalisation tags. */
  marketing: boolean;
}

export interface StoredConsent extends ConsentChoice {
  consentId: string | null;
  savedAt: string;
}

export interface ConsentSite {
  tagManagerId: string | null;
  axeptioId: string | null;
}

export const CONSENT_KEY = 'reprise.consent';
/** Consent is asked again after 6 months (CNIL guidance on cookie consent lifetime). */
export const CONSENT_MAX_AGE_MS = 182 * 24 * 3600 * 1000;

export const needsConsent = (site: ConsentSite) => Boolean(site.tagManagerId);

export function readConsent(
  site: ConsentSite,
  storage: Storage | null = safeStorage(),
  now = Date.now(),
): StoredConsent | null {
  try {
    const raw = storage?.getItem(CONSENT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredConsent>;
    if (typeof value.analytics !== 'boolean' || typeof value.marketing !== 'boolean') return null;
    if ((value.consentId ?? null) !== site.axeptioId) return null;
    const saved = Date.parse(value.savedAt ?? '');
    if (!Number.isFinite(saved) || now - saved > CONSENT_MAX_AGE_MS) return null;
    return value as StoredConsent;
  } catch {
    return null;
  }
}

/**
 * Saves the choice; answers true when the page must reload (analytics accepted: the tag manager
 * starts with the page, never in the middle of it).
 */
export function saveConsent(
  site: ConsentSite,
  choice: ConsentChoice,
  storage: Storage | null = safeStorage(),
  now = new Date(),
  jar: CookieJar | null = documentJar(),
): boolean {
  const value: StoredConsent = { ...choice, consentId: site.axeptioId, savedAt: now.toISOString() };
  try {
    storage?.setItem(CONSENT_KEY, JSON.stringify(value));
  } catch {
    // storage refused (private browsing): the choice holds for this page only
  }
  mirrorConsentCookie(value, jar, now.getTime());
  return choice.analytics;
}

/** Where the consent cookie lives: the page's document, none outside a browser. */
export interface CookieJar {
  cookie: string;
  secure: boolean;
}

const documentJar = (): CookieJar | null =>
  typeof document === 'undefined'
    ? null
    : {
        get cookie() {
          return document.cookie;
        },
        set cookie(value: string) {
          document.cookie = value;
        },
        secure: window.location.protocol === 'https:',
      };

/**
 * Mirrors the stored choice (or its absence) into the consent cookie, which the server reads to let
 * the tag manager's origins into the next page's Content-Security-Policy; it ends with the choice.
 */
export function mirrorConsentCookie(
  consent: StoredConsent | null,
  jar: CookieJar | null = documentJar(),
  now = Date.now(),
): void {
  if (!jar) return;
  const secure = jar.secure ? '; Secure' : '';
  const left = consent ? Math.floor((Date.parse(consent.savedAt) + CONSENT_MAX_AGE_MS - now) / 1000) : 0;
  const value = consent && left > 0 ? formatConsentCookie(consent) : '';
  jar.cookie = `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${Math.max(left, 0)}; SameSite=Lax${secure}`;
}

/** True when the cookie sent with this page already held `consent`: its policy then allowed the tag manager. */
export function consentCookieHolds(
  consent: StoredConsent | null,
  jar: CookieJar | null = documentJar(),
): boolean {
  if (!consent || !jar) return false;
  const raw = jar.cookie
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${CONSENT_COOKIE}=`));
  const held = parseConsentCookie(raw?.slice(CONSENT_COOKIE.length + 1));
  return held !== null && held.analytics === consent.analytics && held.consentId === consent.consentId;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

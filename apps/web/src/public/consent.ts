/**
 * The visitor's cookie consent, kept in this browser (foundation.md section 9). Consent is asked
 * only when the site has something to consent to (a tag manager); the consent service id of the
 * site versions it: a new id asks the visitor again.
 */

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
): boolean {
  const value: StoredConsent = { ...choice, consentId: site.axeptioId, savedAt: now.toISOString() };
  try {
    storage?.setItem(CONSENT_KEY, JSON.stringify(value));
  } catch {
    // storage refused (private browsing): the choice holds for this page only
  }
  return choice.analytics;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The public site visitor's consent choice, mirrored from the browser's storage into a cookie so
 * that the server lets the tag manager's origins into a page's Content-Security-Policy only after
 * consent to audience measurement (docs/security.md, "Security headers").
 */
export const CONSENT_COOKIE = 'reprise_consent';

export interface ConsentCookie {
  analytics: boolean;
  marketing: boolean;
  /** The site's consent service id the choice was made under (a new id asks again). */
  consentId: string | null;
}

/** `<analytics 0|1><marketing 0|1>.<consent id, URI-encoded>`: cookie-safe characters only. */
export function formatConsentCookie(choice: ConsentCookie): string {
  const flag = (yes: boolean) => (yes ? '1' : '0');
  return `${flag(choice.analytics)}${flag(choice.marketing)}.${encodeURIComponent(choice.consentId ?? '')}`;
}

/** The choice a cookie value holds, or null when it is missing or not one of ours. */
export function parseConsentCookie(value: string | undefined): ConsentCookie | null {
  const match = value ? /^([01])([01])\.([A-Za-z0-9%_.~-]*)$/.exec(value) : null;
  if (!match) return null;
  let consentId: string;
  try {
    consentId = decodeURIComponent(match[3] as string);
  } catch {
    return null;
  }
  return { analytics: match[1] === '1', marketing: match[2] === '1', consentId: consentId || null };
}

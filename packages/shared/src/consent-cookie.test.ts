import { describe, expect, it } from 'vitest';
import { formatConsentCookie, parseConsentCookie } from './consent-cookie';

describe('the consent cookie read by the server for the Content-Security-Policy', () => {
  it.each([
    { analytics: true, marketing: false, consentId: 'axeptio-demo_1' },
    { analytics: false, marketing: true, consentId: null },
    { analytics: true, marketing: true, consentId: 'a b;c=d' },
  ])('round-trips %j', (choice) => {
    const value = formatConsentCookie(choice);
    expect(value).toMatch(/^[0-9A-Za-z%_.~-]+$/);
    expect(parseConsentCookie(value)).toEqual(choice);
  });

  it.each([undefined, '', '1', '11', '2.x', '11x', '11.a;b', '11.%E0%A4%A', 'true'])(
    'reads %j as no choice',
    (value) => {
      expect(parseConsentCookie(value)).toBeNull();
    },
  );
});

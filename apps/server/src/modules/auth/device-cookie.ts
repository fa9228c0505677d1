import { randomBytes } from 'node:crypto';
import type { Keyring } from '../../platform/secrets';

/**
 * Device cookies (OWASP, "Slow Brute Force Protection Using Device Cookies"; docs/security.md,
 * "Sign-in throttling and account lockout"): a browser where a user signed in successfully gets a
 * cookie signed with the server's key and bound to that user's e-mail. Its sign-ins are then
 * counted per device, apart from the counters of unknown devices, so that nobody else's wrong
 * passwords keep the owner out. The cookie names no user: its signature covers the e-mail, which
 * the sign-in form gives. One browser keeps the devices of its last few users.
 */
export const DEVICE_COOKIE = 'reprise_device';
/** How long a device stays known after its last successful sign-in (each one renews it). */
export const DEVICE_COOKIE_DAYS = 90;
/** Users of one shared browser (a store's counter) remembered at once; the oldest goes first. */
export const DEVICES_PER_BROWSER = 5;

const PURPOSE = 'device-cookie';
const SEPARATOR = '~';
const norm = (email: string) => email.trim().toLowerCase();
const signed = (email: string, nonce: string, issuedAt: number) => `v1|${norm(email)}|${nonce}|${issuedAt}`;

interface Entry {
  nonce: string;
  issuedAt: number;
  signature: string;
}

function entries(cookie: string | undefined): Entry[] {
  if (!cookie || cookie.length > 2048) return [];
  return cookie
    .split(SEPARATOR)
    .slice(0, DEVICES_PER_BROWSER)
    .flatMap((part) => {
      const [nonce, issued, signature, ...rest] = part.split('.');
      const issuedAt = Number(issued);
      return nonce &&
        signature &&
        rest.length === 0 &&
        /^[A-Za-z0-9_-]{16,64}$/.test(nonce) &&
        Number.isSafeInteger(issuedAt)
        ? [{ nonce, issuedAt, signature }]
        : [];
    });
}

const fresh = (entry: Entry, now: number) =>
  entry.issuedAt <= now / 1000 + 60 && now / 1000 - entry.issuedAt < DEVICE_COOKIE_DAYS * 86_400;

/**
 * The device of the cookie that was issued to `email` by this server and has not expired, as its
 * nonce (the key of its own sign-in counter); null for an unknown device.
 */
export function knownDevice(keyring: Keyring, cookie: string | undefined, email: string, now = Date.now()) {
  const entry = entries(cookie).find(
    (e) => fresh(e, now) && keyring.verifySignature(PURPOSE, signed(email, e.nonce, e.issuedAt), e.signature),
  );
  return entry ? entry.nonce : null;
}

/**
 * The cookie after a successful sign-in of `email`: a new device entry for it first (a new nonce:
 * the old one's counter is left behind), then the browser's other users' entries still valid.
 */
export function deviceCookieAfterSignIn(
  keyring: Keyring,
  cookie: string | undefined,
  email: string,
  now = Date.now(),
): string {
  const nonce = randomBytes(18).toString('base64url');
  const issuedAt = Math.floor(now / 1000);
  const mine = `${nonce}.${issuedAt}.${keyring.sign(PURPOSE, signed(email, nonce, issuedAt))}`;
  const others = entries(cookie)
    .filter(
      (e) =>
        fresh(e, now) && !keyring.verifySignature(PURPOSE, signed(email, e.nonce, e.issuedAt), e.signature),
    )
    .map((e) => `${e.nonce}.${e.issuedAt}.${e.signature}`);
  return [mine, ...others].slice(0, DEVICES_PER_BROWSER).join(SEPARATOR);
}

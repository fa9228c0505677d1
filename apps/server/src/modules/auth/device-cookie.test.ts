import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyring } from '../../platform/secrets';
import {
  DEVICE_COOKIE_DAYS,
  DEVICES_PER_BROWSER,
  deviceCookieAfterSignIn,
  knownDevice,
} from './device-cookie';

const key = randomBytes(32);
const keyring = createKeyring([key]);

describe('device cookies', () => {
  it('a cookie issued to a user is known for that user only, whatever the case of the e-mail', () => {
    const cookie = deviceCookieAfterSignIn(keyring, undefined, 'Owner@Demo.test');
    expect(knownDevice(keyring, cookie, 'owner@demo.test')).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(knownDevice(keyring, cookie, 'someone@demo.test')).toBeNull();
    expect(cookie).not.toContain('owner');
  });

  it('another key, an altered signature or date, or junk is no device', () => {
    const cookie = deviceCookieAfterSignIn(keyring, undefined, 'owner@demo.test');
    expect(knownDevice(createKeyring([randomBytes(32)]), cookie, 'owner@demo.test')).toBeNull();
    const [nonce, issued, signature] = cookie.split('.') as [string, string, string];
    expect(knownDevice(keyring, `${nonce}.${Number(issued) - 1}.${signature}`, 'owner@demo.test')).toBeNull();
    expect(knownDevice(keyring, `${nonce}.${issued}.${signature.slice(1)}x`, 'owner@demo.test')).toBeNull();
    for (const junk of ['', '.', 'a.b.c', '~~~', 'x'.repeat(5000)])
      expect(knownDevice(keyring, junk, 'owner@demo.test')).toBeNull();
  });

  it(`expires ${DEVICE_COOKIE_DAYS} days after it was issued`, () => {
    const issued = Date.now() - DEVICE_COOKIE_DAYS * 86_400_000 + 60_000;
    const cookie = deviceCookieAfterSignIn(keyring, undefined, 'owner@demo.test', issued);
    expect(knownDevice(keyring, cookie, 'owner@demo.test')).not.toBeNull();
    expect(knownDevice(keyring, cookie, 'owner@demo.test', Date.now() + 120_000)).toBeNull();
  });

  it('still verifies after a key rotation (the old key kept to decrypt)', () => {
    const cookie = deviceCookieAfterSignIn(keyring, undefined, 'owner@demo.test');
    expect(knownDevice(createKeyring([randomBytes(32), key]), cookie, 'owner@demo.test')).not.toBeNull();
  });

  it("one browser keeps its last users' devices, a user's entry renewed with a new nonce", () => {
    let cookie: string | undefined;
    for (let i = 0; i < DEVICES_PER_BROWSER + 2; i++)
      cookie = deviceCookieAfterSignIn(keyring, cookie, `user${i}@demo.test`);
    expect(knownDevice(keyring, cookie, 'user0@demo.test')).toBeNull();
    expect(knownDevice(keyring, cookie, 'user1@demo.test')).toBeNull();
    for (let i = 2; i < DEVICES_PER_BROWSER + 2; i++)
      expect(knownDevice(keyring, cookie, `user${i}@demo.test`)).not.toBeNull();
    const before = knownDevice(keyring, cookie, 'user3@demo.test');
    const renewed = deviceCookieAfterSignIn(keyring, cookie, 'user3@demo.test');
    expect(knownDevice(keyring, renewed, 'user3@demo.test')).not.toBe(before);
    expect(renewed.split('~')).toHaveLength(DEVICES_PER_BROWSER);
  });
});

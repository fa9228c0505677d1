import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { createKeyring, keyIdOf, parseKeys } from './secrets';

const KEY_A = Buffer.alloc(32, 1);
const KEY_B = Buffer.alloc(32, 2);
const IBAN = 'FR7630006000011234567890189';

describe('encryption at rest', () => {
  it('a value decrypts to what was encrypted, and its text shows nothing of it', () => {
    const keyring = createKeyring([KEY_A]);
    const stored = keyring.encrypt('iban', IBAN);
    expect(stored).toMatch(new RegExp(`^v1:${keyring.currentKeyId}:[A-Za-z0-9_-]+$`));
    expect(stored).not.toContain('FR76');
    expect(keyring.decrypt('iban', stored)).toBe(IBAN);
  });

  it('the same value encrypts differently each time (a random nonce per value)', () => {
    const keyring = createKeyring([KEY_A]);
    expect(keyring.encrypt('iban', IBAN)).not.toBe(keyring.encrypt('iban', IBAN));
  });

  it('names its key: a keyring without that key fails loudly, naming it', () => {
    const stored = createKeyring([KEY_A]).encrypt('iban', IBAN);
    const other = createKeyring([KEY_B]);
    expect(keyIdOf(stored)).toBe(createKeyring([KEY_A]).currentKeyId);
    expect(() => other.decrypt('iban', stored)).toThrow(
      `encrypted with the key ${keyIdOf(stored)}, which DATA_ENCRYPTION_KEY does not hold`,
    );
  });

  it('an altered value, or one of another purpose, does not decrypt', () => {
    const keyring = createKeyring([KEY_A]);
    const stored = keyring.encrypt('iban', IBAN);
    // flip one bit of the ciphertext itself (a base64 character's spare bits would change nothing)
    const [format, keyId, payload] = stored.split(':') as [string, string, string];
    const bytes = Buffer.from(payload, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    const altered = `${format}:${keyId}:${bytes.toString('base64url')}`;
    expect(() => keyring.decrypt('iban', altered)).toThrow(/altered, or the key is wrong/);
    expect(() => keyring.decrypt('gift_card', stored)).toThrow(/altered, or the key is wrong/);
    expect(() => keyring.decrypt('iban', IBAN)).toThrow(/not encrypted data/);
  });

  it('a rotation: the first key encrypts, the older ones still decrypt', () => {
    const old = createKeyring([KEY_A]).encrypt('iban', IBAN);
    const rotating = createKeyring([KEY_B, KEY_A]);
    expect(rotating.decrypt('iban', old)).toBe(IBAN);
    expect(keyIdOf(rotating.encrypt('iban', IBAN))).toBe(createKeyring([KEY_B]).currentKeyId);
    expect(rotating.keyIds).toHaveLength(2);
  });

  it('keys are 32 bytes in base64 or hex, separated by commas', () => {
    expect(parseKeys(`${KEY_A.toString('base64')},${KEY_B.toString('hex')}`)).toEqual([KEY_A, KEY_B]);
    expect(parseKeys(KEY_A.toString('base64url'))).toEqual([KEY_A]);
    for (const bad of [
      '',
      'password',
      Buffer.alloc(16).toString('base64'),
      Buffer.alloc(33).toString('hex'),
    ]) {
      expect(() => parseKeys(bad), bad).toThrow(ConfigError);
    }
  });
});

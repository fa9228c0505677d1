import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config';

/**
 * Encryption at rest of personal data the product must keep but never shows in full (the
 * customer's IBAN): AES-256-GCM with a random 96-bit nonce per value. A stored value reads
 * `v1:<key id>:<base64url of nonce ‖ tag ‖ ciphertext>`; the key id (the start of the key's
 * SHA-256) names the key that encrypted it, so that keys can be rotated (docs/security.md).
 */

const FORMAT = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The key file of the embedded default, in DATA_DIR, when DATA_ENCRYPTION_KEY is not set. */
export const KEY_FILE_NAME = 'data-encryption.key';

export interface Keyring {
  /** The id of the key that encrypts; the other keys only decrypt (a rotation in progress). */
  readonly currentKeyId: string;
  readonly keyIds: readonly string[];
  /** `purpose` (e.g. 'iban') is bound to the value: a value of one purpose never decrypts as another. */
  encrypt(purpose: string, plain: string): string;
  decrypt(purpose: string, stored: string): string;
  /**
   * An HMAC-SHA256 of `data` (base64url) under a key derived from the current key for `purpose`
   * (e.g. 'device-cookie'): a signature of one purpose never verifies as another's.
   */
  sign(purpose: string, data: string): string;
  /** Whether `signature` is `data`'s for `purpose` under any key of the ring (constant time). */
  verifySignature(purpose: string, data: string, signature: string): boolean;
}

/** The id of a stored value's key, or null when the value is not in the encrypted format. */
export function keyIdOf(stored: string): string | null {
  const [format, keyId, payload, ...rest] = stored.split(':');
  return format === FORMAT && keyId && payload && rest.length === 0 ? keyId : null;
}

const keyIdFor = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** A keyring of 32-byte keys, the first one current. */
export function createKeyring(keys: Buffer[]): Keyring {
  if (keys.length === 0) throw new ConfigError('A keyring needs at least one key.');
  const byId = new Map(keys.map((key) => [keyIdFor(key), key]));
  const currentKeyId = keyIdFor(keys[0] as Buffer);
  const macKey = (key: Buffer, purpose: string) =>
    createHmac('sha256', key).update(`reprise-mac:${purpose}`).digest();
  const mac = (key: Buffer, purpose: string, data: string) =>
    createHmac('sha256', macKey(key, purpose)).update(data).digest('base64url');
  return {
    currentKeyId,
    keyIds: [...byId.keys()],
    encrypt(purpose, plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', byId.get(currentKeyId) as Buffer, nonce);
      cipher.setAAD(Buffer.from(purpose));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const payload = Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64url');
      return `${FORMAT}:${currentKeyId}:${payload}`;
    },
    sign(purpose, data) {
      return mac(byId.get(currentKeyId) as Buffer, purpose, data);
    },
    verifySignature(purpose, data, signature) {
      const given = Buffer.from(signature);
      return [...byId.values()].some((key) => {
        const expected = Buffer.from(mac(key, purpose, data));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
    },
    decrypt(purpose, stored) {
      const keyId = keyIdOf(stored);
      if (!keyId) throw new Error('This value is not encrypted data of this application.');
      const key = byId.get(keyId);
      if (!key) {
        throw new Error(
          `This value was encrypted with the key ${keyId}, which DATA_ENCRYPTION_KEY does not hold (keys held: ${[...byId.keys()].join(', ')}).`,
        );
      }
      const payload = Buffer.from(stored.split(':')[2] as string, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, payload.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(payload.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(payload.subarray(NONCE_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new Error(
          `This value does not decrypt with the key ${keyId}: it was altered, or the key is wrong.`,
        );
      }
    },
  };
}

/** One key as configured: 32 bytes in base64 (44 characters) or hex (64 characters). */
function parseKey(text: string, where: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : null;
  if (!key || key.length !== KEY_BYTES) {
    throw new ConfigError(
      `${where} must hold 32-byte keys in base64 or hex, separated by commas (the first encrypts, the others only decrypt); generate one with: openssl rand -base64 32`,
    );
  }
  return key;
}

/** DATA_ENCRYPTION_KEY: `<current key>[,<older key>…]`. */
export function parseKeys(text: string, where = 'DATA_ENCRYPTION_KEY'): Buffer[] {
  return text.split(',').map((entry) => parseKey(entry.trim(), where));
}

/**
 * The keyring of this process: DATA_ENCRYPTION_KEY when set; otherwise the key file in the data
 * directory, created (mode 0600, owner only) with a new random key when absent. Every process
 * sharing one database must use the same keys (`log` says where the key came from).
 */
export function loadKeyring(
  options: { dataEncryptionKey: string | undefined; dataDir: string },
  log: (message: string) => void = () => {},
): Keyring {
  if (options.dataEncryptionKey) return createKeyring(parseKeys(options.dataEncryptionKey));
  const file = path.join(options.dataDir, KEY_FILE_NAME);
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    // 'wx': a second process starting at the same moment reads the first one's key instead
    try {
      writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      log(
        `data encryption key generated in ${file} (set DATA_ENCRYPTION_KEY to share one key between servers)`,
      );
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  // the key decrypts every IBAN: nobody but the server's user may read it
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return createKeyring(parseKeys(readFileSync(file, 'utf8').trim(), file));
}

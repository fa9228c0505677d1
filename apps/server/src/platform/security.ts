import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): about 20 ms on this machine kind. */
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

// compared against for unknown e-mails, so that their answer takes as long as a wrong password
const DUMMY_HASH = hash('not-a-real-password-Reprise-0', { algorithm: 2 });

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await DUMMY_HASH), password);
  } catch {
    return false;
  }
}

/** An opaque random token for the client and the SHA-256 hash we keep. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

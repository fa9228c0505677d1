import { maskIban, normalizeIban } from '@reprise/shared';
import { ConfigError } from '../../platform/config';
import type { Db } from '../../platform/db';
import { type Keyring, keyIdOf } from '../../platform/secrets';
import * as repo from './iban-at-rest.repository';

/** What the IBAN's encryption is bound to (platform/secrets.ts). */
export const IBAN_PURPOSE = 'iban';

/** The IBAN as a payment keeps it: encrypted, and masked for display (migration 010). */
export function ibanAtRest(keyring: Keyring, iban: string) {
  return { iban_encrypted: keyring.encrypt(IBAN_PURPOSE, iban), iban_masked: maskIban(iban) };
}

/**
 * The start-up step of encryption at rest (docs/security.md), run before the server serves:
 * refuses to start when stored IBANs were encrypted with a key the keyring lacks (a wrong or
 * lost DATA_ENCRYPTION_KEY), then encrypts with the current key every IBAN still in clear (moved
 * by migration 010) or under an older key (a rotation). Answers how many it rewrote.
 */
export async function protectIbansAtRest(db: Db, keyring: Keyring, batch = 500): Promise<number> {
  const unknown = (await repo.ibanKeyIds(db)).filter((id) => !keyring.keyIds.includes(id));
  if (unknown.length > 0) {
    throw new ConfigError(
      `The database holds IBANs encrypted with the key ${unknown.join(', ')}, which DATA_ENCRYPTION_KEY does not hold (it holds ${keyring.keyIds.join(', ')}). Start with the key that encrypted them; to rotate, set DATA_ENCRYPTION_KEY=<new key>,<old key>.`,
    );
  }
  const rewrite = (stored: string) =>
    ibanAtRest(keyring, keyIdOf(stored) ? keyring.decrypt(IBAN_PURPOSE, stored) : normalizeIban(stored));
  let total = 0;
  for (;;) {
    const done = await repo.rewriteIbansNotUnder(db, keyring.currentKeyId, batch, rewrite);
    total += done;
    if (done < batch) return total;
  }
}

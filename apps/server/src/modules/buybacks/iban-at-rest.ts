import { maskIban } from '@reprise/shared';
import type { Keyring } from '../../platform/secrets';

/** What the IBAN's encryption is bound to (platform/secrets.ts). */
export const IBAN_PURPOSE = 'iban';

/** The IBAN as a payment keeps it: encrypted, and masked for display (migration 010). */
export function ibanAtRest(keyring: Keyring, iban: string) {
  return { iban_encrypted: keyring.encrypt(IBAN_PURPOSE, iban), iban_masked: maskIban(iban) };
}

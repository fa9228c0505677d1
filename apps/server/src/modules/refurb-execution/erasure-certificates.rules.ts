import { randomBytes } from 'node:crypto';

/**
 * The verification code of an erasure certificate and what the public check shows: 16 characters
 * drawn from crypto random bytes in an alphabet without the look-alikes I, O, 0 and 1 (read aloud
 * or typed from paper), printed in groups of four; the IMEI and serial number masked but their last
 * 4 characters.
 */

/** 32 characters: each random byte's 5 low bits pick one without bias. */
export const VERIFICATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const VERIFICATION_CODE_LENGTH = 16;

export function newVerificationCode(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(VERIFICATION_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += VERIFICATION_ALPHABET[byte & 31];
  return code;
}

/** `356789012345678` → `***********5678`; short values keep nothing but their last 4 either. */
export function maskButLast4(value: string | null): string | null {
  if (!value) return value;
  const keep = Math.min(4, value.length);
  return '*'.repeat(value.length - keep) + value.slice(value.length - keep);
}

import { formatVerificationCode } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { maskButLast4, newVerificationCode, VERIFICATION_ALPHABET } from './erasure-certificates.rules';

describe('verification code', () => {
  it('has 16 characters of the alphabet without look-alikes', () => {
    for (let i = 0; i < 50; i += 1) {
      const code = newVerificationCode();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    }
    expect(VERIFICATION_ALPHABET).toHaveLength(32);
    expect(VERIFICATION_ALPHABET).not.toMatch(/[IO01]/);
  });

  it('takes each character from the low 5 bits of a random byte', () => {
    expect(newVerificationCode((size) => Buffer.alloc(size, 0))).toBe('A'.repeat(16));
    expect(newVerificationCode((size) => Buffer.alloc(size, 255))).toBe('9'.repeat(16));
  });

  it('is printed in groups of four', () => {
    expect(formatVerificationCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
  });
});

describe('masking', () => {
  it('keeps the last 4 characters only', () => {
    expect(maskButLast4('356789012345678')).toBe('***********5678');
    expect(maskButLast4('AB12')).toBe('AB12');
    expect(maskButLast4(null)).toBeNull();
  });
});

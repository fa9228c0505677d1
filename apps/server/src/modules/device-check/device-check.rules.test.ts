import { describe, expect, it } from 'vitest';
import { PROVIDER_CALLS, refilledTokens, wizardAction } from './device-check.rules';

describe('the provider call bucket', () => {
  it('refills 20 calls a minute, never above its 20', () => {
    expect(refilledTokens(0, 3)).toBeCloseTo(1);
    expect(refilledTokens(0, 30)).toBeCloseTo(10);
    expect(refilledTokens(5, 3600)).toBe(PROVIDER_CALLS.capacity);
    expect(refilledTokens(4, -10)).toBe(4);
  });
});

describe('what the store wizard does with a result', () => {
  const warn = { flaggedAction: 'warn', outageBlocks: false } as const;
  const block = { flaggedAction: 'block', outageBlocks: true } as const;
  it('warns of a lost or stolen device by default, refuses it when the account blocks', () => {
    expect(wizardAction('stolen', warn)).toBe('warn');
    expect(wizardAction('lost', warn)).toBe('warn');
    expect(wizardAction('stolen', block)).toBe('block');
  });
  it('lets a clean or unknown device through whatever the settings', () => {
    expect(wizardAction('clean', block)).toBe('none');
    expect(wizardAction('unknown', block)).toBe('none');
  });
  it('lets an unchecked device through unless an outage blocks', () => {
    expect(wizardAction('not_checked', warn)).toBe('none');
    expect(wizardAction('not_checked', block)).toBe('block');
    expect(wizardAction(null, block)).toBe('none');
  });
});

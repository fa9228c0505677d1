import { describe, expect, it } from 'vitest';
import {
  bonusViolations,
  CreatePaymentModeRequest,
  checkTransferOrderTerms,
  circuitTypeOf,
  fillTransferOrderTerms,
  modifierOf,
  PutTransferOrderSettingsRequest,
} from './buyback-config';

describe('circuit types', () => {
  it('combines channel and deposit type; there is no store post', () => {
    expect(circuitTypeOf('store', 'drop_label')).toBe('store_drop_label');
    expect(circuitTypeOf('web', 'post')).toBe('web_post');
    expect(circuitTypeOf('store', 'post')).toBeNull();
  });
});

describe('bonus rules', () => {
  const limits = { percentage: 100, amount: 100 };
  it('a value needs a mode, a mode a non-zero value within its limit', () => {
    expect(bonusViolations({ bonusMode: 'disabled', bonusValue: 3, bonusCap: null }, limits)).toEqual([
      { path: 'bonusMode', code: 'bonus_mode_required' },
    ]);
    expect(bonusViolations({ bonusMode: 'amount', bonusValue: null, bonusCap: null }, limits)).toEqual([
      { path: 'bonusValue', code: 'required' },
    ]);
    expect(bonusViolations({ bonusMode: 'amount', bonusValue: 0, bonusCap: null }, limits)[0]?.code).toBe(
      'bonus_value_zero',
    );
    expect(bonusViolations({ bonusMode: 'percentage', bonusValue: -100, bonusCap: null }, limits)).toEqual(
      [],
    );
    expect(
      bonusViolations({ bonusMode: 'percentage', bonusValue: -101, bonusCap: null }, limits)[0]?.code,
    ).toBe('bonus_value_range');
  });

  it('a cap is for a percentage, non-zero, of the value’s sign', () => {
    expect(bonusViolations({ bonusMode: 'percentage', bonusValue: -5, bonusCap: -10 }, limits)).toEqual([]);
    expect(bonusViolations({ bonusMode: 'percentage', bonusValue: -5, bonusCap: 10 }, limits)[0]?.code).toBe(
      'bonus_cap_sign',
    );
    expect(bonusViolations({ bonusMode: 'amount', bonusValue: 5, bonusCap: 10 }, limits)[0]?.code).toBe(
      'bonus_cap_percentage_only',
    );
  });

  it('the modifier: a capped percentage in cents, or a fixed amount in cents', () => {
    expect(modifierOf({ bonusMode: 'percentage', bonusValue: 10, bonusCap: 50 })).toEqual({
      kind: 'percentage',
      value: 10,
      capCents: 5000,
    });
    expect(modifierOf({ bonusMode: 'amount', bonusValue: -5, bonusCap: null })).toEqual({
      kind: 'fixed',
      value: -500,
      capCents: null,
    });
    expect(modifierOf({ bonusMode: 'disabled', bonusValue: null, bonusCap: null })).toBeNull();
  });
});

describe('payment mode request', () => {
  it('refuses a long description of 16 lines and a provider that cannot pay the type', () => {
    const base = { type: 'voucher', label: 'Bon', description: 'Un bon' };
    const lines = CreatePaymentModeRequest.safeParse({ ...base, longDescription: `${'a\n'.repeat(15)}b` });
    expect(lines.error?.issues[0]?.message).toBe('too_many_lines');
    expect(
      CreatePaymentModeRequest.safeParse({ ...base, longDescription: `${'a\n'.repeat(14)}b` }).success,
    ).toBe(true);
    const provider = CreatePaymentModeRequest.safeParse({ ...base, provider: 'gift_card_terminal' });
    expect(provider.error?.issues[0]?.message).toBe('payment_provider_not_allowed');
  });
});

describe('transfer-order terms', () => {
  it('names each unknown variable once, in order; spaces inside the braces are allowed', () => {
    expect(checkTransferOrderTerms('{{ total_price }} {{iban}} {{foo}} {{iban}}')).toEqual({
      unknown: ['iban', 'foo'],
      malformed: false,
    });
    expect(checkTransferOrderTerms('Prix {{total_price').malformed).toBe(true);
    expect(checkTransferOrderTerms('Prix total_price}}').malformed).toBe(true);
    expect(checkTransferOrderTerms('Sans variable').unknown).toEqual([]);
  });

  it('fills the variables', () => {
    expect(
      fillTransferOrderTerms('{{customer_firstname}} cède {{ product_label }}.', {
        customer_firstname: 'Léa',
        product_label: 'iPhone 13',
      }),
    ).toBe('Léa cède iPhone 13.');
  });

  it('terms are 2 to 5000 characters', () => {
    expect(PutTransferOrderSettingsRequest.safeParse({ terms: 'x' }).success).toBe(false);
    expect(PutTransferOrderSettingsRequest.safeParse({ terms: 'x'.repeat(5000) }).success).toBe(true);
    expect(PutTransferOrderSettingsRequest.safeParse({ terms: 'x'.repeat(5001) }).success).toBe(false);
  });
});

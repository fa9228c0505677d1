import type { PaymentModeResponse } from '@reprise/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  expectProblem,
  expectViolation,
  newPaymentMode,
  PM,
  useConfigKit,
} from '../buyback-config.test-kit';

const k = useConfigKit();

async function created(over: Record<string, unknown> = {}): Promise<PaymentModeResponse> {
  const res = await k.post('rmu', '/api/payment-modes', newPaymentMode(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const countModes = async () =>
  Number(
    (
      await k.t.db
        .selectFrom('payment_modes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function setPremium(accountId: string, features: string[]) {
  await k.t.db
    .updateTable('organization_root_details')
    .set({ enabled_premium_features: sql<string[]>`${features}::text[]` })
    .where('account_id', '=', accountId)
    .execute();
}

describe('payment modes', () => {
  it('lists the four demo payment modes with their IBAN need and the voucher’s bonus', async () => {
    const res = await k.get('rmu', '/api/payment-modes?order[type]=asc');
    expect(res.statusCode, res.body).toBe(200);
    const modes: PaymentModeResponse[] = res.json().member;
    expect(modes.map((m) => m.type)).toEqual(['bank_transfer', 'gift_card', 'no_iban_transfer', 'voucher']);
    expect(modes.find((m) => m.id === PM.bankTransfer)).toMatchObject({ iban: true, numberOfCircuits: 6 });
    expect(modes.find((m) => m.id === PM.noIbanTransfer)?.iban).toBe(false);
    expect(modes.find((m) => m.id === PM.voucher)).toMatchObject({
      bonusMode: 'percentage',
      bonusValue: 10,
      bonusCap: 50,
      modifier: { kind: 'percentage', value: 10, capCents: 5000 },
    });
  });

  it('creates a payment mode with every field, with an audit row', async () => {
    const mode = await created({
      type: 'bank_transfer',
      label: 'V',
      description: 'Virement express',
      longDescription: Array.from({ length: 15 }, (_, n) => `Ligne ${n + 1}`).join('\n'),
      mailContent: 'm'.repeat(300),
      provider: 'bank_transfer_provider',
      bonusMode: 'amount',
      bonusValue: -100,
    });
    expect(mode).toMatchObject({
      label: 'V',
      provider: 'bank_transfer_provider',
      iban: true,
      status: 'active',
      modifier: { kind: 'fixed', value: -10000, capCents: null },
      numberOfCircuits: 0,
    });
    expect((await k.get('rmu', `/api/payment-modes/${mode.id}`)).json()).toEqual(mode);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('entity_type')
      .where('entity_id', '=', mode.id)
      .executeTakeFirstOrThrow();
    expect(audit.entity_type).toBe('payment_mode');
  });

  describe('refuses', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['an empty label', { label: ' ' }, 'too_short', 'label'],
      ['a label over 255 characters', { label: 'l'.repeat(256) }, 'too_long', 'label'],
      ['a one-character description', { description: 'd' }, 'too_short', 'description'],
      ['a description over 300 characters', { description: 'd'.repeat(301) }, 'too_long', 'description'],
      [
        'a long description over 800 characters',
        { longDescription: 'l'.repeat(801) },
        'too_long',
        'longDescription',
      ],
      [
        'a long description of 16 lines',
        { longDescription: Array.from({ length: 16 }, () => 'x').join('\n') },
        'too_many_lines',
        'longDescription',
      ],
      ['a mail content over 300 characters', { mailContent: 'm'.repeat(301) }, 'too_long', 'mailContent'],
      ['an unknown type', { type: 'cash' }, 'invalid_value', 'type'],
      ['an unknown provider', { provider: 'bank' }, 'invalid_value', 'provider'],
      [
        'a provider that cannot pay the type',
        { type: 'voucher', provider: 'bank_transfer_provider' },
        'payment_provider_not_allowed',
        'provider',
      ],
      ['a bonus of 0', { bonusMode: 'percentage', bonusValue: 0 }, 'bonus_value_zero', 'bonusValue'],
      ['a bonus over 100', { bonusMode: 'amount', bonusValue: 101 }, 'bonus_value_range', 'bonusValue'],
      [
        'a bonus under -100',
        { bonusMode: 'percentage', bonusValue: -101 },
        'bonus_value_range',
        'bonusValue',
      ],
      ['a decimal bonus', { bonusMode: 'percentage', bonusValue: 2.5 }, 'not_integer', 'bonusValue'],
      [
        'a cap of the other sign',
        { bonusMode: 'percentage', bonusValue: 10, bonusCap: -5 },
        'bonus_cap_sign',
        'bonusCap',
      ],
      ['a value without a mode', { bonusValue: 10 }, 'bonus_mode_required', 'bonusMode'],
    ];
    it.each(cases)('%s', async (_, over, code, path) => {
      const before = await countModes();
      expectViolation(await k.post('rmu', '/api/payment-modes', newPaymentMode(over)), code, path);
      expect(await countModes()).toBe(before);
    });
  });

  it('edits a payment mode’s bonus; switching it off clears value and cap', async () => {
    const res = await k.patch('rmu', `/api/payment-modes/${PM.giftCard}`, {
      bonusMode: 'percentage',
      bonusValue: 15,
      bonusCap: 40,
      label: 'Carte cadeau +15 %',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      label: 'Carte cadeau +15 %',
      modifier: { value: 15, capCents: 4000 },
    });
    const off = await k.patch('rmu', `/api/payment-modes/${PM.giftCard}`, { bonusMode: 'disabled' });
    expect(off.json()).toMatchObject({
      bonusMode: 'disabled',
      bonusValue: null,
      bonusCap: null,
      modifier: null,
    });
    expectViolation(
      await k.patch('rmu', `/api/payment-modes/${PM.giftCard}`, {
        bonusMode: 'amount',
        bonusValue: 5,
        bonusCap: 10,
      }),
      'bonus_cap_percentage_only',
      'bonusCap',
    );
    expectProblem(
      await k.patch('rmu', `/api/payment-modes/${PM.giftCard}`, { type: 'voucher' }),
      422,
      'immutable_field',
    );
  });

  it('a bonus needs the premium feature payment_bonus; without it, existing bonuses no longer apply', async () => {
    // Other Retail has no premium feature
    const refused = await k.post('otherRmu', '/api/payment-modes', {
      ...newPaymentMode(),
      bonusMode: 'percentage',
      bonusValue: 5,
    });
    expectProblem(refused, 403, 'premium_feature_required');
    expect(
      (await k.post('otherRmu', '/api/payment-modes', newPaymentMode({ bonusMode: 'disabled' }))).statusCode,
    ).toBe(201);
    expectProblem(
      await k.patch('otherRmu', `/api/payment-modes/${PM.otherVoucher}`, {
        bonusMode: 'amount',
        bonusValue: 5,
      }),
      403,
      'premium_feature_required',
    );
    // the other fields remain editable
    expect(
      (await k.patch('otherRmu', `/api/payment-modes/${PM.otherVoucher}`, { label: 'Bon' })).statusCode,
    ).toBe(200);
    await setPremium(DEMO.accounts.demoRetail, ['custom_transfer_order', 'multi_product_cart']);
    try {
      const voucher = (await k.get('rmu', `/api/payment-modes/${PM.voucher}`)).json();
      expect(voucher).toMatchObject({ bonusMode: 'percentage', bonusValue: 10, modifier: null });
      // a change that keeps the bonus as it is needs no premium
      expect(
        (await k.patch('rmu', `/api/payment-modes/${PM.voucher}`, { description: 'Bon majoré' })).statusCode,
      ).toBe(200);
    } finally {
      await setPremium(DEMO.accounts.demoRetail, [
        'custom_transfer_order',
        'multi_product_cart',
        'payment_bonus',
      ]);
    }
  });

  it('filters by type and status', async () => {
    await created({ status: 'inactive', type: 'voucher' });
    const inactive = (await k.get('rmu', '/api/payment-modes?status=inactive')).json();
    expect(inactive.member.every((m: PaymentModeResponse) => m.status === 'inactive')).toBe(true);
    expect(inactive.totalItems).toBeGreaterThan(0);
    const vouchers = (await k.get('rmu', '/api/payment-modes?type=voucher')).json();
    expect(vouchers.member.every((m: PaymentModeResponse) => m.type === 'voucher')).toBe(true);
  });

  it('needs the payment_modes permission', async () => {
    expectProblem(await k.get('analyst', '/api/payment-modes'), 403, 'forbidden');
    expectProblem(await k.post('seller', '/api/payment-modes', newPaymentMode()), 403, 'forbidden');
  });

  it('Other Retail neither sees nor changes Demo Retail’s payment modes', async () => {
    const list = (await k.get('otherRmu', '/api/payment-modes?itemsPerPage=100')).json();
    expect(list.member.every((m: PaymentModeResponse) => m.accountId === DEMO.accounts.otherRetail)).toBe(
      true,
    );
    expectProblem(await k.get('otherRmu', `/api/payment-modes/${PM.bankTransfer}`), 404, 'not_found');
    expectProblem(
      await k.patch('otherRmu', `/api/payment-modes/${PM.bankTransfer}`, { label: 'Volé' }),
      404,
      'not_found',
    );
    expect((await k.get('rmu', `/api/payment-modes/${PM.bankTransfer}`)).json().label).toBe(
      'Virement bancaire',
    );
  });
});

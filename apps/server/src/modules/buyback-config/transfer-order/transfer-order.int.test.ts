import { TRANSFER_ORDER_VARIABLES } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { DEMO, expectProblem, expectViolation, useConfigKit } from '../buyback-config.test-kit';

const k = useConfigKit();

const URL = '/api/settings/transfer-order';

describe('transfer-order settings', () => {
  it('reads the demo terms and the variable list', async () => {
    const res = await k.get('rmu', URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: DEMO.accounts.demoRetail,
      variables: [...TRANSFER_ORDER_VARIABLES],
    });
    expect(res.json().terms).toContain('{{customer_firstname}}');
  });

  it('saves terms using every listed variable, with an audit row', async () => {
    const terms = `Cession : ${TRANSFER_ORDER_VARIABLES.map((v) => `{{${v}}}`).join(' ')} et {{ total_price }}.`;
    const res = await k.put('rmu', URL, { terms });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().terms).toBe(terms);
    expect((await k.get('rmu', URL)).json().terms).toBe(terms);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_type', '=', 'transfer_order_settings')
      .where('entity_id', '=', DEMO.accounts.demoRetail)
      .execute();
    expect(audit).toEqual([{ action: 'update', after: { terms } }]);
  });

  it('refuses an unknown variable, naming it, and leaves the terms unchanged', async () => {
    const before = (await k.get('rmu', URL)).json().terms;
    const res = await k.put('rmu', URL, {
      terms: 'Bonjour {{customer_firstname}} {{iban}} {{ iban }} {{ageOfCaptain}}',
    });
    expectProblem(res, 422, 'transfer_order_unknown_variable');
    expect(res.json().detail).toContain('{{iban}}');
    expect(res.json().detail).toContain('{{ageOfCaptain}}');
    expect(res.json().violations).toEqual([
      {
        propertyPath: 'terms',
        code: 'transfer_order_unknown_variable',
        message: '{{iban}}, {{ageOfCaptain}}',
      },
    ]);
    expect((await k.get('rmu', URL)).json().terms).toBe(before);
  });

  it('refuses a variable left open', async () => {
    expectViolation(
      await k.put('rmu', URL, { terms: 'Prix : {{total_price' }),
      'transfer_order_malformed_variable',
      'terms',
    );
  });

  it('terms are 2 to 5000 characters', async () => {
    expectViolation(await k.put('rmu', URL, { terms: 'x' }), 'too_short', 'terms');
    expectViolation(await k.put('rmu', URL, { terms: 'x'.repeat(5001) }), 'too_long', 'terms');
    expect((await k.put('rmu', URL, { terms: 'x'.repeat(5000) })).statusCode).toBe(200);
    expect((await k.put('rmu', URL, { terms: 'ok' })).statusCode).toBe(200);
  });

  it('needs the premium feature custom_transfer_order', async () => {
    // Other Retail has no premium feature
    const read = await k.get('otherRmu', URL);
    expectProblem(read, 403, 'premium_feature_required');
    expect(read.json().detail).toContain('custom_transfer_order');
    expectProblem(await k.put('otherRmu', URL, { terms: 'Nos conditions' }), 403, 'premium_feature_required');
    const row = await k.t.db
      .selectFrom('transfer_order_settings')
      .select('terms')
      .where('account_id', '=', DEMO.accounts.otherRetail)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('needs the transfer_order_settings permission; an operator names the account', async () => {
    expectProblem(await k.get('analyst', URL), 403, 'forbidden');
    expectProblem(await k.put('seller', URL, { terms: 'Nos conditions' }), 403, 'forbidden');
    expectViolation(await k.get('admin', URL), 'required', 'accountId');
    const res = await k.get('admin', `${URL}?accountId=${DEMO.accounts.demoRetail}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accountId).toBe(DEMO.accounts.demoRetail);
  });

  it('Other Retail never reads nor changes Demo Retail’s terms', async () => {
    const before = (await k.get('rmu', URL)).json().terms;
    // a retailer's own account is always the one used, whatever it names
    expectProblem(
      await k.put('otherRmu', `${URL}?accountId=${DEMO.accounts.demoRetail}`, { terms: 'Volé' }),
      403,
      'premium_feature_required',
    );
    expectProblem(
      await k.get('otherRmu', `${URL}?accountId=${DEMO.accounts.demoRetail}`),
      403,
      'premium_feature_required',
    );
    expect((await k.get('rmu', URL)).json().terms).toBe(before);
  });
});

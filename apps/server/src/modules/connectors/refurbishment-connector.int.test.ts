import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { DEMO } from '../../../test/test-app';

/**
 * The refurbishment connector (docs/refurbishment.md, "The refurbishment connector"): an active
 * configuration switches the account's advanced stocks, refurb steps and diagnosis on and off; the
 * API of a feature switched off answers 403 refurbishment_feature_disabled; without an active
 * configuration every feature is on; another account is not touched.
 */

const REFURBISHMENT = '00000000-0000-4000-c000-000000000039';
const DISABLED = 'refurbishment_feature_disabled';

let k: ApiKit;
beforeAll(async () => {
  k = await startApiKit();
}, 120_000);
afterAll(() => k?.close());

const flags = (advancedStocks: boolean, refurbSteps: boolean, diagnosis: boolean) => ({
  advanced_stocks: String(advancedStocks),
  refurb_steps: String(refurbSteps),
  diagnosis: String(diagnosis),
});

const refused = (res: { statusCode: number; json(): { code: string; detail: string } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().code).toBe(DISABLED);
  return res.json().detail;
};

describe('the refurbishment connector', () => {
  it('is in the catalogue, its three switches of kind boolean', async () => {
    const res = await k.get('admin', `/api/connectors/${REFURBISHMENT}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fqn: 'reprise.premium.refurbishment',
      type: 'premium_feature',
      properties: [
        { name: 'advanced_stocks', required: true, secret: false, kind: 'boolean' },
        { name: 'refurb_steps', required: true, secret: false, kind: 'boolean' },
        { name: 'diagnosis', required: true, secret: false, kind: 'boolean' },
      ],
    });
  });

  it('takes true or false only', async () => {
    const res = await k.post('admin', '/api/connector-organizations', {
      organizationId: DEMO.orgs.buyer,
      connectorId: REFURBISHMENT,
      name: 'Refurbishment switches',
      properties: { ...flags(true, true, true), refurb_steps: 'yes' },
    });
    expectViolation(res, 'invalid_boolean', 'properties.refurb_steps');
  });

  it('without a configuration, every feature is on (as before the connector)', async () => {
    expect((await k.get('warehouse', '/api/refurbishment-features')).json()).toEqual({
      advancedStocks: true,
      refurbSteps: true,
      diagnosis: true,
    });
    expect((await k.get('warehouse', '/api/refurb-steps')).statusCode).toBe(200);
    expect((await k.get('warehouse', '/api/stocks')).statusCode).toBe(200);
  });

  it('switches the features off and on for its account only', async () => {
    const created = await k.post('admin', '/api/connector-organizations', {
      organizationId: DEMO.orgs.buyer,
      connectorId: REFURBISHMENT,
      name: 'Refurbishment switches',
      properties: { advanced_stocks: 'FALSE', refurb_steps: 'false', diagnosis: 'true' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().properties).toMatchObject({ advanced_stocks: 'false' });

    expect((await k.get('warehouse', '/api/refurbishment-features')).json()).toEqual({
      advancedStocks: false,
      refurbSteps: false,
      diagnosis: true,
    });
    // refurb steps: the services and their execution
    expect(refused(await k.get('warehouse', '/api/refurb-steps'))).toMatch(/refurb_steps/);
    refused(await k.get('warehouse', '/api/item-refurb-steps/search?code=2100000000173'));
    // advanced stocks: the stocks screens; the stock options other screens read stay
    expect(refused(await k.get('warehouse', '/api/stocks'))).toMatch(/advanced_stocks/);
    expect((await k.get('warehouse', '/api/stocks/options')).statusCode).toBe(200);
    // diagnosis is on
    expect((await k.get('warehouse', '/api/refurb-questions')).statusCode).toBe(200);
    // the admins who configure accounts are not held back
    expect((await k.get('admin', `/api/refurb-steps?account=${DEMO.accounts.demoBuyer}`)).statusCode).toBe(
      200,
    );

    // diagnosis off too
    expect(
      (await k.patch('admin', `/api/connector-organizations/${id}`, { properties: { diagnosis: 'false' } }))
        .statusCode,
    ).toBe(200);
    refused(await k.get('warehouse', '/api/refurb-questions'));

    // deactivated: every feature is on again
    expect(
      (await k.patch('admin', `/api/connector-organizations/${id}`, { status: 'inactive' })).statusCode,
    ).toBe(200);
    expect((await k.get('warehouse', '/api/refurb-steps')).statusCode).toBe(200);
    expect((await k.get('warehouse', '/api/stocks')).statusCode).toBe(200);
    expect((await k.get('warehouse', '/api/refurb-questions')).statusCode).toBe(200);
  });

  it('leaves another account’s features on', async () => {
    const other = await k.post('admin', '/api/connector-organizations', {
      organizationId: DEMO.orgs.otherRoot,
      connectorId: REFURBISHMENT,
      name: 'Refurbishment of another account',
      properties: flags(false, false, false),
    });
    expect(other.statusCode, other.body).toBe(201);
    expect((await k.get('warehouse', '/api/refurbishment-features')).json()).toEqual({
      advancedStocks: true,
      refurbSteps: true,
      diagnosis: true,
    });
    expect((await k.get('warehouse', '/api/refurb-steps')).statusCode).toBe(200);
  });
});

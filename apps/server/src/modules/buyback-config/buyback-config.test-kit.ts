import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { expectViolation, useApiKit } from '../../../test/api-kit';
import { DEMO } from '../../../test/test-app';
import { DEMO_CONFIG, TRANSPORT_PROVIDERS } from '../../seed/buyback-config';
import { DEMO_CATALOG } from '../../seed/catalog';

/** What the configuration's integration tests share: the demo users signed in, requests, payloads. */

export { DEMO, DEMO_CONFIG, expectViolation, TRANSPORT_PROVIDERS };

/** The configuration's integration tests act through the shared API kit, one a test file. */
export const useConfigKit = useApiKit;

/** The demo configuration's ids, and the demo catalogue's categories by name (the other account's: OTHER_CAT). */
export const CIRCUIT = DEMO_CONFIG.circuits;
export const RULE = DEMO_CONFIG.rules;
export const PM = DEMO_CONFIG.paymentModes;
export const CAT = DEMO_CATALOG.categories as Record<string, string>;
export const OTHER_CAT = DEMO_CATALOG.otherCategories as Record<string, string>;

/** Expects a problem document with this status and code. */
export function expectProblem(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
}

let sequence = 0;
/** A valid new circuit of Demo Retail (override any field): a web post circuit. */
export const newCircuit = (over: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    name: `Test circuit ${sequence}`,
    channel: 'web',
    depositType: 'post',
    eligibleCountries: ['FR'],
    paymentModeIds: [DEMO_CONFIG.paymentModes.bankTransfer],
    transportProviderId: TRANSPORT_PROVIDERS.colissimo,
    warehouseId: DEMO.orgs.warehouseSaintPriest,
    defaultInstructions: [{ label: 'Emballez le produit.', type: 'protect' }],
    ...over,
  };
};

/** A valid new payment mode (override any field). */
export const newPaymentMode = (over: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    type: 'gift_card',
    label: `Test payment ${sequence}`,
    description: 'Une carte cadeau.',
    ...over,
  };
};

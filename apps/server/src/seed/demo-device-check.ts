import { passesLuhn } from '@reprise/shared';
import { CONNECTOR_FQN, insertConfiguration } from '../modules/connectors/connector-configurations';
import { setAnswers, signUp } from '../modules/sandbox-device-check/sandbox-device-check.service';
import type { AppDeps } from '../platform/deps';
import type { BaseTxContext, Trx } from '../platform/request-context';
import type { Keyring } from '../platform/secrets';
import { DEMO } from './demo-ids';

/** A 15-digit IMEI of the demo TAC 35345678 with this 6-digit serial and its Luhn check digit. */
function demoImei(serial: string): string {
  const body = `35345678${serial}`;
  for (let digit = 0; digit < 10; digit++) if (passesLuhn(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error('no check digit');
}

/**
 * Demo Retail's stolen-device check (docs/device-check.md): the sandbox IMEI blacklist's
 * "Liste noire IMEI de test", and the IMEIs it answers otherwise than clean, published like the
 * demo passwords so that a demo and the tests take each path.
 */
export const DEMO_DEVICE_CHECK = {
  configurationId: '00000000-0000-4000-8000-000000000c06',
  name: 'Liste noire IMEI de test',
  /** The demo's API key at the sandbox. Never a real secret. */
  apiKey: 'sbx_demo_retail_device_check_key',
  imeis: {
    stolen: demoImei('900001'),
    lost: demoImei('900002'),
    unknown: demoImei('900003'),
    outage: demoImei('900004'),
    timeout: demoImei('900005'),
  },
} as const;

/**
 * Opens Demo Retail's account at the sandbox blacklist through its own sign-up (no server runs at
 * seed time) and saves the device-check configuration, its address a path resolved against the
 * running server's public URL. Seeded after the demo buybacks: those were never checked.
 */
export async function seedDemoDeviceCheck(trx: Trx, keyring: Keyring): Promise<void> {
  const tx: BaseTxContext = {
    scope: { kind: 'all' },
    locale: null,
    db: trx,
    deps: { keyring } as AppDeps,
    trx,
    afterCommit: () => {},
  };
  const account = await signUp(tx, { apiKey: DEMO_DEVICE_CHECK.apiKey });
  await setAnswers(
    tx,
    account.id,
    Object.fromEntries(Object.entries(DEMO_DEVICE_CHECK.imeis).map(([answer, imei]) => [imei, answer])),
  );
  await insertConfiguration(tx, {
    id: DEMO_DEVICE_CHECK.configurationId,
    accountId: DEMO.accounts.demoRetail,
    organizationId: DEMO.orgs.retailRoot,
    fqn: CONNECTOR_FQN.deviceCheck,
    name: DEMO_DEVICE_CHECK.name,
    values: { api_url: '/api/sandbox-device-check', api_key: account.apiKey },
  });
}

import { randomBytes } from 'node:crypto';
import { CONNECTOR_FQN, insertConfiguration } from '../modules/connectors/connector-configurations';
import { signUp } from '../modules/sandbox-carrier/sandbox-carrier.service';
import type { Config } from '../platform/config';
import type { AppDeps } from '../platform/deps';
import type { BaseTxContext, Trx } from '../platform/request-context';
import type { Keyring } from '../platform/secrets';
import { DEMO } from './demo-ids';

/** Demo Retail's carrier: the sandbox carrier's "Transporteur de test" (docs/transport.md). */
export const DEMO_TRANSPORT = {
  configurationId: '00000000-0000-4000-8000-000000000c05',
  name: 'Transporteur de test',
  /**
   * The demo shipper's API key at the sandbox carrier, published like the demo passwords so that
   * the e2e specs and a demo can move parcels through the carrier's console. Never a real secret.
   */
  apiKey: 'sbx_demo_retail_sandbox_key',
} as const;

/**
 * Opens Demo Retail's account at the sandbox carrier through the carrier's own sign-up (its
 * service, not HTTP: no server runs at seed time) and saves the matching transport configuration.
 * Both addresses are paths, resolved against the running server's public URL when they are used
 * (modules/transport/carriers.ts, the carrier's webhook job), so the demo works on any port.
 */
export async function seedDemoTransport(trx: Trx, keyring: Keyring): Promise<void> {
  // the seed runs before any server: a context with only what the services read
  const tx: BaseTxContext = {
    scope: { kind: 'all' },
    locale: null,
    db: trx,
    deps: { keyring, config: { publicUrl: 'http://localhost' } as Config } as AppDeps,
    trx,
    afterCommit: () => {},
  };
  const account = await signUp(
    tx,
    { webhookUrl: `/api/webhooks/transport/${DEMO_TRANSPORT.configurationId}` },
    { apiKey: DEMO_TRANSPORT.apiKey, webhookSecret: `whsec_${randomBytes(24).toString('hex')}` },
  );
  await insertConfiguration(tx, {
    id: DEMO_TRANSPORT.configurationId,
    accountId: DEMO.accounts.demoRetail,
    organizationId: DEMO.orgs.retailRoot,
    fqn: CONNECTOR_FQN.sandboxCarrier,
    name: DEMO_TRANSPORT.name,
    values: {
      api_url: '/api/sandbox-carrier',
      account_number: account.accountNumber,
      api_key: account.apiKey,
      webhook_secret: account.webhookSecret,
    },
  });
}

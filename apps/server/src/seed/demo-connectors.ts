import { CONNECTOR_FQN, insertConfiguration } from '../modules/connectors/connector-configurations';
import type { AppDeps } from '../platform/deps';
import type { BaseTxContext, Trx } from '../platform/request-context';
import type { Keyring } from '../platform/secrets';
import { DEMO } from './demo-ids';

/**
 * Demo Retail's connector configurations (issue 14): SEPA credit transfers from its bank account,
 * gift cards of the built-in issuer, a gift-card terminal (its passphrase a secret, encrypted at
 * rest) and the scan search answering the public site's IMEI lookup. Saved as the configuration
 * screens save them (modules/connectors/connector-configurations.ts `insertConfiguration`), in the
 * seed's transaction. The sandbox carrier's configuration is seeded by the transport demo.
 */
export async function seedDemoConnectors(trx: Trx, keyring: Keyring): Promise<void> {
  // the seed runs before any server: a context with only what insertConfiguration reads
  const tx: BaseTxContext = {
    scope: { kind: 'all' },
    locale: null,
    db: trx,
    deps: { keyring } as AppDeps,
    trx,
    afterCommit: () => {},
  };
  const C = DEMO.connectorConfigurations;
  const at = { accountId: DEMO.accounts.demoRetail, organizationId: DEMO.orgs.retailRoot };
  await insertConfiguration(tx, {
    ...at,
    ...C.sepaCreditTransfer,
    fqn: CONNECTOR_FQN.sepaCreditTransfer,
    values: {
      debtor_name: 'Demo Retail SAS',
      debtor_iban: 'FR7630006000019876543210173',
      debtor_bic: 'AGRIFRPPXXX',
    },
  });
  await insertConfiguration(tx, {
    ...at,
    ...C.giftCardIssuer,
    fqn: CONNECTOR_FQN.giftCardIssuer,
    values: { validity_months: '12' },
  });
  await insertConfiguration(tx, {
    ...at,
    ...C.giftCardTerminal,
    fqn: CONNECTOR_FQN.giftCardTerminal,
    values: {
      merchant_id: 'DEMO-MERCHANT-01',
      terminal_id: 'T-0001',
      maximum_amount: '150000',
      item_code: 'GC-REPRISE',
      passphrase: 'demo-terminal-passphrase',
    },
  });
  await insertConfiguration(tx, {
    ...at,
    ...C.scanSearch,
    fqn: CONNECTOR_FQN.scanSearch,
    values: { minimum_matches: '1' },
  });
}

import type { ConnectorConfigurationStatus } from '@reprise/shared';
import { sql } from 'kysely';
import { audit } from '../../platform/audit';
import type { ConnectorPropertyDefinition } from '../../platform/db.types';
import { AppError } from '../../platform/errors';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';

/**
 * The connector configurations as the modules that run them read them (payments, transport,
 * webhooks, premium actions): a configuration's plain and secret values together, the secrets
 * decrypted (platform/secrets.ts, purpose `connector`). Nothing here answers a client: the
 * configuration screens (connectors.service.ts) never send a secret back.
 */

/** The purpose secrets of connector configurations are encrypted under (platform/secrets.ts). */
export const CONNECTOR_SECRET_PURPOSE = 'connector';

/** The connectors of the catalogue (migration 021), by their fully qualified name. */
export const CONNECTOR_FQN = {
  sepaCreditTransfer: 'reprise.payment.sepa_credit_transfer',
  giftCardIssuer: 'reprise.payment.gift_card_issuer',
  giftCardTerminal: 'reprise.payment.gift_card_terminal',
  bankPayout: 'reprise.payment.bank_payout',
  walletPayout: 'reprise.payment.wallet_payout',
  sandboxCarrier: 'reprise.transport.sandbox_carrier',
  buyerResaleWebhook: 'reprise.buyer.resale_webhook',
  scanSearch: 'reprise.premium.scan_search',
  sftpImport: 'reprise.scheduled.sftp_import',
  openidConnect: 'reprise.authentication.openid_connect',
  deviceCheck: 'reprise.device_check.imei_blacklist',
} as const;
export type ConnectorFqn = (typeof CONNECTOR_FQN)[keyof typeof CONNECTOR_FQN];

/** A configuration with every value readable: what a connector runs with. */
export interface ResolvedConfiguration {
  id: string;
  accountId: string;
  organizationId: string;
  connectorId: string;
  fqn: string;
  type: string;
  name: string;
  status: ConnectorConfigurationStatus;
  /** Plain and decrypted secret values, by property name. */
  values: Record<string, string>;
}

type ConfigurationRow = {
  id: string;
  account_id: string;
  organization_id: string;
  connector_id: string;
  fqn: string;
  type: string;
  name: string;
  status: string;
  properties: Record<string, string>;
  secrets: Record<string, string>;
};

function resolve(ctx: BaseContext, row: ConfigurationRow): ResolvedConfiguration {
  const secrets = Object.fromEntries(
    Object.entries(row.secrets).map(([name, stored]) => [
      name,
      ctx.deps.keyring.decrypt(CONNECTOR_SECRET_PURPOSE, stored),
    ]),
  );
  return {
    id: row.id,
    accountId: row.account_id,
    organizationId: row.organization_id,
    connectorId: row.connector_id,
    fqn: row.fqn,
    type: row.type,
    name: row.name,
    status: row.status as ConnectorConfigurationStatus,
    values: { ...row.properties, ...secrets },
  };
}

function selectConfigurations(ctx: BaseContext) {
  const query = readerOf(ctx)
    .selectFrom('connector_configurations as cc')
    .innerJoin('connectors as c', 'c.id', 'cc.connector_id')
    .select([
      'cc.id',
      'cc.account_id',
      'cc.organization_id',
      'cc.connector_id',
      'c.fqn',
      'c.type',
      'cc.name',
      'cc.status',
      'cc.properties',
      'cc.secrets',
    ]);
  return ctx.scope.kind === 'all' ? query : query.where('cc.account_id', '=', ctx.scope.accountId);
}

/** A configuration of the context's scope by id, whatever its status; null when there is none there. */
export async function resolveConfiguration(
  ctx: BaseContext,
  id: string,
): Promise<ResolvedConfiguration | null> {
  const row = await selectConfigurations(ctx).where('cc.id', '=', id).executeTakeFirst();
  return row ? resolve(ctx, row) : null;
}

/**
 * The active configuration of a connector in an account (the latest updated when there are
 * several); null when the account has none, in which case the caller uses the platform's own way
 * (its PDF label, a payment left for the retailer to make by hand).
 */
export async function findActiveConfiguration(
  ctx: BaseContext,
  accountId: string,
  fqn: ConnectorFqn,
): Promise<ResolvedConfiguration | null> {
  const row = await selectConfigurations(ctx)
    .where('cc.account_id', '=', accountId)
    .where('c.fqn', '=', fqn)
    .where('cc.status', '=', 'active')
    .orderBy('cc.updated_at', 'desc')
    .executeTakeFirst();
  return row ? resolve(ctx, row) : null;
}

/** The active configurations of a connector in every account of the scope (a scheduled connector's run). */
export async function listActiveConfigurations(
  ctx: BaseContext,
  fqn: ConnectorFqn,
): Promise<ResolvedConfiguration[]> {
  const rows = await selectConfigurations(ctx)
    .where('c.fqn', '=', fqn)
    .where('cc.status', '=', 'active')
    .orderBy('cc.created_at')
    .execute();
  return rows.map((row) => resolve(ctx, row));
}

/** The property definitions of a connector of the catalogue. */
async function connectorDefinition(ctx: BaseContext, fqnOrId: { fqn: string } | { id: string }) {
  const query = readerOf(ctx).selectFrom('connectors').selectAll();
  return 'fqn' in fqnOrId
    ? query.where('fqn', '=', fqnOrId.fqn).executeTakeFirst()
    : query.where('id', '=', fqnOrId.id).executeTakeFirst();
}

/**
 * The stored form of a configuration's values: plain ones as they are, secret ones encrypted, by
 * the connector's definitions. A value for a property the connector does not define is refused.
 */
export function storedValues(
  ctx: BaseContext,
  definitions: readonly ConnectorPropertyDefinition[],
  values: Record<string, string>,
): { properties: Record<string, string>; secrets: Record<string, string> } {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const properties: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const definition = byName.get(name);
    if (!definition) {
      throw new AppError('validation_failed', `The connector has no property ${name}.`);
    }
    if (definition.secret) secrets[name] = ctx.deps.keyring.encrypt(CONNECTOR_SECRET_PURPOSE, value);
    else properties[name] = value;
  }
  return { properties, secrets };
}

/**
 * Saves a new configuration (the demo seed and the configuration screens' create): values split
 * and encrypted by the connector's definitions, audited without its secrets. The caller validated
 * the values (connectors.service.ts) and checked the organisation lies in its scope.
 */
export async function insertConfiguration(
  tx: BaseTxContext,
  input: {
    /** A stable id (the demo seed's); a new one when absent. */
    id?: string;
    accountId: string;
    organizationId: string;
    fqn: ConnectorFqn | string;
    name: string;
    status?: ConnectorConfigurationStatus;
    values: Record<string, string>;
    createdBy?: string | null;
  },
): Promise<string> {
  const connector = await connectorDefinition(tx, { fqn: input.fqn });
  if (!connector) throw new AppError('not_found', 'This connector does not exist.');
  const { properties, secrets } = storedValues(tx, connector.properties, input.values);
  const row = await tx.trx
    .insertInto('connector_configurations')
    .values({
      ...(input.id ? { id: input.id } : {}),
      account_id: input.accountId,
      organization_id: input.organizationId,
      connector_id: connector.id,
      name: input.name,
      status: input.status ?? 'active',
      properties: JSON.stringify(properties),
      secrets: JSON.stringify(secrets),
      created_by: input.createdBy ?? null,
      updated_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(tx, {
    action: 'create',
    entityType: 'connector_configuration',
    entityId: row.id,
    accountId: input.accountId,
    after: { name: input.name, connector: input.fqn, properties, secrets: Object.keys(secrets) },
  });
  return row.id;
}

/**
 * The premium-feature actions an account's active configurations answer (`imei_lookup`): what
 * the public site's premium-feature fetch announces, and what the premium action route runs.
 */
export async function activeConnectorActions(ctx: BaseContext, accountId: string): Promise<string[]> {
  const rows = await readerOf(ctx)
    .selectFrom('connector_configurations as cc')
    .innerJoin('connectors as c', 'c.id', 'cc.connector_id')
    .select('c.actions')
    .where('cc.account_id', '=', accountId)
    .where('cc.status', '=', 'active')
    .where('c.type', '=', 'premium_feature')
    .where('c.status', '=', 'active')
    .execute();
  return [...new Set(rows.flatMap((r) => r.actions))].sort();
}

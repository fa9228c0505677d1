import type { SsoClaimTypes, SsoRoleMappingEntry, Status } from '@reprise/shared';
import { sql } from 'kysely';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { deleteOwned, updateOwned } from '../../platform/scoped-writes';

/**
 * The SQL of single sign-on configurations (tables sso_configurations and sso_domains, migration
 * 032): one per account, held by its root organisation, read and written within the context's scope.
 */

export interface ConfigurationRow {
  accountId: string;
  organizationId: string;
  status: Status;
  configurationEndpoint: string;
  clientId: string;
  /** Encrypted: only the sign-in decrypts it. */
  clientSecret: string;
  scope: string;
  roleMapping: SsoRoleMappingEntry[];
  claimTypes: SsoClaimTypes;
  domains: string[];
  updatedAt: Date;
}

const inScope = (scope: AccountScope, accountId: string) =>
  scope.kind === 'all' || scope.accountId === accountId;

/** An organisation the context may reach, with whether it is its account's root (it has no parent). */
export async function findOrganization(
  ctx: BaseContext,
  organizationId: string,
): Promise<{ id: string; accountId: string; isRoot: boolean } | null> {
  const row = await readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'account_id', 'parent_organization_id'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!row || !inScope(ctx.scope, row.account_id)) return null;
  return { id: row.id, accountId: row.account_id, isRoot: row.parent_organization_id === null };
}

function selectConfigurations(ctx: BaseContext) {
  return readerOf(ctx)
    .selectFrom('sso_configurations as c')
    .select([
      'c.account_id as accountId',
      'c.organization_id as organizationId',
      'c.status',
      'c.configuration_endpoint as configurationEndpoint',
      'c.client_id as clientId',
      'c.client_secret as clientSecret',
      'c.scope',
      'c.role_mapping as roleMapping',
      'c.claim_types as claimTypes',
      'c.updated_at as updatedAt',
      sql<
        string[]
      >`coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM sso_domains d WHERE d.account_id = c.account_id), '{}')`.as(
        'domains',
      ),
    ]);
}

/** The account's configuration, when there is one and the context may reach it. */
export async function findConfiguration(
  ctx: BaseContext,
  accountId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ConfigurationRow | null> {
  if (!inScope(ctx.scope, accountId)) return null;
  let query = selectConfigurations(ctx).where('c.account_id', '=', accountId);
  if (options.forUpdate) query = query.forUpdate('c');
  return ((await query.executeTakeFirst()) as ConfigurationRow | undefined) ?? null;
}

/** The configuration a root organisation holds (every account's for a credential's context). */
export async function findConfigurationOfOrganization(
  ctx: BaseContext,
  organizationId: string,
): Promise<ConfigurationRow | null> {
  const row = (await selectConfigurations(ctx)
    .where('c.organization_id', '=', organizationId)
    .executeTakeFirst()) as ConfigurationRow | undefined;
  return row && inScope(ctx.scope, row.accountId) ? row : null;
}

/** The active configuration whose domains hold `domain`. */
export async function findActiveConfigurationByDomain(
  ctx: BaseContext,
  domain: string,
): Promise<ConfigurationRow | null> {
  const row = (await selectConfigurations(ctx)
    .innerJoin('sso_domains as sd', 'sd.account_id', 'c.account_id')
    .where('sd.domain', '=', domain)
    .where('c.status', '=', 'active')
    .executeTakeFirst()) as ConfigurationRow | undefined;
  return row && inScope(ctx.scope, row.accountId) ? row : null;
}

/** Whether the account signing in by single sign-on is an active client (docs/clients.md). */
export async function isAccountActive(ctx: BaseContext, accountId: string): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('accounts')
    .select('status')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.status === 'active';
}

/** The domains among `domains` that another account's configuration holds. */
export async function domainsOfOtherAccounts(
  ctx: BaseContext,
  accountId: string,
  domains: readonly string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await readerOf(ctx)
    .selectFrom('sso_domains')
    .select('domain')
    .where('domain', 'in', [...domains])
    .where('account_id', '!=', accountId)
    .execute();
  return rows.map((r) => r.domain);
}

/** Organisations of the account among `ids`, with their type (the role mapping's parent entities). */
export async function organizationsOfAccount(
  ctx: BaseContext,
  accountId: string,
  ids: readonly string[],
): Promise<{ id: string; type: string }[]> {
  if (ids.length === 0 || !inScope(ctx.scope, accountId)) return [];
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'type'])
    .where('account_id', '=', accountId)
    .where('id', 'in', [...ids])
    .execute();
}

/** What a configuration's insert and update write: the row's own values. */
export type ConfigurationValues = Pick<
  ConfigurationRow,
  'status' | 'configurationEndpoint' | 'clientId' | 'clientSecret' | 'scope' | 'roleMapping' | 'claimTypes'
>;

/** The columns the values are written to (the role mapping and the claim types as JSON). */
const columnsOf = (values: ConfigurationValues) => ({
  status: values.status,
  configuration_endpoint: values.configurationEndpoint,
  client_id: values.clientId,
  client_secret: values.clientSecret,
  scope: values.scope,
  role_mapping: JSON.stringify(values.roleMapping),
  claim_types: JSON.stringify(values.claimTypes),
});

export async function insertConfiguration(
  tx: BaseTxContext,
  accountId: string,
  organizationId: string,
  values: ConfigurationValues,
  createdBy: string | null,
): Promise<void> {
  await tx.trx
    .insertInto('sso_configurations')
    .values({
      account_id: accountId,
      organization_id: organizationId,
      ...columnsOf(values),
      created_by: createdBy,
    })
    .execute();
}

export async function updateConfiguration(
  tx: BaseTxContext,
  accountId: string,
  values: ConfigurationValues,
): Promise<void> {
  await updateOwned(tx, 'sso_configurations', { kind: 'account', accountId })
    .set({
      ...columnsOf(values),
      updated_at: sql<Date>`now()`,
    })
    .where('account_id', '=', accountId)
    .execute();
}

/** Replaces the account's domains (the unique key refuses one another account holds). */
export async function replaceDomains(
  tx: BaseTxContext,
  accountId: string,
  domains: readonly string[],
): Promise<void> {
  await deleteOwned(tx, 'sso_domains', { kind: 'account', accountId })
    .where('account_id', '=', accountId)
    .execute();
  if (domains.length === 0) return;
  await tx.trx
    .insertInto('sso_domains')
    .values(domains.map((domain) => ({ domain, account_id: accountId })))
    .execute();
}

/** Removes the account's configuration, its domains, and the sign-ins it had started. */
export async function deleteConfiguration(tx: BaseTxContext, accountId: string): Promise<void> {
  const scope = { kind: 'account', accountId } as const;
  await deleteOwned(tx, 'sso_authorization_requests', scope).where('account_id', '=', accountId).execute();
  await deleteOwned(tx, 'sso_logins', scope)
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
  await deleteOwned(tx, 'sso_domains', scope).where('account_id', '=', accountId).execute();
  await deleteOwned(tx, 'sso_configurations', scope).where('account_id', '=', accountId).execute();
}

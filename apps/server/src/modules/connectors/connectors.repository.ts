import type { ConnectorConfigurationStatus, ConnectorType } from '@reprise/shared';
import { sql } from 'kysely';
import type { ConnectorPropertyDefinition } from '../../platform/db.types';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { deleteOwned, updateOwned } from '../../platform/scoped-writes';
import { PRODUCT_CARD_COLUMNS } from '../catalog';
import { containsPattern, folded } from '../organizations';

/**
 * The connector catalogue and the connector configurations (migration 021) as the configuration
 * screens read and write them. The catalogue is reference data every user with
 * `connector.configuration` reads; a configuration belongs to its organisation's account and is
 * read in the context's scope (its account; every account for platform operators).
 */

export interface ConnectorRow {
  id: string;
  fqn: string;
  name: string;
  type: string;
  status: string;
  properties: ConnectorPropertyDefinition[];
  actions: string[];
}

export interface ConnectorFilters {
  id?: string;
  name?: string;
  type?: ConnectorType;
  fqn?: string;
}

function connectorsQuery(ctx: BaseContext, filters: ConnectorFilters) {
  let query = readerOf(ctx).selectFrom('connectors as c');
  if (filters.id) query = query.where('c.id', '=', filters.id);
  if (filters.type) query = query.where('c.type', '=', filters.type);
  if (filters.fqn) query = query.where('c.fqn', '=', filters.fqn);
  if (filters.name) query = query.where(folded(sql`c.name`), 'like', folded(containsPattern(filters.name)));
  return query;
}

export async function listConnectors(
  ctx: BaseContext,
  filters: ConnectorFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: ConnectorRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    connectorsQuery(ctx, filters)
      .select(['c.id', 'c.fqn', 'c.name', 'c.type', 'c.status', 'c.properties', 'c.actions'])
      .orderBy('c.type')
      .orderBy('c.name')
      .orderBy('c.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    connectorsQuery(ctx, filters)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findConnector(ctx: BaseContext, id: string): Promise<ConnectorRow | undefined> {
  return connectorsQuery(ctx, { id })
    .select(['c.id', 'c.fqn', 'c.name', 'c.type', 'c.status', 'c.properties', 'c.actions'])
    .executeTakeFirst();
}

export interface ConfigurationRow {
  id: string;
  account_id: string;
  organization_id: string;
  organization_name: string;
  connector_id: string;
  connector_fqn: string;
  connector_name: string;
  connector_type: string;
  connector_properties: ConnectorPropertyDefinition[];
  name: string;
  status: string;
  properties: Record<string, string>;
  /** The names of the secrets stored (their encrypted values never leave the repository). */
  secret_names: string[];
  created_at: Date;
  updated_at: Date;
}

export interface ConfigurationFilters {
  id?: string;
  organizationId?: string;
  connectorId?: string;
  type?: ConnectorType;
  status?: ConnectorConfigurationStatus;
}

function configurationsQuery(ctx: BaseContext, filters: ConfigurationFilters) {
  let query = readerOf(ctx)
    .selectFrom('connector_configurations as cc')
    .innerJoin('connectors as c', 'c.id', 'cc.connector_id')
    .innerJoin('organizations as o', 'o.id', 'cc.organization_id');
  if (ctx.scope.kind === 'account') query = query.where('cc.account_id', '=', ctx.scope.accountId);
  if (filters.id) query = query.where('cc.id', '=', filters.id);
  if (filters.organizationId) query = query.where('cc.organization_id', '=', filters.organizationId);
  if (filters.connectorId) query = query.where('cc.connector_id', '=', filters.connectorId);
  if (filters.type) query = query.where('c.type', '=', filters.type);
  if (filters.status) query = query.where('cc.status', '=', filters.status);
  return query;
}

const withColumns = (query: ReturnType<typeof configurationsQuery>) =>
  query.select([
    'cc.id',
    'cc.account_id',
    'cc.organization_id',
    'o.common_name as organization_name',
    'cc.connector_id',
    'c.fqn as connector_fqn',
    'c.name as connector_name',
    'c.type as connector_type',
    'c.properties as connector_properties',
    'cc.name',
    'cc.status',
    'cc.properties',
    // the names only: a secret's stored form is not read here
    sql<string[]>`ARRAY(SELECT jsonb_object_keys(cc.secrets) ORDER BY 1)`.as('secret_names'),
    'cc.created_at',
    'cc.updated_at',
  ]);

export async function listConfigurations(
  ctx: BaseContext,
  filters: ConfigurationFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: ConfigurationRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    withColumns(configurationsQuery(ctx, filters))
      .orderBy(sql`lower(cc.name)`)
      .orderBy('cc.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    configurationsQuery(ctx, filters)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findConfiguration(ctx: BaseContext, id: string): Promise<ConfigurationRow | undefined> {
  return withColumns(configurationsQuery(ctx, { id })).executeTakeFirst();
}

/** The stored (encrypted) secrets of a configuration of the scope: what an update keeps. */
export async function findStoredSecrets(tx: BaseTxContext, id: string): Promise<Record<string, string>> {
  const row = await configurationsQuery(tx, { id }).select('cc.secrets').executeTakeFirst();
  return row?.secrets ?? {};
}

/** An organisation by id, whatever its account (the service checks the actor may see it). */
export async function findOrganization(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'account_id', 'common_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The configuration names of an account (the name is unique in it whatever its case). */
export async function findConfigurationNames(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('connector_configurations')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .execute();
}

/** Serialises the configuration writes of one account (the unique name) until the transaction ends. */
export async function lockAccountConfigurations(tx: BaseTxContext, accountId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`connector_configurations:${accountId}`}, 0))`.execute(
    tx.trx,
  );
}

/** Locks a configuration's row until the transaction ends. */
export async function lockConfiguration(tx: BaseTxContext, id: string): Promise<void> {
  await tx.trx.selectFrom('connector_configurations').select('id').where('id', '=', id).forUpdate().execute();
}

export async function updateConfiguration(
  tx: BaseTxContext,
  scope: AccountScope,
  id: string,
  values: {
    name?: string;
    status?: ConnectorConfigurationStatus;
    properties?: Record<string, string>;
    secrets?: Record<string, string>;
  },
): Promise<void> {
  await updateOwned(tx, 'connector_configurations', scope)
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.status !== undefined ? { status: values.status } : {}),
      ...(values.properties !== undefined ? { properties: JSON.stringify(values.properties) } : {}),
      ...(values.secrets !== undefined ? { secrets: JSON.stringify(values.secrets) } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteConfiguration(tx: BaseTxContext, scope: AccountScope, id: string): Promise<void> {
  await deleteOwned(tx, 'connector_configurations', scope).where('id', '=', id).execute();
}

/**
 * The account's published products one of whose TAC codes is `tac` (an IMEI's first 8 digits),
 * by name; at most `limit`, and how many there are.
 */
export async function findProductsByTac(
  ctx: BaseContext,
  accountId: string,
  tac: string,
  limit: number,
  categoryIds?: string[],
) {
  let base = readerOf(ctx)
    .selectFrom('products')
    .where('account_id', '=', accountId)
    .where('status', '=', 'published')
    .where(sql<boolean>`tac_codes @> ARRAY[${tac}]::text[]`);
  // a rule's categories: products whose main category is one of them or below one (its path holds it)
  if (categoryIds)
    base = base.where(
      sql<boolean>`exists (select 1 from categories k where k.id = products.main_category_id
        and k.path like any (select '%/' || c || '/%' from unnest(${categoryIds}::text[]) as c))`,
    );
  const [rows, count] = await Promise.all([
    base.select(PRODUCT_CARD_COLUMNS).orderBy('sort_name').orderBy('id').limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

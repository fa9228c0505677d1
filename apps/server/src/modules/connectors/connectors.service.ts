import {
  type ConnectorConfigurationPatchRequest,
  type ConnectorConfigurationRequest,
  type ConnectorConfigurationResponse,
  type ConnectorResponse,
  connectorPropertyViolations,
  type ListConnectorConfigurationsQuery,
  type ListConnectorsQuery,
  PREMIUM_ACTIONS,
  type PremiumAction,
  type PremiumActionQuery,
  type PremiumActionResponse,
  type PropertyViolation,
  premiumImei,
  type RefurbishmentFeaturesResponse,
  SEARCH_PAGE_SIZE,
  TAC_LENGTH,
  type Violation,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import { refurbishmentFeaturesOf } from '../../platform/refurbishment-features';
import {
  type AccountScope,
  type RequestContext,
  readerOf,
  type TxContext,
  transact,
} from '../../platform/request-context';
import { toProductCard } from '../catalog';
import {
  activeConnectorActions,
  CONNECTOR_FQN,
  findActiveConfiguration,
  insertConfiguration,
  storedValues,
} from './connector-configurations';
import { connectorValueViolations } from './connector-value-rules';
import { toConfigurationResponse, toConnectorResponse } from './connectors.mapper';
import * as repo from './connectors.repository';

/**
 * Connectors (docs/connectors.md): the catalogue, the
 * configurations of an account's organisations (`connector.configuration`), and the actions of
 * premium-feature connectors. A configuration's name is unique in its account whatever its case;
 * its values are checked by their property's kind; its secrets are encrypted at rest
 * (connector-configurations.ts `storedValues`), never answered, never audited. An active
 * configuration is not deleted: it is deactivated first (the payments, labels and webhooks that
 * run with it stop taking it), then deleted.
 */

const scopeOf = (row: { account_id: string }): AccountScope => ({
  kind: 'account',
  accountId: row.account_id,
});

const violationsOf = (found: PropertyViolation[]): Violation[] =>
  found.map((v) => ({ ...v, message: v.code }));

// ---- the catalogue ----

export async function listConnectors(
  ctx: RequestContext,
  query: ListConnectorsQuery,
): Promise<Page<ConnectorResponse>> {
  const { rows, total } = await repo.listConnectors(
    ctx,
    { id: query.id, name: query.name || undefined, type: query.type, fqn: query.fqn || undefined },
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return { member: rows.map(toConnectorResponse), totalItems: total };
}

export async function getConnector(ctx: RequestContext, id: string): Promise<ConnectorResponse> {
  const row = await repo.findConnector(ctx, id);
  if (!row) throw notFound('connector');
  return toConnectorResponse(row);
}

// ---- configurations ----

export async function listConfigurations(
  ctx: RequestContext,
  query: ListConnectorConfigurationsQuery,
): Promise<Page<ConnectorConfigurationResponse>> {
  const { rows, total } = await repo.listConfigurations(
    ctx,
    {
      organizationId: query.organizationId,
      connectorId: query.connectorId,
      type: query.type,
      status: query.status,
    },
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return { member: rows.map(toConfigurationResponse), totalItems: total };
}

async function visibleConfiguration(ctx: RequestContext, id: string): Promise<repo.ConfigurationRow> {
  const row = await repo.findConfiguration(ctx, id);
  if (!row) throw notFound('connector configuration');
  return row;
}

export async function getConfiguration(
  ctx: RequestContext,
  id: string,
): Promise<ConnectorConfigurationResponse> {
  return toConfigurationResponse(await visibleConfiguration(ctx, id));
}

/** The name violation when another configuration of the account has it, whatever its case. */
async function nameViolation(
  tx: TxContext,
  accountId: string,
  name: string,
  exceptId: string | null,
): Promise<Violation | null> {
  const wanted = name.toLowerCase();
  const taken = (await repo.findConfigurationNames(tx, accountId)).some(
    (c) => c.id !== exceptId && c.name.toLowerCase() === wanted,
  );
  const code = 'connector_configuration_name_exists';
  return taken
    ? {
        propertyPath: 'name',
        code,
        message: 'A connector configuration of this account already has this name.',
      }
    : null;
}

/** Refuses the violations found: the name's own code when it is the only one, else validation_failed. */
function refuse(violations: Violation[]): never {
  const onlyName = violations.length === 1 && violations[0]?.code === 'connector_configuration_name_exists';
  throw new AppError(
    onlyName ? 'connector_configuration_name_exists' : 'validation_failed',
    onlyName
      ? 'A connector configuration of this account already has this name.'
      : 'The configuration is not valid.',
    violations,
  );
}

/** What an audit row says of a configuration: its plain values and the names of its secrets, never their values. */
const audited = (row: repo.ConfigurationRow) => ({
  name: row.name,
  status: row.status,
  properties: row.properties,
  secrets: row.secret_names,
});

export async function createConfiguration(
  ctx: RequestContext,
  input: ConnectorConfigurationRequest,
): Promise<ConnectorConfigurationResponse> {
  return transact(ctx, async (tx) => {
    const organization = await repo.findOrganization(tx, input.organizationId);
    if (!organization || (tx.scope.kind === 'account' && organization.account_id !== tx.scope.accountId))
      throw notFound('organisation');
    const connector = await repo.findConnector(tx, input.connectorId);
    if (!connector) throw notFound('connector');
    const checked = connectorPropertyViolations(connector.properties, input.properties);
    await repo.lockAccountConfigurations(tx, organization.account_id);
    const taken = await nameViolation(tx, organization.account_id, input.name, null);
    const violations = [
      ...(taken ? [taken] : []),
      ...violationsOf(checked.violations),
      ...violationsOf(connectorValueViolations(connector.fqn, checked.values)),
    ];
    if (violations.length) refuse(violations);
    const values = Object.fromEntries(
      Object.entries(checked.values).filter((e): e is [string, string] => e[1] !== null),
    );
    const id = await insertConfiguration(tx, {
      accountId: organization.account_id,
      organizationId: organization.id,
      fqn: connector.fqn,
      name: input.name,
      status: input.status,
      values,
      createdBy: tx.actor.userId,
    });
    return toConfigurationResponse((await repo.findConfiguration(tx, id)) as repo.ConfigurationRow);
  });
}

/**
 * Changes a configuration (merge-patch). A value sent replaces the stored one (a secret is
 * encrypted again), `null` or an empty value removes an optional one; a secret not sent keeps its
 * stored value; a required property is never emptied.
 */
export async function updateConfiguration(
  ctx: RequestContext,
  id: string,
  patch: ConnectorConfigurationPatchRequest,
): Promise<ConnectorConfigurationResponse> {
  return transact(ctx, async (tx) => {
    await visibleConfiguration(tx, id);
    await repo.lockConfiguration(tx, id);
    const current = await visibleConfiguration(tx, id);
    const renamed = patch.name !== undefined && patch.name !== current.name;
    const violations: Violation[] = [];
    if (renamed) {
      await repo.lockAccountConfigurations(tx, current.account_id);
      const taken = await nameViolation(tx, current.account_id, patch.name as string, current.id);
      if (taken) violations.push(taken);
    }
    let properties: Record<string, string> | undefined;
    let secrets: Record<string, string> | undefined;
    const replacedSecrets: string[] = [];
    if (patch.properties && Object.keys(patch.properties).length > 0) {
      const definitions = current.connector_properties;
      const checked = connectorPropertyViolations(definitions, patch.properties, [
        ...Object.keys(current.properties),
        ...current.secret_names,
      ]);
      violations.push(...violationsOf(checked.violations));
      violations.push(...violationsOf(connectorValueViolations(current.connector_fqn, checked.values)));
      if (violations.length === 0) {
        properties = { ...current.properties };
        secrets = { ...(await repo.findStoredSecrets(tx, id)) };
        const sent = Object.fromEntries(
          Object.entries(checked.values).filter((e): e is [string, string] => e[1] !== null),
        );
        const stored = storedValues(tx, definitions, sent);
        for (const [name, value] of Object.entries(checked.values)) {
          if (value !== null) continue;
          delete properties[name];
          delete secrets[name];
        }
        Object.assign(properties, stored.properties);
        Object.assign(secrets, stored.secrets);
        replacedSecrets.push(...Object.keys(stored.secrets));
      }
    }
    if (violations.length) refuse(violations);
    const statusChanged = patch.status !== undefined && patch.status !== current.status;
    const before = toConfigurationResponse(current);
    if (!renamed && !statusChanged && properties === undefined) return before;
    await repo.updateConfiguration(tx, scopeOf(current), id, {
      ...(renamed ? { name: patch.name } : {}),
      ...(statusChanged ? { status: patch.status } : {}),
      ...(properties !== undefined ? { properties, secrets } : {}),
    });
    const updated = (await repo.findConfiguration(tx, id)) as repo.ConfigurationRow;
    await audit(tx, {
      action: 'update',
      entityType: 'connector_configuration',
      entityId: id,
      accountId: current.account_id,
      before: audited(current),
      after: { ...audited(updated), replacedSecrets },
    });
    return toConfigurationResponse(updated);
  });
}

/** Deletes an inactive configuration (`connector_configuration_active` while it is active). */
export async function deleteConfiguration(ctx: RequestContext, id: string): Promise<void> {
  await transact(ctx, async (tx) => {
    await visibleConfiguration(tx, id);
    await repo.lockConfiguration(tx, id);
    const current = await visibleConfiguration(tx, id);
    if (current.status === 'active')
      throw new AppError(
        'connector_configuration_active',
        'This configuration is active: deactivate it before deleting it.',
      );
    await repo.deleteConfiguration(tx, scopeOf(current), id);
    await audit(tx, {
      action: 'remove',
      entityType: 'connector_configuration',
      entityId: id,
      accountId: current.account_id,
      before: audited(current),
    });
  });
}

// ---- premium-feature actions ----

const unavailable = () =>
  new AppError('premium_action_unavailable', 'No active connector of this account answers this action.');

/**
 * Runs a premium-feature action for the caller's account (a public site's visitor, or a user of
 * the account in the wizard): 404 `premium_action_unavailable` unless one of its active
 * premium-feature configurations answers it.
 */
export async function launchPremiumAction(
  ctx: RequestContext,
  query: PremiumActionQuery,
  within?: PremiumActionScope,
): Promise<PremiumActionResponse> {
  const accountId = within?.accountId ?? ctx.actor.accountId;
  const action = query.action as PremiumAction;
  if (!PREMIUM_ACTIONS.includes(action)) throw unavailable();
  if (!(await activeConnectorActions(ctx, accountId)).includes(action)) throw unavailable();
  return imeiLookup(ctx, accountId, query['values[imei]'], within?.categoryIds);
}

/**
 * Where a rule-level action runs (a dispatch circuit rule's, modules/buyback-config): its account,
 * and the categories whose products (their main category, or one below it) it may answer.
 */
export interface PremiumActionScope {
  accountId: string;
  categoryIds: string[];
}

/**
 * `imei_lookup` (connector reprise.premium.scan_search): the account's published products one of
 * whose TAC codes (8 digits) is the IMEI's first 8 digits. The configuration's `minimum_matches`
 * (1 unless set) is how many products must match for the lookup to propose them: fewer answers none.
 */
async function imeiLookup(
  ctx: RequestContext,
  accountId: string,
  typed: string | undefined,
  categoryIds?: string[],
): Promise<PremiumActionResponse> {
  const parsed = premiumImei.safeParse(typed === undefined || typed === '' ? undefined : typed);
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message ?? 'imei_invalid';
    throw new AppError('validation_failed', 'An IMEI has 15 to 17 digits.', [
      { propertyPath: 'values[imei]', code, message: code },
    ]);
  }
  const configuration = await findActiveConfiguration(ctx, accountId, CONNECTOR_FQN.scanSearch);
  if (!configuration) throw unavailable();
  const minimum = Math.max(1, Number(configuration.values.minimum_matches ?? '1') || 1);
  const { rows, total } = await repo.findProductsByTac(
    ctx,
    accountId,
    parsed.data.slice(0, TAC_LENGTH),
    SEARCH_PAGE_SIZE,
    categoryIds,
  );
  if (total < minimum) return { action: 'imei_lookup', member: [], totalItems: 0 };
  return { action: 'imei_lookup', member: rows.map((r) => toProductCard(r, ctx.locale)), totalItems: total };
}

/**
 * The refurbishment features of the caller's account, as its refurbishment connector switches
 * them (platform/refurbishment-features.ts); platform operators have every one.
 */
export async function getRefurbishmentFeatures(ctx: RequestContext): Promise<RefurbishmentFeaturesResponse> {
  if (ctx.actor.isPlatform) return { advancedStocks: true, refurbSteps: true, diagnosis: true };
  return refurbishmentFeaturesOf(readerOf(ctx), ctx.actor.accountId);
}

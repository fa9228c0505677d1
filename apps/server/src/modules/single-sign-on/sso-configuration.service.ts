import {
  PARENT_TYPE_OF_USER_TYPE,
  type SsoConfiguration,
  type SsoConfigurationRequest,
  type SsoConfigurationResponse,
  type Violation,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { type BaseContext, type RequestContext, transact } from '../../platform/request-context';
import { isAcceptedEndpoint } from './openid-provider';
import * as repo from './sso-configuration.repository';

/**
 * Single sign-on configuration (docs/single-sign-on.md): one per
 * account, on its root organisation (`/connectors/{organizationId}/SSO`), with
 * `connector.configuration`. The client secret is encrypted at rest and never answered; the
 * e-mail domains are unique on the platform; the role mapping names organisations of the account.
 */

/** The purpose the client secret is encrypted under (platform/secrets.ts). */
export const CLIENT_SECRET_PURPOSE = 'sso_client_secret';

/** Where the provider sends the browser back: the web app's callback page. */
export const redirectUriOf = (ctx: BaseContext, organizationId: string) =>
  `${ctx.deps.config.publicUrl}/open-id/${organizationId}/callback`;
/** Where the provider sends the browser after signing out. */
export const postLogoutRedirectUriOf = (ctx: BaseContext) => `${ctx.deps.config.publicUrl}/login`;

/** The account's root organisation, reached by the caller (404 otherwise). */
async function rootOrganization(ctx: RequestContext, organizationId: string) {
  const organization = await repo.findOrganization(ctx, organizationId);
  if (!organization) throw notFound('organisation');
  if (!organization.isRoot)
    throw new AppError('not_found', 'Single sign-on is configured on the root organisation of the account.');
  return organization;
}

function toConfiguration(row: repo.ConfigurationRow): SsoConfiguration {
  return {
    organizationId: row.organizationId,
    accountId: row.accountId,
    status: row.status,
    domains: row.domains,
    clientId: row.clientId,
    clientSecret: { set: row.clientSecret.length > 0 },
    configurationEndpoint: row.configurationEndpoint,
    scope: row.scope,
    roleMapping: row.roleMapping,
    claimTypes: row.claimTypes,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

function toResponse(
  ctx: BaseContext,
  organization: { id: string; accountId: string },
  row: repo.ConfigurationRow | null,
): SsoConfigurationResponse {
  const organizationId = organization.id;
  return {
    organizationId,
    accountId: organization.accountId,
    redirectUri: redirectUriOf(ctx, organizationId),
    postLogoutRedirectUri: postLogoutRedirectUriOf(ctx),
    configuration: row ? toConfiguration(row) : null,
  };
}

/** What an audit row says of a configuration: never the secret, plain or encrypted. */
const audited = (row: repo.ConfigurationRow) => ({
  organizationId: row.organizationId,
  status: row.status,
  domains: row.domains,
  clientId: row.clientId,
  configurationEndpoint: row.configurationEndpoint,
  scope: row.scope,
  roleMapping: row.roleMapping,
  claimTypes: row.claimTypes,
});

export async function getSsoConfiguration(
  ctx: RequestContext,
  organizationId: string,
): Promise<SsoConfigurationResponse> {
  const organization = await rootOrganization(ctx, organizationId);
  return toResponse(ctx, organization, await repo.findConfiguration(ctx, organization.accountId));
}

async function violationsOf(
  ctx: RequestContext,
  accountId: string,
  input: SsoConfigurationRequest,
  hasSecret: boolean,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  if (!isAcceptedEndpoint(input.configurationEndpoint))
    violations.push({
      propertyPath: 'configurationEndpoint',
      code: 'https_required',
      message: 'The configuration endpoint must use https (http only for a provider on this machine).',
    });
  if (!input.clientSecret && !hasSecret)
    violations.push({
      propertyPath: 'clientSecret',
      code: 'required',
      message: 'The client secret is required.',
    });
  for (const domain of await repo.domainsOfOtherAccounts(ctx, accountId, input.domains))
    violations.push({
      propertyPath: `domains.${input.domains.indexOf(domain)}`,
      code: 'sso_domain_taken',
      message: `The domain ${domain} already leads to another organisation's single sign-on.`,
    });
  const organizations = await repo.organizationsOfAccount(
    ctx,
    accountId,
    input.roleMapping.map((m) => m.organizationId),
  );
  const typeOf = new Map(organizations.map((o) => [o.id, o.type]));
  input.roleMapping.forEach((entry, index) => {
    const type = typeOf.get(entry.organizationId);
    if (!type || !PARENT_TYPE_OF_USER_TYPE[entry.userType].includes(type as never))
      violations.push({
        propertyPath: `roleMapping.${index}.organizationId`,
        code: 'invalid_parent',
        message: 'The organisation must be one of the account fitting the user type.',
      });
  });
  return violations;
}

/** Creates or replaces the configuration; a secret not sent keeps the stored one. */
export async function saveSsoConfiguration(
  ctx: RequestContext,
  organizationId: string,
  input: SsoConfigurationRequest,
): Promise<SsoConfigurationResponse> {
  const organization = await rootOrganization(ctx, organizationId);
  const { accountId } = organization;
  const cleaned = { ...input, domains: [...new Set(input.domains)] };
  return transact(ctx, async (tx) => {
    const current = await repo.findConfiguration(tx, accountId, { forUpdate: true });
    const violations = await violationsOf(tx, accountId, cleaned, Boolean(current));
    if (violations.length)
      throw new AppError('validation_failed', violations.map((v) => v.message).join(' '), violations);
    const values: repo.ConfigurationValues = {
      status: cleaned.status,
      configurationEndpoint: cleaned.configurationEndpoint,
      clientId: cleaned.clientId,
      clientSecret: cleaned.clientSecret
        ? ctx.deps.keyring.encrypt(CLIENT_SECRET_PURPOSE, cleaned.clientSecret)
        : (current?.clientSecret as string),
      scope: cleaned.scope,
      roleMapping: cleaned.roleMapping,
      claimTypes: cleaned.claimTypes,
    };
    if (current) await repo.updateConfiguration(tx, accountId, values);
    else await repo.insertConfiguration(tx, accountId, organization.id, values, ctx.actor.userId);
    await repo.replaceDomains(tx, accountId, cleaned.domains);
    const saved = (await repo.findConfiguration(tx, accountId)) as repo.ConfigurationRow;
    await audit(tx, {
      action: current ? 'update' : 'create',
      entityType: 'single_sign_on_configuration',
      entityId: accountId,
      accountId,
      ...(current ? { before: audited(current) } : {}),
      after: { ...audited(saved), clientSecretReplaced: Boolean(cleaned.clientSecret) },
    });
    return toResponse(ctx, organization, saved);
  });
}

/** Removes the configuration: its domains lead nowhere any more; sign-ins under way are refused. */
export async function deleteSsoConfiguration(ctx: RequestContext, organizationId: string): Promise<void> {
  const { accountId } = await rootOrganization(ctx, organizationId);
  await transact(ctx, async (tx) => {
    const current = await repo.findConfiguration(tx, accountId, { forUpdate: true });
    if (!current) throw notFound('single sign-on configuration');
    await repo.deleteConfiguration(tx, accountId);
    await audit(tx, {
      action: 'remove',
      entityType: 'single_sign_on_configuration',
      entityId: accountId,
      accountId,
      before: audited(current),
    });
  });
}

import { z } from 'zod';
import { isValidIban, normalizeIban } from '../customer/iban';
import { IMEI_PATTERN } from '../customer/imei';
import { STATUSES, type Status } from '../enums';
import { collectionOf, queryPage } from './common';
import { PublicProductCard } from './white-label';

/**
 * Connectors (issue 14): the catalogue of connector kinds the
 * platform offers, and their configurations per organisation (spec path `connector-organizations`).
 * A configuration holds a value per property of its connector, each checked by the property's
 * `kind`; secret values are encrypted at rest and never sent back (`secrets: [{ name, set }]`).
 * Premium-feature connectors answer actions (`imei_lookup`) on the public site and in the wizard.
 */

export const CONNECTOR_TYPES = [
  'authentication',
  'buyer',
  'device_check',
  'payment_mode',
  'premium_feature',
  'scheduled',
  'transport',
] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

const CONNECTOR_PROPERTY_KINDS = [
  'text',
  'url',
  'integer',
  'amount',
  'iban',
  'bic',
  'email',
  'boolean',
] as const;

export const CONNECTOR_CONFIGURATION_STATUSES = STATUSES;
export type ConnectorConfigurationStatus = Status;

/** The actions premium-feature connectors answer (`GET organizations/launch-generic-premium-feature-connector`). */
export const PREMIUM_ACTIONS = ['imei_lookup'] as const;
export type PremiumAction = (typeof PREMIUM_ACTIONS)[number];

/** The connector list's page size ("Connector list page size 500"). */
export const CONNECTOR_PAGE_SIZE = 500;
const CONNECTOR_CONFIGURATION_NAME_MIN = 2;
export const CONNECTOR_CONFIGURATION_NAME_MAX = 255;
/** A text property's length at most; a URL's. */
const CONNECTOR_TEXT_MAX = 255;
const CONNECTOR_URL_MAX = 2048;

export const ConnectorPropertyDefinition = z.object({
  name: z.string(),
  required: z.boolean(),
  secret: z.boolean(),
  kind: z.enum(CONNECTOR_PROPERTY_KINDS),
});
export type ConnectorPropertyDefinition = z.infer<typeof ConnectorPropertyDefinition>;

/**
 * A connector's id. The catalogue's fixed ids (migration 021, `…-c000-…`) are not RFC 9562 UUIDs
 * (their variant digit is `c`): they are checked as any 8-4-4-4-12 hexadecimal id.
 */
const connectorId = (message = 'invalid_uuid') => z.guid({ message });

/** A page size of the connector lists: up to CONNECTOR_PAGE_SIZE, `fallback` when none is given. */
const connectorPageSize = (fallback: number) =>
  z.coerce.number().int().min(1).max(CONNECTOR_PAGE_SIZE, { message: 'invalid_page_size' }).default(fallback);

export const ConnectorIdParams = z.object({ id: connectorId() });

/** `GET /connectors` (page of 500): filters id, name (part of it, any case), type, fqn. */
export const ListConnectorsQuery = z.object({
  page: queryPage(),
  itemsPerPage: connectorPageSize(CONNECTOR_PAGE_SIZE),
  id: connectorId().optional(),
  name: z.string().trim().max(255, { message: 'too_long' }).optional(),
  type: z.enum(CONNECTOR_TYPES, { message: 'invalid_value' }).optional(),
  fqn: z.string().trim().max(120, { message: 'too_long' }).optional(),
});
export type ListConnectorsQuery = z.infer<typeof ListConnectorsQuery>;

export const ConnectorResponse = z.object({
  id: connectorId(),
  fqn: z.string(),
  name: z.string(),
  type: z.enum(CONNECTOR_TYPES),
  status: z.enum(CONNECTOR_CONFIGURATION_STATUSES),
  properties: z.array(ConnectorPropertyDefinition),
  /** The premium-feature actions it answers. */
  actions: z.array(z.string()),
});
export type ConnectorResponse = z.infer<typeof ConnectorResponse>;
export const ConnectorCollectionResponse = collectionOf(ConnectorResponse);

const configurationName = () =>
  z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .min(CONNECTOR_CONFIGURATION_NAME_MIN, { message: 'too_short' })
    .max(CONNECTOR_CONFIGURATION_NAME_MAX, { message: 'too_long' });

/** Property names as the catalogue writes them (migration 021). */
const propertyName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { message: 'unknown_property' });
const propertyValue = z.string().max(CONNECTOR_URL_MAX, { message: 'too_long' });

/**
 * `POST /connector-organizations`: the values by property name. Each value is checked against
 * its connector's definition (`connectorPropertyViolations`): required ones present, kinds, no
 * unknown property; at least one value (`at_least_one_property` on `properties`).
 */
export const ConnectorConfigurationRequest = z.object({
  organizationId: z.uuid({ message: 'required' }),
  connectorId: connectorId('required'),
  name: configurationName(),
  status: z.enum(CONNECTOR_CONFIGURATION_STATUSES, { message: 'invalid_value' }).default('active'),
  properties: z.record(propertyName, propertyValue, { message: 'at_least_one_property' }),
});
export type ConnectorConfigurationRequest = z.infer<typeof ConnectorConfigurationRequest>;
export type ConnectorConfigurationInput = z.input<typeof ConnectorConfigurationRequest>;

/**
 * `PATCH /connector-organizations/{id}` (merge-patch): the fields sent change. In `properties`, a
 * value sent replaces the stored one, `null` removes an optional one; a secret not sent keeps
 * its stored value (the client never reads it back). The organisation and connector do not change.
 */
export const ConnectorConfigurationPatchRequest = z.object({
  name: configurationName().optional(),
  status: z.enum(CONNECTOR_CONFIGURATION_STATUSES, { message: 'invalid_value' }).optional(),
  properties: z.record(propertyName, propertyValue.nullable()).optional(),
});
export type ConnectorConfigurationPatchRequest = z.infer<typeof ConnectorConfigurationPatchRequest>;

/** `GET /connector-organizations`: the configurations of the account (every one for platform operators). */
export const ListConnectorConfigurationsQuery = z.object({
  page: queryPage(),
  itemsPerPage: connectorPageSize(30),
  organizationId: z.uuid({ message: 'invalid_uuid' }).optional(),
  connectorId: connectorId().optional(),
  type: z.enum(CONNECTOR_TYPES, { message: 'invalid_value' }).optional(),
  status: z.enum(CONNECTOR_CONFIGURATION_STATUSES, { message: 'invalid_value' }).optional(),
});
export type ListConnectorConfigurationsQuery = z.infer<typeof ListConnectorConfigurationsQuery>;

export const ConnectorConfigurationResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(CONNECTOR_CONFIGURATION_STATUSES),
  organization: z.object({ id: z.uuid(), commonName: z.string() }),
  connector: z.object({
    id: connectorId(),
    fqn: z.string(),
    name: z.string(),
    type: z.enum(CONNECTOR_TYPES),
  }),
  /** The plain values by property name. */
  properties: z.record(z.string(), z.string()),
  /** Each secret property of the connector, and whether a value is stored: never the value. */
  secrets: z.array(z.object({ name: z.string(), set: z.boolean() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConnectorConfigurationResponse = z.infer<typeof ConnectorConfigurationResponse>;
export const ConnectorConfigurationCollectionResponse = collectionOf(ConnectorConfigurationResponse);

const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A property value as stored: a text trimmed (a secret kept as typed), an IBAN without spaces in
 * capitals, a BIC in capitals. Null when it is not valid for its kind, with the violation's code.
 */
export function normalizedPropertyValue(
  definition: ConnectorPropertyDefinition,
  raw: string,
): { value: string } | { code: string } {
  const value = definition.secret ? raw : raw.trim();
  if (value === '') return { code: 'required' };
  switch (definition.kind) {
    case 'text':
      return value.length > CONNECTOR_TEXT_MAX ? { code: 'too_long' } : { value };
    case 'url': {
      if (value.length > CONNECTOR_URL_MAX) return { code: 'too_long' };
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:' ? { value } : { code: 'invalid_url' };
      } catch {
        return { code: 'invalid_url' };
      }
    }
    case 'integer':
      return /^-?\d{1,15}$/.test(value) ? { value: String(Number(value)) } : { code: 'invalid_integer' };
    case 'amount':
      return /^\d{1,15}$/.test(value) ? { value: String(Number(value)) } : { code: 'invalid_amount' };
    case 'iban': {
      const iban = normalizeIban(value);
      return isValidIban(iban) ? { value: iban } : { code: 'iban_invalid' };
    }
    case 'bic': {
      const bic = value.replace(/\s+/g, '').toUpperCase();
      return BIC_PATTERN.test(bic) ? { value: bic } : { code: 'invalid_bic' };
    }
    case 'email':
      return value.length <= 254 && EMAIL_PATTERN.test(value) ? { value } : { code: 'invalid_email' };
    case 'boolean': {
      const flag = value.toLowerCase();
      return flag === 'true' || flag === 'false' ? { value: flag } : { code: 'invalid_boolean' };
    }
  }
}

export interface PropertyViolation {
  propertyPath: string;
  code: string;
}

/**
 * The values of a configuration checked against its connector's definitions (the server's rule,
 * and the form's). `values` are the ones sent: on create every required property must be there;
 * on update (`stored`: the names holding a value now) a value sent replaces, `null` removes an
 * optional one, and a required one is never emptied. An empty optional value removes it too.
 * Answers the normalised values to store (null: remove) and the violations, each on
 * `properties.<name>`, or on `properties` when nothing would be left.
 */
export function connectorPropertyViolations(
  definitions: readonly ConnectorPropertyDefinition[],
  values: Readonly<Record<string, string | null>>,
  stored: readonly string[] | null = null,
): { values: Record<string, string | null>; violations: PropertyViolation[] } {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const violations: PropertyViolation[] = [];
  const normalized: Record<string, string | null> = {};
  for (const [name, raw] of Object.entries(values)) {
    const definition = byName.get(name);
    const propertyPath = `properties.${name}`;
    if (!definition) {
      violations.push({ propertyPath, code: 'unknown_property' });
      continue;
    }
    const empty = raw === null || (definition.secret ? raw === '' : raw.trim() === '');
    if (empty) {
      if (definition.required) violations.push({ propertyPath, code: 'required' });
      else normalized[name] = null;
      continue;
    }
    const checked = normalizedPropertyValue(definition, raw as string);
    if ('code' in checked) violations.push({ propertyPath, code: checked.code });
    else normalized[name] = checked.value;
  }
  const held = new Set(stored ?? []);
  for (const [name, value] of Object.entries(normalized)) {
    if (value === null) held.delete(name);
    else held.add(name);
  }
  if (stored === null)
    for (const definition of definitions)
      if (definition.required && !(definition.name in values))
        violations.push({ propertyPath: `properties.${definition.name}`, code: 'required' });
  if (held.size === 0 && violations.length === 0)
    violations.push({ propertyPath: 'properties', code: 'at_least_one_property' });
  return { values: normalized, violations };
}

/**
 * `GET /organizations/launch-generic-premium-feature-connector?action=&values[name]=`: runs an
 * action of the caller's account's active premium-feature configuration (404
 * `premium_action_unavailable` when none answers it). `imei_lookup` takes `values[imei]`
 * (15 to 17 digits, `imei_invalid` otherwise).
 */
export const PremiumActionQuery = z.object({
  action: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(64),
  'values[imei]': z.string().trim().max(64, { message: 'too_long' }).optional(),
});
export type PremiumActionQuery = z.infer<typeof PremiumActionQuery>;

/** The IMEI of an `imei_lookup`: 15 to 17 digits, nothing else. */
export const premiumImei = z
  .string({ message: 'imei_required' })
  .regex(IMEI_PATTERN, { message: 'imei_invalid' });

/** `imei_lookup`: the account's published products one of whose TAC codes is the IMEI's first 8 digits. */
export const PremiumActionResponse = z.object({
  action: z.enum(PREMIUM_ACTIONS),
  member: z.array(PublicProductCard),
  totalItems: z.number().int(),
});
export type PremiumActionResponse = z.infer<typeof PremiumActionResponse>;

/**
 * The refurbishment features an account's refurbishment connector switches
 * (`reprise.premium.refurbishment`: advanced stocks, refurb steps, diagnosis flags).
 */
const REFURBISHMENT_FEATURES = ['advancedStocks', 'refurbSteps', 'diagnosis'] as const;
export type RefurbishmentFeature = (typeof REFURBISHMENT_FEATURES)[number];

/** `GET /api/refurbishment-features`: which refurbishment features the caller's account has on. */
export const RefurbishmentFeaturesResponse = z.object({
  advancedStocks: z.boolean(),
  refurbSteps: z.boolean(),
  diagnosis: z.boolean(),
});
export type RefurbishmentFeaturesResponse = z.infer<typeof RefurbishmentFeaturesResponse>;

import {
  ALLOWED_PARENT_TYPES,
  CreateOrganizationRequest,
  MODULE_OF_ORGANIZATION_TYPE,
  type OrganizationResponse,
  type OrganizationType,
  type PatchOrganizationRequest,
  type Status,
} from '@reprise/shared';

/** A number input's value: a number, or the text typed so far ('' when empty). */
type NumberField = number | string;

export interface OrganizationFormValues {
  type: OrganizationType | null;
  commonName: string;
  corporateName: string;
  siret: string;
  capital: NumberField;
  address: { street: string; streetMore: string; zip: string; city: string; country: string };
  latitude: NumberField;
  longitude: NumberField;
  geocodedByUser: boolean;
  placeEmail: string;
  status: Status;
  externalId: string;
  parentOrganizationId: string | null;
  defaultWarehouse: string | null;
  buyer: string | null;
}

/** What CreateOrganizationRequest accepts before its transforms (`z.input` of it). */
export type OrganizationInput = (typeof CreateOrganizationRequest)['_zod']['input'];

/** Organisations of the retail side (the tim module) are linked to a buyer and its default warehouse. */
export function linksToBuyer(type: OrganizationType | null): boolean {
  return type !== null && MODULE_OF_ORGANIZATION_TYPE[type] === 'tim';
}

/** True when an organisation of this type must attach to a parent (stores, management units, warehouses). */
export function needsParent(type: OrganizationType | null): boolean {
  return type !== null && ALLOWED_PARENT_TYPES[type].length > 0;
}

export function organizationFormValues(organization?: OrganizationResponse): OrganizationFormValues {
  const o = organization;
  return {
    type: o?.type ?? null,
    commonName: o?.commonName ?? '',
    corporateName: o?.corporateName ?? '',
    siret: o?.siret ?? '',
    capital: o?.capital ?? '',
    address: {
      street: o?.address.street ?? '',
      streetMore: o?.address.streetMore ?? '',
      zip: o?.address.zip ?? '',
      city: o?.address.city ?? '',
      country: o?.address.country ?? '',
    },
    latitude: o?.latitude ?? '',
    longitude: o?.longitude ?? '',
    geocodedByUser: o?.geocodedByUser ?? false,
    placeEmail: o?.placeEmail ?? '',
    status: o?.status ?? 'active',
    externalId: o?.externalId ?? '',
    parentOrganizationId: o?.parentOrganizationId ?? null,
    defaultWarehouse: o?.defaultWarehouse ?? null,
    buyer: o?.buyer ?? null,
  };
}

/** An empty number input is null; text that is not a number stays invalid (NaN) for the schema to refuse. */
function toNumber(value: NumberField): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

/** The request body for the values; links that do not apply to the type are left empty. */
export function toOrganizationRequest(values: OrganizationFormValues): OrganizationInput {
  const withBuyer = linksToBuyer(values.type);
  return {
    type: values.type as OrganizationType,
    commonName: values.commonName,
    corporateName: values.corporateName,
    siret: values.siret,
    capital: toNumber(values.capital),
    address: { ...values.address },
    latitude: toNumber(values.latitude),
    longitude: toNumber(values.longitude),
    geocodedByUser: values.geocodedByUser,
    placeEmail: values.placeEmail,
    status: values.status,
    externalId: values.externalId,
    parentOrganizationId: needsParent(values.type) ? values.parentOrganizationId : null,
    defaultWarehouse: withBuyer ? values.defaultWarehouse : null,
    buyer: withBuyer ? values.buyer : null,
  };
}

/** Paths of fields the rules require but the schema cannot know about (they depend on the type). */
export function missingFields(values: OrganizationFormValues): string[] {
  const missing: string[] = [];
  if (values.type === null) missing.push('type');
  if (needsParent(values.type) && values.parentOrganizationId === null) missing.push('parentOrganizationId');
  return missing;
}

/**
 * The merge-patch for an edit: the fields whose normalised value changed (type and buyer never change).
 * The values must be valid; stored data the rules no longer accept counts as changed.
 */
export function organizationPatch(
  initial: OrganizationFormValues,
  values: OrganizationFormValues,
): PatchOrganizationRequest {
  const after = CreateOrganizationRequest.parse(toOrganizationRequest(values));
  const stored = CreateOrganizationRequest.safeParse(toOrganizationRequest(initial));
  const before: Partial<CreateOrganizationRequest> = stored.success ? stored.data : {};
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof CreateOrganizationRequest)[]) {
    if (key === 'type' || key === 'buyer' || key === 'accountId') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch as PatchOrganizationRequest;
}

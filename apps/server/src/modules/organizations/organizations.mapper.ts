import type { OrganizationResponse, OrganizationType, PatchOrganizationRequest } from '@reprise/shared';
import type { Selectable, Updateable } from 'kysely';
import type { OrganizationsTable } from '../../platform/db.types';
import type { TreePlace } from './organization-rules';

export type OrganizationRow = Selectable<OrganizationsTable> & { parent_common_name: string | null };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The postal address of an organisation, as every answer shows it. */
export const addressOf = (
  row: Pick<Selectable<OrganizationsTable>, 'street' | 'street_more' | 'zip' | 'city' | 'country'>,
): OrganizationResponse['address'] => ({
  street: row.street,
  streetMore: row.street_more,
  zip: row.zip,
  city: row.city,
  country: row.country,
});

export function toOrganizationResponse(row: OrganizationRow): OrganizationResponse {
  return {
    id: row.id,
    accountId: row.account_id,
    commonName: row.common_name,
    corporateName: row.corporate_name,
    siret: row.siret,
    capital: row.capital === null ? null : Number(row.capital),
    address: addressOf(row),
    latitude: row.latitude,
    longitude: row.longitude,
    geocodedByUser: row.geocoded_by_user,
    placeEmail: row.place_email,
    status: row.status as OrganizationResponse['status'],
    type: row.type as OrganizationType,
    moduleType: row.module_type as OrganizationResponse['moduleType'],
    parentOrganizationId: row.parent_organization_id,
    parentCommonName: row.parent_common_name,
    externalId: row.external_id,
    defaultWarehouse: row.default_warehouse_id,
    buyer: row.buyer_id,
    createdAt: iso(row.created_at),
  };
}

export const toTreePlace = (
  row: Pick<OrganizationRow, 'id' | 'type' | 'account_id' | 'path'>,
): TreePlace => ({
  id: row.id,
  type: row.type as OrganizationType,
  accountId: row.account_id,
  path: row.path,
});

type WritableFields = Omit<PatchOrganizationRequest, 'type' | 'buyer' | 'parentOrganizationId'>;

/** The columns a create or a merge-patch writes; absent fields are left as they are. */
export function toOrganizationColumns(input: WritableFields): Updateable<OrganizationsTable> {
  const columns: Updateable<OrganizationsTable> = {};
  if (input.commonName !== undefined) columns.common_name = input.commonName;
  if (input.corporateName !== undefined) columns.corporate_name = input.corporateName;
  if (input.siret !== undefined) columns.siret = input.siret;
  if (input.capital !== undefined) columns.capital = input.capital;
  if (input.address !== undefined) {
    columns.street = input.address.street;
    columns.street_more = input.address.streetMore;
    columns.zip = input.address.zip;
    columns.city = input.address.city;
    columns.country = input.address.country;
  }
  if (input.latitude !== undefined) columns.latitude = input.latitude;
  if (input.longitude !== undefined) columns.longitude = input.longitude;
  if (input.geocodedByUser !== undefined) columns.geocoded_by_user = input.geocodedByUser;
  if (input.placeEmail !== undefined) columns.place_email = input.placeEmail;
  if (input.status !== undefined) columns.status = input.status;
  if (input.externalId !== undefined) columns.external_id = input.externalId;
  if (input.defaultWarehouse !== undefined) columns.default_warehouse_id = input.defaultWarehouse;
  return columns;
}

import {
  CLIENT_MODULES,
  type ClientAccountListItem,
  type ClientAccountResponse,
  type ClientModule,
  type CreateClientAccountRequest,
  type PatchClientAccountRequest,
} from '@reprise/shared';
import type { Updateable } from 'kysely';
import type { AccountsTable, OrganizationsTable } from '../../platform/db.types';
import { type ClientAccountRow, kindOfRootType } from './account-admin.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The modules in their usual order (tim, lcm, rps), without the platform's root. */
const clientModules = (modules: readonly string[]): ClientModule[] =>
  CLIENT_MODULES.filter((m) => modules.includes(m));

export function toClientAccountListItem(row: ClientAccountRow | Omit<ClientAccountRow, 'root_detail_id'>) {
  return {
    id: row.id,
    name: row.name,
    kind: kindOfRootType(row.root_type),
    status: row.status as ClientAccountListItem['status'],
    modules: clientModules(row.modules),
    rootOrganizationId: row.root_organization_id,
    createdAt: iso(row.created_at),
  } satisfies ClientAccountListItem;
}

export function toClientAccountResponse(row: ClientAccountRow): ClientAccountResponse {
  return {
    ...toClientAccountListItem(row),
    paymentIssuer: row.payment_issuer,
    transportContractHolder: row.transport_contract_holder,
    language: row.language as ClientAccountResponse['language'],
    currency: row.currency as ClientAccountResponse['currency'],
    corporateName: row.corporate_name,
    commonName: row.common_name,
    address: {
      street: row.street,
      streetMore: row.street_more,
      zip: row.zip,
      city: row.city,
      country: row.country,
    },
    rootDetailId: row.root_detail_id,
    siteActive: row.site_active,
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The account columns of a client's fields. The modules set the flags the rest of the product
 * reads: a retailer works in tim, a buyer (and its workshops) in lcm.
 */
export function toAccountColumns(
  input: Partial<CreateClientAccountRequest> | PatchClientAccountRequest,
): Updateable<AccountsTable> {
  const columns: Updateable<AccountsTable> = {};
  if (input.commonName !== undefined) columns.name = input.commonName;
  if (input.status !== undefined) columns.status = input.status;
  if (input.modules !== undefined) {
    columns.modules = clientModules(input.modules);
    columns.is_retailer = input.modules.includes('tim');
    columns.is_buyer_and_workshops_supervisor = input.modules.includes('lcm');
  }
  if (input.paymentIssuer !== undefined) columns.payment_issuer = input.paymentIssuer;
  if (input.transportContractHolder !== undefined)
    columns.transport_contract_holder = input.transportContractHolder;
  if (input.language !== undefined) columns.language = input.language;
  if (input.currency !== undefined) columns.currency = input.currency;
  return columns;
}

/** The root organisation's columns of a client's fields (its names, address and status). */
export function toRootOrganizationColumns(
  input: Partial<CreateClientAccountRequest> | PatchClientAccountRequest,
): Updateable<OrganizationsTable> {
  const columns: Updateable<OrganizationsTable> = {};
  if (input.commonName !== undefined) columns.common_name = input.commonName;
  if (input.corporateName !== undefined) columns.corporate_name = input.corporateName;
  if (input.status !== undefined) columns.status = input.status;
  if (input.address !== undefined) {
    columns.street = input.address.street;
    columns.street_more = input.address.streetMore ?? null;
    columns.zip = input.address.zip;
    columns.city = input.address.city;
    columns.country = input.address.country;
  }
  return columns;
}

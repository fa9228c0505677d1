import type { AccountResponse } from '@reprise/shared';
import type { Selectable } from 'kysely';
import type { AccountsTable } from '../../platform/db.types';
import { imageVersion } from './account-images';

/** URLs of the account's images; the version query changes when the file does (caches stay correct). */
export const logoUrl = (id: string, key: string | null) =>
  key ? `/api/accounts/${id}/logo?v=${imageVersion(key)}` : null;
export const faviconUrl = (id: string, key: string | null) =>
  key ? `/api/accounts/${id}/favicon?v=${imageVersion(key)}` : null;

export function toAccountResponse(row: Selectable<AccountsTable>): AccountResponse {
  return {
    id: row.id,
    name: row.name,
    companyCountry: row.company_country,
    language: row.language as AccountResponse['language'],
    currency: row.currency as AccountResponse['currency'],
    emailDPO: row.email_dpo,
    mainColor: row.main_color,
    logo: logoUrl(row.id, row.logo_key),
    favicon: faviconUrl(row.id, row.favicon_key),
    isBuyerAndWorkshopsSupervisor: row.is_buyer_and_workshops_supervisor,
    isRetailer: row.is_retailer,
  };
}

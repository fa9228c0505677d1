import type {
  ItemStatus,
  PackageItemResponse,
  PackageResponse,
  PackageSummaryResponse,
} from '@reprise/shared';
import type { PackageItemRow, PackageRow } from './packages.repository';

/** Rows of packages.repository.ts as the API answers them (packages/shared/src/schemas/expeditions.ts). */

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export function toPackageSummary(row: PackageRow): PackageSummaryResponse {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    withLabel: row.with_label,
    status: row.status,
    origin: { id: row.origin_organization_id, commonName: row.origin_name, type: row.origin_type },
    destination: row.destination_organization_id
      ? { id: row.destination_organization_id, commonName: row.destination_name ?? '' }
      : null,
    trackingNumber: row.tracking_number,
    itemCount: row.item_count,
    createdAt: row.created_at.toISOString(),
    createdBy: person(row.created_by, row.created_by_name),
    closedAt: row.closed_at?.toISOString() ?? null,
    closedBy: person(row.closed_by, row.closed_by_name),
  };
}

function toPackageItem(row: PackageItemRow): PackageItemResponse {
  return {
    id: row.id,
    identificationNumber: row.identification_number,
    status: row.status as ItemStatus,
    buyback: { id: row.buyback_id, identificationNumber: row.buyback_identification_number },
    productName: row.product_name,
    productBrand: row.product_brand,
    imei: row.imei,
    addedAt: row.added_at.toISOString(),
  };
}

export const toPackageResponse = (row: PackageRow, items: PackageItemRow[]): PackageResponse => ({
  ...toPackageSummary(row),
  items: items.map(toPackageItem),
});

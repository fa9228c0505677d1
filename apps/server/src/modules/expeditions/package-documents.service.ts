import type { Locale } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import type { PdfDocument } from '../../platform/documents';
import { renderPackageLabel, renderPackingList } from '../../platform/documents';
import type { LabelAddress } from '../../platform/documents/shipping-label';
import { AppError, notFound } from '../../platform/errors';
import { organizationAddress } from '../../platform/organization-address';
import type { RequestContext } from '../../platform/request-context';
import * as repo from './packages.repository';

/**
 * The documents of a package ("Expedition: … labels"): its label (a package
 * with a label, once closed) and its packing list (any package; an open one's is a draft), in the
 * origin account's language, the file named in the user's (`?lang=`).
 */

async function addressOf(ctx: RequestContext, id: string | null): Promise<LabelAddress | null> {
  if (!id) return null;
  const org = await repo.findOrganization(ctx, id);
  if (!org) return null;
  return organizationAddress(org);
}

async function visiblePackage(ctx: RequestContext, id: string) {
  const row = await repo.findVisiblePackage(ctx, id);
  if (!row) throw notFound('package');
  return row;
}

/** `GET /packages/{id}/documents/label`. */
export async function packageLabelPdf(
  ctx: RequestContext,
  id: string,
  fileLanguage?: Locale,
): Promise<PdfDocument> {
  const pack = await visiblePackage(ctx, id);
  if (!pack.with_label || pack.status !== 'closed' || !pack.closed_at)
    throw new AppError(
      'package_label_unavailable',
      'The label cannot be downloaded: the package has no label or is not closed yet.',
    );
  const [sender, recipient, language] = await Promise.all([
    addressOf(ctx, pack.origin_organization_id),
    addressOf(ctx, pack.destination_organization_id),
    repo.findAccountLanguage(ctx, pack.account_id),
  ]);
  const data = await renderPackageLabel({
    language: language ?? 'fr-FR',
    number: pack.number,
    trackingNumber: pack.tracking_number,
    itemCount: pack.item_count,
    closedAt: pack.closed_at,
    sender: sender ?? {
      name: pack.origin_name,
      street: null,
      streetMore: null,
      zip: null,
      city: null,
      country: null,
    },
    recipient,
  });
  return { filename: documentFileName('package-label', fileLanguage, pack.number), data };
}

/** `GET /packages/{id}/documents/packing-list`. */
export async function packingListPdf(
  ctx: RequestContext,
  id: string,
  fileLanguage?: Locale,
): Promise<PdfDocument> {
  const pack = await visiblePackage(ctx, id);
  const [origin, destination, language, items] = await Promise.all([
    addressOf(ctx, pack.origin_organization_id),
    addressOf(ctx, pack.destination_organization_id),
    repo.findAccountLanguage(ctx, pack.account_id),
    repo.findPackageItems(ctx, [id]),
  ]);
  const data = await renderPackingList({
    language: language ?? 'fr-FR',
    number: pack.number,
    withLabel: pack.with_label,
    trackingNumber: pack.tracking_number,
    closedAt: pack.closed_at,
    printedAt: new Date(),
    origin: origin ?? {
      name: pack.origin_name,
      street: null,
      streetMore: null,
      zip: null,
      city: null,
      country: null,
    },
    destination,
    items: items.map((i) => ({
      identificationNumber: i.identification_number,
      productName: i.product_name,
      imei: i.imei,
      buybackIdentificationNumber: i.buyback_identification_number,
    })),
  });
  return { filename: documentFileName('packing-list', fileLanguage, pack.number), data };
}

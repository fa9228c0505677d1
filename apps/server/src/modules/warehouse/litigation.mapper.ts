import type {
  ControlPhotoResponse,
  LitigationResponse,
  LitigationStatus,
  PublicLitigationResponse,
} from '@reprise/shared';
import { imageVersion } from '../accounts';
import { siteUrl } from '../white-label';
import type { findPublicFacts, LitigationRow } from './litigation.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Where a proof photo of an item is stored (platform/storage.ts): under its item, by the name the upload answered. */
export const photoStorageKey = (itemId: string, key: string) => `item-${itemId}/${key}`;

/** A proof photo as the back office reads it. */
export const controlPhoto = (itemId: string, key: string): ControlPhotoResponse => ({
  key,
  url: `/api/warehouse/control/${itemId}/photos/${key}`,
});

/** A proof photo as the customer's page reads it: its URL carries the link's token. */
const publicPhotoUrl = (buybackId: string, key: string, token: string) =>
  `/api/public/litigations/${buybackId}/photos/${key}?token=${encodeURIComponent(token)}`;

/**
 * The two links of the counter-offer mail, to the retailer's public site (its own domain, else
 * `<slug>.<base host>`; the base URL when the retailer has no site address).
 */
export function answerLinks(
  publicUrl: string,
  site: { site_slug: string | null; site_domain: string | null },
  buybackId: string,
  token: string,
): { acceptUrl: string; rejectUrl: string } {
  const origin = siteUrl(publicUrl, site.site_slug, site.site_domain) ?? new URL(publicUrl).origin;
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    acceptUrl: `${origin}/buyback/${buybackId}/accept${query}`,
    rejectUrl: `${origin}/buyback/${buybackId}/reject${query}`,
  };
}

export function toLitigationResponse(row: LitigationRow): LitigationResponse {
  return {
    id: row.id,
    buybackId: row.buyback_id,
    itemId: row.item_id,
    status: row.status as LitigationStatus,
    reason: row.reason,
    declaredPriceCents: row.declared_price_cents,
    proposedPriceCents: row.proposed_price_cents,
    currency: row.currency,
    photos: row.photo_keys.map((key) => controlPhoto(row.item_id, key)),
    customerHasEmail: Boolean(row.customer_email),
    mailsSent: row.mails_sent,
    lastMailAt: iso(row.last_mail_at),
    reminderSentAt: iso(row.reminder_sent_at),
    createdAt: iso(row.created_at) as string,
    createdBy: row.created_by
      ? { id: row.created_by, name: row.created_by_name ?? row.created_by_email ?? '' }
      : null,
    resolvedAt: iso(row.resolved_at),
  };
}

type PublicFacts = NonNullable<Awaited<ReturnType<typeof findPublicFacts>>>;

export function toPublicLitigation(
  row: LitigationRow,
  facts: PublicFacts,
  token: string,
): PublicLitigationResponse {
  const published = facts.product_status === 'published' && facts.product_image_key;
  return {
    buybackId: row.buyback_id,
    identificationNumber: facts.identification_number,
    product: {
      name: facts.product_name,
      brand: facts.product_brand,
      // the public site's own image route answers published products only
      imageUrl: published
        ? `/api/white-label/products/${facts.product_id}/image?v=${imageVersion(facts.product_image_key as string)}`
        : null,
    },
    declaredPriceCents: row.declared_price_cents,
    proposedPriceCents: row.proposed_price_cents,
    currency: row.currency,
    reason: row.reason,
    warehouseComment: facts.warehouse_comment_shared ? facts.warehouse_comment : null,
    photos: row.photo_keys.map((key) => publicPhotoUrl(row.buyback_id, key, token)),
    createdAt: iso(row.created_at) as string,
  };
}

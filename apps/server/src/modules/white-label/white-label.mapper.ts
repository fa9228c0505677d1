import type {
  HomePageConfigResponse,
  HomePageWidget,
  SiteResponse,
  WhiteLabelDocument,
} from '@reprise/shared';
import type { Selectable } from 'kysely';
import type { HomePageConfigsTable, WhiteLabelConfigsTable } from '../../platform/db.types';
import { imageVersion } from '../accounts';

type SiteRow = {
  id: string;
  name: string;
  site_slug: string | null;
  site_domain: string | null;
  site_active: boolean;
};

/** Where a site answers: its own domain, else `<slug>.<base host>` (`demo-retail.localhost:3000`). */
export function siteUrl(publicUrl: string, slug: string | null, domain: string | null): string | null {
  const base = new URL(publicUrl);
  if (domain) return `${base.protocol}//${domain}`;
  if (!slug) return null;
  return `${base.protocol}//${slug}.${base.host}`;
}

export function toSiteResponse(row: SiteRow, publicUrl: string): SiteResponse {
  return {
    accountId: row.id,
    accountName: row.name,
    slug: row.site_slug,
    domain: row.site_domain,
    active: row.site_active,
    url: siteUrl(publicUrl, row.site_slug, row.site_domain),
  };
}

export const DOCUMENT_COLUMN = {
  'cookies-policy': 'cookies_policy_key',
  'accessibility-statement': 'accessibility_statement_key',
} as const satisfies Record<WhiteLabelDocument, keyof WhiteLabelConfigsTable>;

/** The back-office URL of an account's document (versioned, so caches stay correct). */
export const accountDocumentUrl = (accountId: string, document: WhiteLabelDocument, key: string | null) =>
  key ? `/api/accounts/${accountId}/white-label/documents/${document}?v=${imageVersion(key)}` : null;

/** The public site's URL of a document (same host as the site). */
export const publicDocumentUrl = (document: WhiteLabelDocument, key: string | null) =>
  key ? `/api/white-label/documents/${document}?v=${imageVersion(key)}` : null;

export const bannerUrl = (accountId: string, key: string | null) =>
  key ? `/api/accounts/${accountId}/home-page/banner?v=${imageVersion(key)}` : null;

/** A category's image on the public site, versioned by the category's last change; null without one. */
export const publicCategoryImage = (
  category: { id: string; image_key: string | null; image_alt: string | null; updated_at: Date | string },
  label: string,
) =>
  category.image_key
    ? {
        url: `/api/white-label/categories/${category.id}/image?v=${new Date(category.updated_at).getTime()}`,
        alt: category.image_alt ?? label,
      }
    : null;

export const externalLinkOf = (row: Selectable<WhiteLabelConfigsTable> | undefined) =>
  row?.external_website_url && row.external_website_text
    ? { url: row.external_website_url, text: row.external_website_text }
    : null;

export function toHomePageResponse(row: Selectable<HomePageConfigsTable>): HomePageConfigResponse {
  return {
    accountId: row.account_id,
    status: row.status as HomePageConfigResponse['status'],
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    bannerTitle: row.banner_title,
    bannerImage: bannerUrl(row.account_id, row.banner_image_key),
    // blocks saved before translations existed have none
    widgets: (row.widgets as HomePageWidget[]).map((w) =>
      w.type === 'custom_html' ? { ...w, translations: w.translations ?? {} } : w,
    ),
    translations: row.translations,
  };
}

/** Lower-case ASCII words joined by dashes ("Téléphones & tablettes" → "telephones-tablettes"). */
export function slugOf(label: string): string {
  return (
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'category'
  );
}

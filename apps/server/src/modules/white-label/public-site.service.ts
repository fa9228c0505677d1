import {
  type HomePageWidget,
  type Locale,
  localized,
  type PolicyFile,
  type PublicCountriesResponse,
  type PublicHomeResponse,
  type PublicHomeWidget,
  type PublicLegalResponse,
  type PublicSearchQuery,
  type PublicSearchResponse,
  type PublicStoresResponse,
  SEARCH_PAGE_SIZE,
  translatedText,
  type WhiteLabelConfigResponse,
  type WhiteLabelDocument,
} from '@reprise/shared';
import { AppError, notFound } from '../../platform/errors';
import type { BaseContext, VisitorContext } from '../../platform/request-context';
import { resolveSiteHost } from '../../platform/site-host';
import { faviconUrl, logoUrl, publicPolicyFileUrl, readAccountPolicyFile } from '../accounts';
import type { ProductSearch } from '../catalog';
import { toProductCard } from '../catalog';
import { bannerUrl, externalLinkOf, publicDocumentUrl } from './white-label.mapper';
import * as repo from './white-label.repository';
import { readDocument } from './white-label.service';

export type SiteAccount = NonNullable<Awaited<ReturnType<typeof repo.findActiveSiteAccount>>>;

/** A visitor of a public site (its context's account is the site's), with the site's account row. */
export type SiteContext = VisitorContext & { readonly site: SiteAccount };

/**
 * The retailer whose active site this host names, looked up in every account. The back office's
 * host, an unknown host and an inactive site all answer `site_not_available` (the public app then
 * shows its not-available page).
 */
export async function siteOfHost(ctx: BaseContext, host: string | undefined): Promise<SiteAccount> {
  const site = resolveSiteHost(host, new URL(ctx.deps.config.publicUrl).hostname);
  const account = site.kind === 'back_office' ? undefined : await repo.findActiveSiteAccount(ctx, site);
  if (!account) throw new AppError('site_not_available', 'No active site answers at this address.');
  return account;
}

export async function config(ctx: SiteContext): Promise<WhiteLabelConfigResponse> {
  const account = ctx.site;
  const [row, detail] = await Promise.all([
    repo.findConfig(ctx, account.id),
    repo.findRootDetail(ctx, account.id),
  ]);
  return {
    tagManagerId: row?.tag_manager_id ?? null,
    axeptioId: row?.axeptio_id ?? null,
    externalWebsiteLink: externalLinkOf(row),
    dropOffLocationsMapEnabled: row?.drop_off_locations_map_enabled ?? false,
    cookiesPolicy: publicDocumentUrl('cookies-policy', row?.cookies_policy_key ?? null),
    accessibilityStatement: publicDocumentUrl(
      'accessibility-statement',
      row?.accessibility_statement_key ?? null,
    ),
    brand: {
      accountId: account.id,
      name: account.name,
      logo: logoUrl(account.id, account.logo_key),
      favicon: faviconUrl(account.id, account.favicon_key),
      mainColor: account.main_color,
      language: account.language as Locale,
      currency: account.currency,
    },
    buybackZeroDescription: detail?.buyback_zero_description ?? null,
    noSearchResultDescription: detail?.no_search_result_description ?? null,
  };
}

/**
 * The published home page, its featured products limited to what is still published; its texts in
 * the visitor's locale where translated, else in the account's language (docs/translations.md).
 */
export async function home(ctx: SiteContext): Promise<PublicHomeResponse> {
  const { site: account, locale } = ctx;
  const row = await repo.findHomePage(ctx, account.id);
  if (row?.status !== 'published')
    return {
      metaTitle: null,
      metaDescription: null,
      banner: { title: null, image: null },
      widgets: [{ type: 'search' }],
    };
  const widgets = row.widgets as HomePageWidget[];
  const ids = widgets.flatMap((w) => (w.type === 'featured_products' ? w.productIds : []));
  const products = new Map((await repo.findPublishedProducts(ctx, account.id, ids)).map((p) => [p.id, p]));
  const texts = localized(
    { metaTitle: row.meta_title, metaDescription: row.meta_description, bannerTitle: row.banner_title },
    row.translations,
    locale,
    ['metaTitle', 'metaDescription', 'bannerTitle'],
  );
  return {
    metaTitle: texts.metaTitle,
    metaDescription: texts.metaDescription,
    banner: { title: texts.bannerTitle, image: bannerUrl(account.id, row.banner_image_key) },
    widgets: widgets.flatMap((w): PublicHomeWidget[] => {
      if (w.type === 'custom_html')
        return [{ type: 'custom_html', html: translatedText(w.html, w.translations, locale, 'html') }];
      if (w.type !== 'featured_products') return [w];
      const cards = w.productIds.flatMap((id) => {
        const p = products.get(id);
        return p ? [toProductCard(p, locale)] : [];
      });
      return cards.length ? [{ type: 'featured_products', products: cards }] : [];
    }),
  };
}

export async function legal(ctx: SiteContext): Promise<PublicLegalResponse> {
  const row = await repo.findRootDetail(ctx, ctx.site.id);
  return {
    termsOfUse: row?.eula ?? null,
    termsOfService: row?.service_terms ?? null,
    faqAndContact: row?.faq_and_contact ?? null,
    termsOfUseFile: publicPolicyFileUrl('eula', row?.eula_file_key ?? null),
    termsOfServiceFile: publicPolicyFileUrl('service-terms', row?.service_terms_file_key ?? null),
    faqAndContactFile: publicPolicyFileUrl('faq-and-contact', row?.faq_and_contact_file_key ?? null),
    supportEmail: row?.seller_support_email ?? null,
  };
}

/** A policy PDF of the site's account (general settings); 404 when it has none. */
export async function legalFile(ctx: SiteContext, document: PolicyFile) {
  return readAccountPolicyFile(ctx, ctx.site.id, document);
}

export async function stores(ctx: SiteContext): Promise<PublicStoresResponse> {
  const rows = await repo.findStoresAcceptingDrops(ctx, ctx.site.id);
  return {
    member: rows.map((o) => ({
      id: o.id,
      name: o.common_name,
      street: o.street,
      streetMore: o.street_more,
      zip: o.zip,
      city: o.city,
      country: o.country,
      latitude: o.latitude,
      longitude: o.longitude,
      email: o.place_email,
    })),
    totalItems: rows.length,
  };
}

/** The countries the site's web circuits serve (the public customer form's list). */
export async function countries(ctx: SiteContext): Promise<PublicCountriesResponse> {
  return { member: await repo.findWebCircuitCountries(ctx, ctx.site.id) };
}

export async function search(
  ctx: SiteContext,
  engine: ProductSearch,
  query: PublicSearchQuery,
): Promise<PublicSearchResponse> {
  const { site: account, locale } = ctx;
  const result = await engine.searchCatalog(
    { kind: 'account', accountId: account.id },
    { q: query.q, page: query.page, ...(query.categoryId ? { category: [query.categoryId] } : {}) },
  );
  const rows = new Map(
    (
      await repo.findPublishedProducts(
        ctx,
        account.id,
        result.hits.map((h) => h.id),
      )
    ).map((p) => [p.id, p]),
  );
  return {
    member: result.hits.flatMap((h) => {
      const row = rows.get(h.id);
      return row ? [toProductCard(row, locale)] : [];
    }),
    totalItems: result.totalItems,
    page: query.page,
    itemsPerPage: SEARCH_PAGE_SIZE,
  };
}

export async function document(ctx: SiteContext, name: WhiteLabelDocument) {
  return readDocument(ctx, ctx.site.id, name);
}

export async function productImage(ctx: SiteContext, productId: string) {
  const key = await repo.findPublishedProductImageKey(ctx, ctx.site.id, productId);
  const data = key ? await ctx.deps.storage.get(key) : null;
  if (!key || !data) throw notFound('image');
  return { key, data };
}

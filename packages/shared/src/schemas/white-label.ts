import { z } from 'zod';
import { LOCALES, PREMIUM_FEATURES } from '../enums';
import { text, uuid } from '../validation';
import { AddressResponse } from './common';
import { TranslationsResponse, translationsOf } from './translations';

/** The public white-label site of a retailer. */

/** A site's sub-domain label: `http://<slug>.localhost:3000` in development. */
const SITE_SLUG = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** The account's own domain in production (lower case, no scheme, no port). */
const SITE_DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,12}$/;
const CONSENT_SERVICE_ID = /^[A-Za-z0-9_-]{4,64}$/;

const CUSTOM_HTML_MIN = 20;
export const CUSTOM_HTML_MAX = 200_000;
/** Our own limits, not the spec's: enough for a home page, small enough to load fast. */
export const HOME_WIDGETS_MAX = 20;
export const FEATURED_PRODUCTS_MAX = 24;

export const WHITE_LABEL_DOCUMENTS = ['cookies-policy', 'accessibility-statement'] as const;
export type WhiteLabelDocument = (typeof WHITE_LABEL_DOCUMENTS)[number];

export const HOME_PAGE_STATUSES = ['published', 'draft'] as const;
export type HomePageStatus = (typeof HOME_PAGE_STATUSES)[number];

const httpUrl = () =>
  z
    .string()
    .trim()
    .max(2048, { message: 'too_long' })
    .refine(
      (v) => /^https?:\/\/[^\s/]+\.[^\s]*$/i.test(v) || /^https?:\/\/localhost(:\d+)?(\/\S*)?$/i.test(v),
      {
        message: 'invalid_url',
      },
    );

// ---- the site's address and activation (platform admins) ----

export const UpdateSiteRequest = z
  .object({
    slug: z.string().trim().toLowerCase().regex(SITE_SLUG, { message: 'invalid_slug' }),
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .max(253, { message: 'too_long' })
      .regex(SITE_DOMAIN, { message: 'invalid_domain' })
      .nullable(),
    active: z.boolean(),
  })
  .strict();
export type UpdateSiteRequest = z.infer<typeof UpdateSiteRequest>;

export const SiteResponse = z.object({
  accountId: z.uuid(),
  accountName: z.string(),
  slug: z.string().nullable(),
  domain: z.string().nullable(),
  active: z.boolean(),
  /** Where the site answers: the own domain when set, else the development sub-domain. */
  url: z.string().nullable(),
});
export type SiteResponse = z.infer<typeof SiteResponse>;

export const SiteListResponse = z.object({ member: z.array(SiteResponse), totalItems: z.number().int() });
export type SiteListResponse = z.infer<typeof SiteListResponse>;

// ---- the site configuration (retailer, design permission) ----

const ExternalWebsiteLink = z.object({ url: httpUrl(), text: text(2, 50) });

export const WhiteLabelSettingsResponse = z.object({
  site: SiteResponse,
  tagManagerId: z.string().nullable(),
  axeptioId: z.string().nullable(),
  externalWebsiteLink: ExternalWebsiteLink.nullable(),
  dropOffLocationsMapEnabled: z.boolean(),
  /** URL of the uploaded PDF, or null. */
  cookiesPolicy: z.string().nullable(),
  accessibilityStatement: z.string().nullable(),
});
export type WhiteLabelSettingsResponse = z.infer<typeof WhiteLabelSettingsResponse>;

const optionalId = (pattern: RegExp, message: string) =>
  z.union([z.string().trim().regex(pattern, { message }), z.literal('').transform(() => null), z.null()]);

/** Merge-patch of the site configuration; null clears a value (null link: no external link). */
export const PatchWhiteLabelSettingsRequest = z
  .object({
    tagManagerId: optionalId(TAG_MANAGER_ID, 'invalid_tag_manager_id'),
    axeptioId: optionalId(CONSENT_SERVICE_ID, 'invalid_consent_id'),
    externalWebsiteLink: ExternalWebsiteLink.nullable(),
    dropOffLocationsMapEnabled: z.boolean(),
  })
  .partial()
  .strict();
export type PatchWhiteLabelSettingsRequest = z.infer<typeof PatchWhiteLabelSettingsRequest>;

export const WhiteLabelDocumentParams = z.object({
  id: z.uuid(),
  document: z.enum(WHITE_LABEL_DOCUMENTS),
});

// ---- the home page configuration ----

const customHtml = () =>
  z
    .string()
    .min(CUSTOM_HTML_MIN, { message: 'too_short' })
    .max(CUSTOM_HTML_MAX, { message: 'too_long' })
    .refine((v) => v.trim().length >= CUSTOM_HTML_MIN, { message: 'too_short' });

const CustomHtmlWidget = z.object({
  type: z.literal('custom_html'),
  html: customHtml(),
  /** The block in other languages than the account's, sanitised as the base one. */
  translations: translationsOf({ html: customHtml() }).optional().default({}),
});
const FeaturedProductsWidget = z.object({
  type: z.literal('featured_products'),
  productIds: z
    .array(uuid())
    .min(1, { message: 'required' })
    .max(FEATURED_PRODUCTS_MAX, { message: 'too_many' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate_id' }),
});
const SearchWidget = z.object({ type: z.literal('search') });

export const HomePageWidget = z.discriminatedUnion('type', [
  CustomHtmlWidget,
  FeaturedProductsWidget,
  SearchWidget,
]);
export type HomePageWidget = z.infer<typeof HomePageWidget>;
export const HOME_WIDGET_TYPES = ['custom_html', 'featured_products', 'search'] as const;
export type HomeWidgetType = (typeof HOME_WIDGET_TYPES)[number];

export const HomePageConfigRequest = z
  .object({
    status: z.enum(HOME_PAGE_STATUSES),
    metaTitle: text(2, 255),
    metaDescription: text(2, 500),
    bannerTitle: text(2, 50),
    /** In display order. */
    widgets: z.array(HomePageWidget).max(HOME_WIDGETS_MAX, { message: 'too_many' }),
    /** The texts in other languages than the account's (docs/translations.md); the account's language is the base. */
    translations: translationsOf({
      metaTitle: text(2, 255),
      metaDescription: text(2, 500),
      bannerTitle: text(2, 50),
    })
      .optional()
      .default({}),
  })
  .strict();
export type HomePageConfigRequest = z.infer<typeof HomePageConfigRequest>;

export const HomePageConfigResponse = z.object({
  accountId: z.uuid(),
  status: z.enum(HOME_PAGE_STATUSES),
  metaTitle: z.string(),
  metaDescription: z.string(),
  bannerTitle: z.string(),
  bannerImage: z.string().nullable(),
  /** As stored: custom HTML already sanitised (so it may be shorter than what was sent). */
  widgets: z.array(
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('custom_html'), html: z.string(), translations: TranslationsResponse }),
      z.object({ type: z.literal('featured_products'), productIds: z.array(z.string()) }),
      SearchWidget,
    ]),
  ),
  /** `metaTitle`, `metaDescription` and `bannerTitle` in other languages than the account's. */
  translations: TranslationsResponse,
});
export type HomePageConfigResponse = z.infer<typeof HomePageConfigResponse>;

// ---- what the public site reads (resolved by Host) ----

const PublicBrand = z.object({
  accountId: z.uuid(),
  name: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  mainColor: z.string(),
  language: z.enum(LOCALES),
  currency: z.string(),
});

/** `GET /api/white-label/config`, plus the brand that themes the site. */
export const WhiteLabelConfigResponse = WhiteLabelSettingsResponse.omit({ site: true }).extend({
  brand: PublicBrand,
  /** The retailer's texts of the general settings: shown when a diagnosis gives 0, on an empty search. */
  buybackZeroDescription: z.string().nullable(),
  noSearchResultDescription: z.string().nullable(),
});
export type WhiteLabelConfigResponse = z.infer<typeof WhiteLabelConfigResponse>;

export const PublicProductCard = z.object({
  id: z.uuid(),
  name: z.string(),
  brand: z.string().nullable(),
  image: z.object({ url: z.string(), alt: z.string() }).nullable(),
  /** The best buyback price in cents (the "up to" price). */
  maxPrice: z.number().int(),
});
export type PublicProductCard = z.infer<typeof PublicProductCard>;

export const PublicHomeWidget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('custom_html'), html: z.string() }),
  z.object({ type: z.literal('featured_products'), products: z.array(PublicProductCard) }),
  z.object({ type: z.literal('search') }),
]);
export type PublicHomeWidget = z.infer<typeof PublicHomeWidget>;

export const PublicHomeResponse = z.object({
  /** Null when no home page is published: the site shows its name and the search. */
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  banner: z.object({ title: z.string().nullable(), image: z.string().nullable() }),
  widgets: z.array(PublicHomeWidget),
});
export type PublicHomeResponse = z.infer<typeof PublicHomeResponse>;

export const PublicLegalResponse = z.object({
  termsOfUse: z.string().nullable(),
  termsOfService: z.string().nullable(),
  faqAndContact: z.string().nullable(),
  /**
   * The public URLs of the policy PDFs (general settings). A document with a PDF shows the PDF;
   * its text above is shown only while it has none (docs/general-settings.md).
   */
  termsOfUseFile: z.string().nullable(),
  termsOfServiceFile: z.string().nullable(),
  faqAndContactFile: z.string().nullable(),
  supportEmail: z.string().nullable(),
});
export type PublicLegalResponse = z.infer<typeof PublicLegalResponse>;

const PublicStore = z.object({
  id: z.uuid(),
  name: z.string(),
  ...AddressResponse.shape,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  email: z.string().nullable(),
});

export const PublicStoresResponse = z.object({ member: z.array(PublicStore), totalItems: z.number().int() });
export type PublicStoresResponse = z.infer<typeof PublicStoresResponse>;

/** The countries (ISO alpha-2, sorted) the site's web circuits serve: the customer form offers these only. */
export const PublicCountriesResponse = z.object({ member: z.array(z.string()) });
export type PublicCountriesResponse = z.infer<typeof PublicCountriesResponse>;

export const PublicSearchQuery = z.object({
  q: z.string().trim().max(255, { message: 'too_long' }).optional().default(''),
  /** Search by category (`/category/:id/:slug`): the published products of this category and its sub-categories. */
  categoryId: z.uuid({ message: 'invalid_uuid' }).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type PublicSearchQuery = z.infer<typeof PublicSearchQuery>;

export const PublicSearchResponse = z.object({
  member: z.array(PublicProductCard),
  totalItems: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
});
export type PublicSearchResponse = z.infer<typeof PublicSearchResponse>;

// ---- the anonymous visitor ----

/**
 * `POST /api/white-label/visitor` (public, by Host, active site only; no body): creates a
 * `pseudo_anonymous` user of the site's account and its session in the HttpOnly session cookie.
 * 201 with this body. A visitor session is refused (401) on another site's host.
 */
export const VisitorResponse = z.object({
  id: z.uuid(),
  userType: z.literal('pseudo_anonymous'),
  accountId: z.uuid(),
});
export type VisitorResponse = z.infer<typeof VisitorResponse>;

/** `GET /api/white-label/premium-features` (visitor session; 401 without one). */
export const PremiumFeaturesResponse = z.object({
  features: z.array(z.enum(PREMIUM_FEATURES)),
  /** The actions of the account's active premium-feature connector configurations (`imei_lookup`). */
  connectorActions: z.array(z.string()),
});
export type PremiumFeaturesResponse = z.infer<typeof PremiumFeaturesResponse>;

/**
 * `GET /api/white-label/categories` (public, by Host): the site's catalogue as a tree, flattened
 * depth-first (parents before their children, siblings by label), with `parentId` and `depth`
 * (0 for a root). `productCount`: published products of the category and its descendants.
 * 404 `category_navigation_disabled` when the account's root details turn category navigation off.
 */
export const PublicCategory = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  depth: z.number().int(),
  label: z.string(),
  /** For `/category/:id/:slug` (lower-case ASCII words joined by dashes). */
  slug: z.string(),
  description: z.string().nullable(),
  image: z.object({ url: z.string(), alt: z.string() }).nullable(),
  productCount: z.number().int(),
});
export type PublicCategory = z.infer<typeof PublicCategory>;

export const PublicCategoriesResponse = z.object({ member: z.array(PublicCategory) });
export type PublicCategoriesResponse = z.infer<typeof PublicCategoriesResponse>;

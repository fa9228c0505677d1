import {
  type HomePageConfigRequest,
  type HomePageConfigResponse,
  type HomePageWidget,
  IMAGE_MAX_BYTES,
  type PatchWhiteLabelSettingsRequest,
  PDF_MAX_BYTES,
  type SiteResponse,
  type Translations,
  type UpdateSiteRequest,
  type Violation,
  type WhiteLabelDocument,
  type WhiteLabelSettingsResponse,
} from '@reprise/shared';
import type { Updateable } from 'kysely';
import { audit } from '../../platform/audit';
import type { WhiteLabelConfigsTable } from '../../platform/db.types';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import { checkPdf } from '../../platform/pdf-check';
import { type BaseContext, type RequestContext, transact } from '../../platform/request-context';
import { baseLanguageViolations, checkBaseLanguage, translationsColumn } from '../../platform/translations';
import { checkUpload } from '../../platform/uploads';
import { findReachableAccount } from '../accounts';
import { swapStoredImage } from '../catalog';
import { sanitizeHtml } from './html-sanitizer';
import {
  accountDocumentUrl,
  DOCUMENT_COLUMN,
  externalLinkOf,
  toHomePageResponse,
  toSiteResponse,
} from './white-label.mapper';
import * as repo from './white-label.repository';

/** The retailer account the actor may configure (its own, or any for a platform operator); 404 otherwise. */
async function reachableRetailer(ctx: BaseContext, accountId: string, options: { forUpdate?: boolean } = {}) {
  const account = await findReachableAccount(ctx, accountId, options);
  // only a retailer has a public site
  if (!account?.is_retailer) throw notFound('site');
  return account;
}

// ---- site address and activation (platform admins) ----

export async function listSites(ctx: RequestContext): Promise<Page<SiteResponse>> {
  const rows = await repo.listRetailerSites(ctx);
  return { member: rows.map((r) => toSiteResponse(r, ctx.deps.config.publicUrl)), totalItems: rows.length };
}

export async function updateSite(
  ctx: RequestContext,
  accountId: string,
  input: UpdateSiteRequest,
): Promise<SiteResponse> {
  return transact(ctx, async (tx) => {
    const current = await reachableRetailer(tx, accountId, { forUpdate: true });
    if (await repo.findSiteAddressOwner(tx, accountId, 'site_slug', input.slug))
      throw fieldError('site_slug_not_unique', 'slug', 'This address is used by another site.');
    if (input.domain && (await repo.findSiteAddressOwner(tx, accountId, 'site_domain', input.domain)))
      throw fieldError('site_domain_not_unique', 'domain', 'This domain is used by another site.');
    const updated = await repo.updateSite(tx, accountId, {
      site_slug: input.slug,
      site_domain: input.domain,
      site_active: input.active,
    });
    const before = toSiteResponse(current, ctx.deps.config.publicUrl);
    const after = toSiteResponse(updated, ctx.deps.config.publicUrl);
    await audit(tx, {
      action: 'update',
      entityType: 'site',
      entityId: accountId,
      accountId,
      before,
      after,
    });
    return after;
  });
}

// ---- site configuration (design permission) ----

async function settingsOf(ctx: BaseContext, account: Awaited<ReturnType<typeof reachableRetailer>>) {
  const row = await repo.findConfig(ctx, account.id);
  return toSettings(ctx, account, row);
}

function toSettings(
  ctx: BaseContext,
  account: Awaited<ReturnType<typeof reachableRetailer>>,
  row: Awaited<ReturnType<typeof repo.findConfig>>,
): WhiteLabelSettingsResponse {
  return {
    site: toSiteResponse(account, ctx.deps.config.publicUrl),
    tagManagerId: row?.tag_manager_id ?? null,
    axeptioId: row?.axeptio_id ?? null,
    externalWebsiteLink: externalLinkOf(row),
    dropOffLocationsMapEnabled: row?.drop_off_locations_map_enabled ?? false,
    cookiesPolicy: accountDocumentUrl(account.id, 'cookies-policy', row?.cookies_policy_key ?? null),
    accessibilityStatement: accountDocumentUrl(
      account.id,
      'accessibility-statement',
      row?.accessibility_statement_key ?? null,
    ),
  };
}

export async function getSettings(ctx: RequestContext, accountId: string) {
  return settingsOf(ctx, await reachableRetailer(ctx, accountId));
}

export async function patchSettings(
  ctx: RequestContext,
  accountId: string,
  patch: PatchWhiteLabelSettingsRequest,
): Promise<WhiteLabelSettingsResponse> {
  return transact(ctx, async (tx) => {
    const account = await reachableRetailer(tx, accountId, { forUpdate: true });
    const current = await repo.findConfig(tx, accountId, { forUpdate: true });
    const values: Updateable<WhiteLabelConfigsTable> = {};
    if (patch.tagManagerId !== undefined) values.tag_manager_id = patch.tagManagerId;
    if (patch.axeptioId !== undefined) values.axeptio_id = patch.axeptioId;
    if (patch.externalWebsiteLink !== undefined) {
      values.external_website_url = patch.externalWebsiteLink?.url ?? null;
      values.external_website_text = patch.externalWebsiteLink?.text ?? null;
    }
    if (patch.dropOffLocationsMapEnabled !== undefined)
      values.drop_off_locations_map_enabled = patch.dropOffLocationsMapEnabled;
    const before = toSettings(tx, account, current);
    if (Object.keys(values).length === 0) return before;
    const after = toSettings(tx, account, await repo.upsertConfig(tx, accountId, values));
    await audit(tx, {
      action: 'update',
      entityType: 'white_label_config',
      entityId: accountId,
      accountId,
      before,
      after,
    });
    return after;
  });
}

/** Sets (or, with null, removes) a policy document: a PDF of at most 250 kB, checked by content. */
export async function replaceDocument(
  ctx: RequestContext,
  accountId: string,
  document: WhiteLabelDocument,
  data: Buffer | null,
): Promise<WhiteLabelSettingsResponse> {
  const { storage } = ctx.deps;
  await reachableRetailer(ctx, accountId);
  let key: string | null = null;
  if (data) {
    await checkUpload(data, ['pdf'], PDF_MAX_BYTES);
    checkPdf(data);
    key = await storage.put('site-documents', 'pdf', data);
  }
  const column = DOCUMENT_COLUMN[document];
  return swapStoredImage(storage, key, () =>
    transact(ctx, async (tx) => {
      const account = await reachableRetailer(tx, accountId, { forUpdate: true });
      const current = await repo.findConfig(tx, accountId, { forUpdate: true });
      const before = toSettings(tx, account, current);
      const after = toSettings(tx, account, await repo.upsertConfig(tx, accountId, { [column]: key }));
      await audit(tx, {
        action: 'update',
        entityType: 'white_label_config',
        entityId: accountId,
        accountId,
        before,
        after,
      });
      return { result: after, replaced: current?.[column] ?? null };
    }),
  );
}

export async function readAccountDocument(
  ctx: RequestContext,
  accountId: string,
  document: WhiteLabelDocument,
) {
  await reachableRetailer(ctx, accountId);
  return readDocument(ctx, accountId, document);
}

/** The stored PDF of a document; 404 when the site has none. */
export async function readDocument(ctx: BaseContext, accountId: string, document: WhiteLabelDocument) {
  const row = await repo.findConfig(ctx, accountId);
  const key = row?.[DOCUMENT_COLUMN[document]] ?? null;
  const data = key ? await ctx.deps.storage.get(key) : null;
  if (!key || !data) throw notFound('document');
  return { key, data };
}

// ---- home page configuration ----

export async function getHomePage(
  ctx: RequestContext,
  accountId: string,
): Promise<HomePageConfigResponse | null> {
  await reachableRetailer(ctx, accountId);
  const row = await repo.findHomePage(ctx, accountId);
  return row ? toHomePageResponse(row) : null;
}

/** Featured products must be published products of the account: one violation per other id. */
async function checkFeaturedProducts(ctx: BaseContext, accountId: string, widgets: HomePageWidget[]) {
  const ids = widgets.flatMap((w) => (w.type === 'featured_products' ? w.productIds : []));
  const published = new Set((await repo.findPublishedProducts(ctx, accountId, ids)).map((p) => p.id));
  const violations: Violation[] = [];
  widgets.forEach((widget, w) => {
    if (widget.type !== 'featured_products') return;
    widget.productIds.forEach((id, p) => {
      if (!published.has(id))
        violations.push({
          propertyPath: `widgets.${w}.productIds.${p}`,
          message: 'This product is not a published product of the catalogue.',
          code: 'featured_product_not_published',
        });
    });
  });
  if (violations.length)
    throw new AppError(
      'featured_product_not_published',
      'Some featured products cannot be shown.',
      violations,
    );
}

/** Each translated custom HTML block is sanitised exactly as the base one; one left empty is dropped. */
function sanitizedTranslations(translations: Translations<'html'>): Translations<'html'> {
  return Object.fromEntries(
    Object.entries(translations).flatMap(([locale, texts]) => {
      const html = sanitizeHtml(texts?.html ?? '');
      return html.trim() ? [[locale, { html }]] : [];
    }),
  );
}

export async function putHomePage(
  ctx: RequestContext,
  accountId: string,
  input: HomePageConfigRequest,
): Promise<HomePageConfigResponse> {
  const widgets: HomePageWidget[] = input.widgets.map((w) =>
    w.type === 'custom_html'
      ? {
          type: 'custom_html',
          html: sanitizeHtml(w.html),
          translations: sanitizedTranslations(w.translations),
        }
      : w,
  );
  return transact(ctx, async (tx) => {
    const account = await reachableRetailer(tx, accountId, { forUpdate: true });
    checkBaseLanguage([
      ...baseLanguageViolations(input.translations, account.language),
      ...input.widgets.flatMap((w, index) =>
        w.type === 'custom_html'
          ? baseLanguageViolations(w.translations, account.language, `widgets.${index}.translations`)
          : [],
      ),
    ]);
    await checkFeaturedProducts(tx, accountId, widgets);
    const current = await repo.findHomePage(tx, accountId, { forUpdate: true });
    const row = await repo.upsertHomePage(tx, accountId, {
      status: input.status,
      meta_title: input.metaTitle,
      meta_description: input.metaDescription,
      banner_title: input.bannerTitle,
      banner_image_key: current?.banner_image_key ?? null,
      widgets,
      translations: translationsColumn(input.translations),
    });
    const after = toHomePageResponse(row);
    await audit(tx, {
      action: current ? 'update' : 'create',
      entityType: 'home_page_config',
      entityId: accountId,
      accountId,
      before: current ? toHomePageResponse(current) : undefined,
      after,
    });
    return after;
  });
}

/** Sets (or, with null, removes) the search banner image: JPG or PNG up to 250 kB, checked by content. */
export async function replaceBanner(
  ctx: RequestContext,
  accountId: string,
  data: Buffer | null,
): Promise<HomePageConfigResponse> {
  const { storage } = ctx.deps;
  await reachableRetailer(ctx, accountId);
  if (!(await repo.findHomePage(ctx, accountId)))
    throw new AppError('conflict', 'Save the home page configuration before its banner image.');
  const key = data
    ? await storage.put('site-banners', await checkUpload(data, ['jpg', 'png'], IMAGE_MAX_BYTES), data)
    : null;
  return swapStoredImage(storage, key, () =>
    transact(ctx, async (tx) => {
      await reachableRetailer(tx, accountId, { forUpdate: true });
      const current = await repo.findHomePage(tx, accountId, { forUpdate: true });
      if (!current)
        throw new AppError('conflict', 'Save the home page configuration before its banner image.');
      const after = toHomePageResponse(await repo.setHomeBanner(tx, accountId, key));
      await audit(tx, {
        action: 'update',
        entityType: 'home_page_config',
        entityId: accountId,
        accountId,
        before: toHomePageResponse(current),
        after,
      });
      return { result: after, replaced: current.banner_image_key };
    }),
  );
}

/** The banner image, for anyone (it is shown on the public site). */
export async function readBanner(ctx: BaseContext, accountId: string) {
  const row = await repo.findHomePage(ctx, accountId);
  const key = row?.banner_image_key ?? null;
  const data = key ? await ctx.deps.storage.get(key) : null;
  if (!key || !data) throw notFound('banner');
  return { key, data };
}

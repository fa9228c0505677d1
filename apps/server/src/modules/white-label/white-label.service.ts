import {
  type HomePageConfigRequest,
  type HomePageConfigResponse,
  type HomePageWidget,
  IMAGE_MAX_BYTES,
  type PatchWhiteLabelSettingsRequest,
  PDF_MAX_BYTES,
  type SiteListResponse,
  type SiteResponse,
  type Translations,
  type UpdateSiteRequest,
  type Violation,
  type WhiteLabelDocument,
  type WhiteLabelSettingsResponse,
} from '@reprise/shared';
import type { Updateable } from 'kysely';
import { writeAudit } from '../../platform/audit';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { WhiteLabelConfigsTable } from '../../platform/db.types';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { baseLanguageViolations, checkBaseLanguage, translationsColumn } from '../../platform/translations';
import { checkUpload } from '../../platform/uploads';
import { findReachableAccount } from '../accounts/accounts.repository';
import { swapStoredImage } from '../catalog/catalog-images';
import { sanitizeHtml } from './html-sanitizer';
import { checkPdf } from './pdf-check';
import {
  accountDocumentUrl,
  DOCUMENT_COLUMN,
  externalLinkOf,
  toHomePageResponse,
  toSiteResponse,
} from './white-label.mapper';
import * as repo from './white-label.repository';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config'>;

/** The retailer account the actor may configure (its own, or any for a platform operator); 404 otherwise. */
async function reachableRetailer(
  db: Db,
  actor: Actor,
  accountId: string,
  options: { forUpdate?: boolean } = {},
) {
  const account = await findReachableAccount(db, actor, accountId, options);
  // only a retailer has a public site
  if (!account?.is_retailer) throw notFound('site');
  return account;
}

// ---- site address and activation (platform admins) ----

export async function listSites(deps: Deps): Promise<SiteListResponse> {
  const rows = await repo.listRetailerSites(deps.db);
  return { member: rows.map((r) => toSiteResponse(r, deps.config.publicUrl)), totalItems: rows.length };
}

export async function updateSite(
  deps: Deps,
  actor: Actor,
  accountId: string,
  input: UpdateSiteRequest,
): Promise<SiteResponse> {
  return deps.db.transaction().execute(async (trx) => {
    const current = await reachableRetailer(trx, actor, accountId, { forUpdate: true });
    if (await repo.findSiteAddressOwner(trx, accountId, 'site_slug', input.slug))
      throw fieldError('site_slug_not_unique', 'slug', 'This address is used by another site.');
    if (input.domain && (await repo.findSiteAddressOwner(trx, accountId, 'site_domain', input.domain)))
      throw fieldError('site_domain_not_unique', 'domain', 'This domain is used by another site.');
    const updated = await repo.updateSite(trx, accountId, {
      site_slug: input.slug,
      site_domain: input.domain,
      site_active: input.active,
    });
    const before = toSiteResponse(current, deps.config.publicUrl);
    const after = toSiteResponse(updated, deps.config.publicUrl);
    await writeAudit(trx, actor, {
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

async function settingsOf(deps: Deps, account: Awaited<ReturnType<typeof reachableRetailer>>) {
  const row = await repo.findConfig(deps.db, account.id);
  return toSettings(deps, account, row);
}

function toSettings(
  deps: Deps,
  account: Awaited<ReturnType<typeof reachableRetailer>>,
  row: Awaited<ReturnType<typeof repo.findConfig>>,
): WhiteLabelSettingsResponse {
  return {
    site: toSiteResponse(account, deps.config.publicUrl),
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

export async function getSettings(deps: Deps, actor: Actor, accountId: string) {
  return settingsOf(deps, await reachableRetailer(deps.db, actor, accountId));
}

export async function patchSettings(
  deps: Deps,
  actor: Actor,
  accountId: string,
  patch: PatchWhiteLabelSettingsRequest,
): Promise<WhiteLabelSettingsResponse> {
  return deps.db.transaction().execute(async (trx) => {
    const account = await reachableRetailer(trx, actor, accountId, { forUpdate: true });
    const current = await repo.findConfig(trx, accountId, { forUpdate: true });
    const values: Updateable<WhiteLabelConfigsTable> = {};
    if (patch.tagManagerId !== undefined) values.tag_manager_id = patch.tagManagerId;
    if (patch.axeptioId !== undefined) values.axeptio_id = patch.axeptioId;
    if (patch.externalWebsiteLink !== undefined) {
      values.external_website_url = patch.externalWebsiteLink?.url ?? null;
      values.external_website_text = patch.externalWebsiteLink?.text ?? null;
    }
    if (patch.dropOffLocationsMapEnabled !== undefined)
      values.drop_off_locations_map_enabled = patch.dropOffLocationsMapEnabled;
    const before = toSettings(deps, account, current);
    if (Object.keys(values).length === 0) return before;
    const after = toSettings(deps, account, await repo.upsertConfig(trx, accountId, values));
    await writeAudit(trx, actor, {
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
  deps: Deps,
  actor: Actor,
  accountId: string,
  document: WhiteLabelDocument,
  data: Buffer | null,
): Promise<WhiteLabelSettingsResponse> {
  await reachableRetailer(deps.db, actor, accountId);
  let key: string | null = null;
  if (data) {
    await checkUpload(data, ['pdf'], PDF_MAX_BYTES);
    checkPdf(data);
    key = await deps.storage.put('site-documents', 'pdf', data);
  }
  const column = DOCUMENT_COLUMN[document];
  return swapStoredImage(deps.storage, key, () =>
    deps.db.transaction().execute(async (trx) => {
      const account = await reachableRetailer(trx, actor, accountId, { forUpdate: true });
      const current = await repo.findConfig(trx, accountId, { forUpdate: true });
      const before = toSettings(deps, account, current);
      const after = toSettings(deps, account, await repo.upsertConfig(trx, accountId, { [column]: key }));
      await writeAudit(trx, actor, {
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
  deps: Deps,
  actor: Actor,
  accountId: string,
  document: WhiteLabelDocument,
) {
  await reachableRetailer(deps.db, actor, accountId);
  return readDocument(deps, accountId, document);
}

/** The stored PDF of a document; 404 when the site has none. */
export async function readDocument(deps: Deps, accountId: string, document: WhiteLabelDocument) {
  const row = await repo.findConfig(deps.db, accountId);
  const key = row?.[DOCUMENT_COLUMN[document]] ?? null;
  const data = key ? await deps.storage.get(key) : null;
  if (!key || !data) throw notFound('document');
  return { key, data };
}

// ---- home page configuration ----

export async function getHomePage(
  deps: Deps,
  actor: Actor,
  accountId: string,
): Promise<HomePageConfigResponse | null> {
  await reachableRetailer(deps.db, actor, accountId);
  const row = await repo.findHomePage(deps.db, accountId);
  return row ? toHomePageResponse(row) : null;
}

/** Featured products must be published products of the account: one violation per other id. */
async function checkFeaturedProducts(db: Db, accountId: string, widgets: HomePageWidget[]) {
  const ids = widgets.flatMap((w) => (w.type === 'featured_products' ? w.productIds : []));
  const published = new Set((await repo.findPublishedProducts(db, accountId, ids)).map((p) => p.id));
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
  deps: Deps,
  actor: Actor,
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
  return deps.db.transaction().execute(async (trx) => {
    const account = await reachableRetailer(trx, actor, accountId, { forUpdate: true });
    checkBaseLanguage([
      ...baseLanguageViolations(input.translations, account.language),
      ...input.widgets.flatMap((w, index) =>
        w.type === 'custom_html'
          ? baseLanguageViolations(w.translations, account.language, `widgets.${index}.translations`)
          : [],
      ),
    ]);
    await checkFeaturedProducts(trx, accountId, widgets);
    const current = await repo.findHomePage(trx, accountId, { forUpdate: true });
    const row = await repo.upsertHomePage(trx, accountId, {
      status: input.status,
      meta_title: input.metaTitle,
      meta_description: input.metaDescription,
      banner_title: input.bannerTitle,
      banner_image_key: current?.banner_image_key ?? null,
      widgets,
      translations: translationsColumn(input.translations),
    });
    const after = toHomePageResponse(row);
    await writeAudit(trx, actor, {
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
  deps: Deps,
  actor: Actor,
  accountId: string,
  data: Buffer | null,
): Promise<HomePageConfigResponse> {
  await reachableRetailer(deps.db, actor, accountId);
  if (!(await repo.findHomePage(deps.db, accountId)))
    throw new AppError('conflict', 'Save the home page configuration before its banner image.');
  const key = data
    ? await deps.storage.put('site-banners', await checkUpload(data, ['jpg', 'png'], IMAGE_MAX_BYTES), data)
    : null;
  return swapStoredImage(deps.storage, key, () =>
    deps.db.transaction().execute(async (trx) => {
      await reachableRetailer(trx, actor, accountId, { forUpdate: true });
      const current = await repo.findHomePage(trx, accountId, { forUpdate: true });
      if (!current)
        throw new AppError('conflict', 'Save the home page configuration before its banner image.');
      const after = toHomePageResponse(await repo.setHomeBanner(trx, accountId, key));
      await writeAudit(trx, actor, {
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
export async function readBanner(deps: Deps, accountId: string) {
  const row = await repo.findHomePage(deps.db, accountId);
  const key = row?.banner_image_key ?? null;
  const data = key ? await deps.storage.get(key) : null;
  if (!key || !data) throw notFound('banner');
  return { key, data };
}

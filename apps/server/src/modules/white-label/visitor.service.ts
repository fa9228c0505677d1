import { randomUUID } from 'node:crypto';
import {
  localized,
  PREMIUM_FEATURES,
  type PremiumFeature,
  type PremiumFeaturesResponse,
  type PublicCategoriesResponse,
  type PublicCategory,
  VISITOR_TOKEN_LIFETIME_MINUTES,
  type VisitorResponse,
} from '@reprise/shared';
import { AppError, tooManyAttempts } from '../../platform/errors';
import { type RequestContext, transact } from '../../platform/request-context';
import { newToken } from '../../platform/security';
import { countAttempt, createSession } from '../auth';
import { channelsOf, listTreeRows } from '../catalog';
import { activeConnectorActions } from '../connectors';
import type { SiteContext } from './public-site.service';
import * as visitors from './visitor.repository';
import { publicCategoryImage, slugOf } from './white-label.mapper';
import * as repo from './white-label.repository';

/**
 * The public site's anonymous visitor: a `pseudo_anonymous` user of the
 * site's account, held in the tim module at the account's root organisation, without password
 * (nobody signs in as it), and a session like a sign-in's. Its permissions are the visitor's only
 * (web_buyback.*), it reads only the buybacks it created, and only on its own site's host.
 */
/** Visitors one address may create in the throttle's window (15 minutes) before it waits. */
export const VISITORS_PER_ADDRESS = 120;
const VISITOR_LIMIT = {
  windowMs: 15 * 60_000,
  allowed: VISITORS_PER_ADDRESS,
  firstBlockMs: 60_000,
  maxBlockMs: 24 * 60 * 60_000,
};

export async function createVisitor(
  ctx: SiteContext,
  client: { ip: string; userAgent: string | null },
): Promise<{ visitor: VisitorResponse; token: string }> {
  const account = ctx.site;
  // every creation counts against the address: a script cannot fill the users table
  const { refusedForMs } = await countAttempt(ctx.db, `visitor:${client.ip}`, VISITOR_LIMIT);
  if (refusedForMs > 0) throw tooManyAttempts(refusedForMs, 'Too many new visitors from this address');
  const { token, hash } = newToken();
  const visitor = await transact(ctx, async (tx) => {
    const rootOrganizationId = await visitors.findRootOrganizationId(tx);
    if (!rootOrganizationId) throw new AppError('site_not_available', 'This site has no root organisation.');
    const id = randomUUID();
    await visitors.insertVisitor(tx, { id, rootOrganizationId, language: account.language });
    await createSession(tx, {
      userId: id,
      tokenHash: hash,
      module: 'tim',
      // the token's lifetime, as its cookie's (780 minutes: 13 hours)
      maxHours: VISITOR_TOKEN_LIFETIME_MINUTES / 60,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { id, userType: 'pseudo_anonymous' as const, accountId: account.id };
  });
  return { visitor, token };
}

/** The enabled premium features of the visitor's account (its site is the request's host). */
export async function premiumFeatures(ctx: RequestContext): Promise<PremiumFeaturesResponse> {
  const row = await repo.findRootDetail(ctx, ctx.actor.accountId);
  const known = new Set<string>(PREMIUM_FEATURES);
  return {
    features: (row?.enabled_premium_features ?? []).filter((f): f is PremiumFeature => known.has(f)),
    connectorActions: await activeConnectorActions(ctx, ctx.actor.accountId),
  };
}

/**
 * The site's category tree for the visitor, flattened depth-first (parents first, siblings by
 * label): active categories of the account whose published products are offered on the web
 * channel, with the count of those products in the category and its descendants. Categories with
 * no such product are left out. 404 `category_navigation_disabled` when the account turns it off.
 */
export async function categories(ctx: SiteContext): Promise<PublicCategoriesResponse> {
  const { site: account, locale } = ctx;
  const details = await repo.findRootDetail(ctx, account.id);
  if (!details?.category_navigation_enabled) {
    throw new AppError('category_navigation_disabled', 'Browsing by category is not available on this site.');
  }
  const rows = (await listTreeRows(ctx, { kind: 'account', accountId: account.id })).filter(
    (r) => r.status === 'active',
  );
  const ids = rows.map((r) => r.id);
  const web = new Set(
    (await channelsOf(ctx, ids)).filter((c) => c.channel === 'web').map((c) => c.category_id),
  );
  const extras = await repo.findCategoryDetails(ctx, ids);
  const extraOf = new Map(extras.map((e) => [e.id, e]));
  const active = new Set(ids);
  // own web count, then summed up the tree (an inactive ancestor cuts its subtree off)
  const total = new Map<string, number>();
  for (const r of rows) {
    const own = web.has(r.id) ? r.published_product_count : 0;
    const chain = r.path.split('/').filter(Boolean);
    if (!chain.every((id) => active.has(id))) continue;
    for (const id of chain) total.set(id, (total.get(id) ?? 0) + own);
  }
  const children = new Map<string | null, typeof rows>();
  for (const r of rows) {
    if ((total.get(r.id) ?? 0) === 0) continue;
    const parent = r.parent_category_id && active.has(r.parent_category_id) ? r.parent_category_id : null;
    if (r.parent_category_id && parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  // the visitor's language, falling back to the account's (docs/translations.md)
  const textsOf = new Map(
    rows.map((r) => {
      const extra = extraOf.get(r.id);
      const base = { label: r.label, description: extra?.description ?? null };
      return [r.id, localized(base, extra?.translations, locale, ['label', 'description'])];
    }),
  );
  const labelOf = (id: string) => textsOf.get(id)?.label ?? '';
  const member: PublicCategory[] = [];
  const walk = (parent: string | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])];
    if (locale) siblings.sort((a, b) => labelOf(a.id).localeCompare(labelOf(b.id), locale));
    for (const r of siblings) {
      const extra = extraOf.get(r.id);
      const texts = { label: labelOf(r.id), description: textsOf.get(r.id)?.description ?? null };
      member.push({
        id: r.id,
        parentId: r.parent_category_id,
        depth,
        label: texts.label,
        slug: slugOf(texts.label),
        description: texts.description,
        image: extra ? publicCategoryImage(extra, texts.label) : null,
        productCount: total.get(r.id) ?? 0,
      });
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  return { member };
}

/** A category image of the site's catalogue (active category of the account), for the category pages. */
export async function categoryImage(ctx: SiteContext, id: string) {
  const key = await repo.findActiveCategoryImageKey(ctx, ctx.site.id, id);
  const data = key ? await ctx.deps.storage.get(key) : null;
  if (!key || !data) throw new AppError('not_found', 'This image does not exist.');
  return { key, data };
}

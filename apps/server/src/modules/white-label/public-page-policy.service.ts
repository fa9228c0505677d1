import { parseConsentCookie } from '@reprise/shared';
import type { BaseContext } from '../../platform/request-context';
import { resolveSiteHost } from '../../platform/site-host';
import * as repo from './white-label.repository';

/**
 * Whether a public site's page at this host may run the site's tag manager (docs/security.md,
 * "Security headers"): the visitor consented to audience measurement under the site's current
 * consent id, and the host is an active site with a tag manager configured (looked up in every
 * account: the context is a system one).
 */
export async function tagManagerAllowed(
  ctx: BaseContext,
  host: string | undefined,
  consentCookie: string | undefined,
): Promise<boolean> {
  const consent = parseConsentCookie(consentCookie);
  // without consent the answer needs no query
  if (!consent?.analytics) return false;
  const site = resolveSiteHost(host, new URL(ctx.deps.config.publicUrl).hostname);
  if (site.kind === 'back_office') return false;
  const account = await repo.findActiveSiteAccount(ctx, site);
  if (!account) return false;
  const row = await repo.findConfig(ctx, account.id);
  return Boolean(row?.tag_manager_id) && (row?.axeptio_id ?? null) === consent.consentId;
}

import { siteUrl } from '../white-label';

/** The addresses of a tracking link (docs/tracking.md): on the retailer's public site only. */

export interface TrackingLink {
  token: string;
  url: string;
  unsubscribeUrl: string;
  createdAt: Date;
}

/** The page's address on the retailer's site, or null for an account with no site address. */
export function trackingUrls(
  publicUrl: string,
  site: { site_slug: string | null; site_domain: string | null },
  token: string,
) {
  const origin = siteUrl(publicUrl, site.site_slug, site.site_domain);
  if (!origin) return null;
  const url = `${origin}/tracking/${encodeURIComponent(token)}`;
  return { url, unsubscribeUrl: `${url}/unsubscribe` };
}

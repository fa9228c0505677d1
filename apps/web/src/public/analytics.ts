import type { ConsentChoice } from './consent';

/**
 * The tag manager, started only with the visitor's consent and only when the site has an id
 *, and the page-view events it receives.
 */

type DataLayer = unknown[];
declare global {
  interface Window {
    dataLayer?: DataLayer;
  }
}

/** Routes whose page views are not sent: search by category, buyback create, confirmation, estimate error. */
const SUPPRESSED: readonly RegExp[] = [
  /^\/category\/[^/]+\/[^/]+\/?$/,
  /^\/create\/?$/,
  /^\/buyback\/create\/?$/,
  /^\/buyback-confirmation(-docs)?\/?$/,
  /^\/estimate-error\/?$/,
];

export const isPageViewSuppressed = (path: string) => SUPPRESSED.some((route) => route.test(path));

/** The page-view event of a path, or null when the route is suppressed. A missing path is an error. */
export function pageViewEvent(path: string): { event: 'page_view'; page_path: string } | null {
  if (!path) throw new Error('A page-view event needs a page path.');
  return isPageViewSuppressed(path) ? null : { event: 'page_view', page_path: path };
}

let started = false;

/** Starts the tag manager once, with Google's consent mode reflecting the visitor's choice. */
export function startTagManager(tagManagerId: string, choice: ConsentChoice, doc: Document = document): void {
  if (started) return;
  started = true;
  window.dataLayer = window.dataLayer ?? [];
  const dataLayer = window.dataLayer;
  const granted = (yes: boolean) => (yes ? 'granted' : 'denied');
  // gtag's consent command is an `arguments` object in the data layer
  const gtag = function (..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: the tag manager reads the arguments object
    dataLayer.push(arguments);
  };
  gtag('consent', 'default', {
    analytics_storage: granted(choice.analytics),
    ad_storage: granted(choice.marketing),
    ad_user_data: granted(choice.marketing),
    ad_personalization: granted(choice.marketing),
  });
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tagManagerId)}`;
  doc.head.appendChild(script);
}

/** Sends a page view when the tag manager runs and the route is not suppressed. */
export function trackPageView(path: string): void {
  if (!started) return;
  const event = pageViewEvent(path);
  if (event) window.dataLayer?.push(event);
}

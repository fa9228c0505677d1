import '../zod-jitless';
import './public.css';
import type { WhiteLabelConfigResponse } from '@reprise/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startErrorReporting } from '../lib/error-reporting';
import { startTagManager } from './analytics';
import { getJson } from './api';
import { consentCookieHolds, mirrorConsentCookie, readConsent } from './consent';
import { startI18n } from './i18n';
import { NotAvailablePage } from './pages/not-available-page';
import { createPublicRouter } from './routes';
import { SiteProvider } from './site-context';
import { applyTheme } from './theme';
import { VisitorProvider } from './visitor-context';

/**
 * Start-up of a retailer's public site: the config (a failure shows the
 * not-available page), the theme and language, then the tag manager when its id is set and the
 * visitor consented; then the anonymous visitor, the cart and the premium features (VisitorProvider).
 */
async function start() {
  startErrorReporting('public_site');
  const root = createRoot(document.getElementById('root') as HTMLElement);
  let config: WhiteLabelConfigResponse;
  try {
    config = await getJson<WhiteLabelConfigResponse>('/api/white-label/config');
  } catch {
    await startI18n(null);
    root.render(<NotAvailablePage />);
    return;
  }
  applyTheme(config.brand.mainColor, config.brand.favicon);
  await startI18n(config.brand.language);
  const consent = readConsent(config);
  // the server let the tag manager into this page's policy only if the cookie already held the consent
  const allowedByPolicy = consentCookieHolds(consent);
  mirrorConsentCookie(consent);
  if (config.tagManagerId && consent?.analytics && allowedByPolicy)
    startTagManager(config.tagManagerId, consent);
  root.render(
    <StrictMode>
      <SiteProvider config={config}>
        <VisitorProvider accountId={config.brand.accountId}>
          <RouterProvider router={createPublicRouter()} />
        </VisitorProvider>
      </SiteProvider>
    </StrictMode>,
  );
}

void start();

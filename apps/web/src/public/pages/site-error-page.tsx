import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportClientError } from '../../lib/error-reporting';

/**
 * A page of the site failed to load or render: the error is reported (lib/error-reporting.ts,
 * unless the network's or a failed answer) and the visitor may reload.
 */
export function SiteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => reportClientError('public_site', error, 'render'), [error]);
  useEffect(() => {
    document.title = t('siteError.title');
  }, [t]);
  return (
    <main id="main" className="container page not-available">
      <h1>{t('siteError.title')}</h1>
      <p>{t('siteError.body')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('siteError.reload')}
      </button>
    </main>
  );
}

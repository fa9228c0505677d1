import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { needsConsent } from '../consent';
import { useSite } from '../site-context';
import { usePageTitle } from '../use-page-title';

/** `/cookies-policy`: what the site keeps, the visitor's current choice and a way to change it. */
export function CookiesPolicyPage() {
  const { t } = useTranslation();
  const { config, consent, openConsentBanner } = useSite();
  usePageTitle(t('cookies.title'));
  const tracking = needsConsent(config);
  return (
    <div className="container page prose">
      <h1>{t('cookies.title')}</h1>
      <p>{t('cookies.essential')}</p>
      <p>{tracking ? t('cookies.tracking') : t('cookies.noTracking')}</p>
      {tracking && (
        <section aria-labelledby="consent-current">
          <h2 id="consent-current">{t('cookies.current')}</h2>
          {consent ? (
            <ul>
              <li>{consent.analytics ? t('cookies.analyticsOn') : t('cookies.analyticsOff')}</li>
              <li>{consent.marketing ? t('cookies.marketingOn') : t('cookies.marketingOff')}</li>
            </ul>
          ) : (
            <p>{t('cookies.none')}</p>
          )}
          <button type="button" className="button" onClick={openConsentBanner}>
            {t('cookies.change')}
          </button>
        </section>
      )}
      {config.cookiesPolicy && (
        <p>
          <Link to="/cookies-policy-document">{t('cookies.document')}</Link>
        </p>
      )}
    </div>
  );
}

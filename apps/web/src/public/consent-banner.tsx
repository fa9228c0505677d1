import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from './site-context';

/** The site's own consent banner: accept, refuse, or choose per purpose. Not modal: the page stays usable. */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { consent, consentBannerOpen, saveConsentChoice } = useSite();
  const [choosing, setChoosing] = useState(false);
  const [analytics, setAnalytics] = useState(consent?.analytics ?? false);
  const [marketing, setMarketing] = useState(consent?.marketing ?? false);
  const titleId = useId();
  const region = useRef<HTMLElement>(null);

  // opened on request (cookies policy page): bring the keyboard to it
  useEffect(() => {
    if (consentBannerOpen && consent) region.current?.focus();
  }, [consentBannerOpen, consent]);

  if (!consentBannerOpen) return null;
  return (
    <section ref={region} className="consent" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className="consent-title">
        {t('consent.title')}
      </h2>
      <p>
        {t('consent.text')} <Link to="/cookies-policy">{t('consent.policy')}</Link>
      </p>
      {choosing && (
        <fieldset className="consent-choices">
          <legend className="visually-hidden">{t('consent.choose')}</legend>
          <label className="consent-choice">
            <input type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />
            <span>
              <strong>{t('consent.analytics')}</strong>{' '}
              <span className="muted">{t('consent.analyticsHelp')}</span>
            </span>
          </label>
          <label className="consent-choice">
            <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
            <span>
              <strong>{t('consent.marketing')}</strong>{' '}
              <span className="muted">{t('consent.marketingHelp')}</span>
            </span>
          </label>
        </fieldset>
      )}
      <div className="consent-actions">
        <button
          type="button"
          className="button"
          onClick={() => saveConsentChoice({ analytics: false, marketing: false })}
        >
          {t('consent.refuse')}
        </button>
        {choosing ? (
          <button
            type="button"
            className="button"
            onClick={() => saveConsentChoice({ analytics, marketing })}
          >
            {t('consent.save')}
          </button>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setChoosing(true)}>
            {t('consent.choose')}
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => saveConsentChoice({ analytics: true, marketing: true })}
        >
          {t('consent.accept')}
        </button>
      </div>
    </section>
  );
}

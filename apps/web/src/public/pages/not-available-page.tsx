import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown when no active site answers at this address (the config cannot load): no brand, no links. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('notAvailable.title');
  }, [t]);
  return (
    <main id="main" className="container page not-available">
      <h1>{t('notAvailable.title')}</h1>
      <p>{t('notAvailable.body')}</p>
    </main>
  );
}

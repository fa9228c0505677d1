import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="container page-state" role="status">
      {t('loading')}
    </p>
  );
}

export function LoadError() {
  const { t } = useTranslation();
  return (
    <p className="container page-state" role="alert">
      {t('loadError')}
    </p>
  );
}

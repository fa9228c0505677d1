import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <div className="container page">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </div>
  );
}

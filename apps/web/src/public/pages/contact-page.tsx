import type { PublicLegalResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResource } from '../api';
import { usePageTitle } from '../use-page-title';
import { LoadError, Loading } from './states';

/** `/contact`: the retailer's support e-mail, the FAQ and the stores. */
export function ContactPage() {
  const { t } = useTranslation();
  const legal = useResource<PublicLegalResponse>('/api/white-label/legal');
  usePageTitle(t('contact.title'));
  return (
    <div className="container page prose">
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>
      {legal.status === 'loading' && <Loading />}
      {legal.status === 'error' && <LoadError />}
      {legal.status === 'ready' &&
        (legal.data.supportEmail ? (
          <p>
            {t('contact.email')} <a href={`mailto:${legal.data.supportEmail}`}>{legal.data.supportEmail}</a>
          </p>
        ) : (
          <p>{t('contact.noEmail')}</p>
        ))}
      <ul>
        <li>
          <Link to="/faq">{t('contact.faq')}</Link>
        </li>
        <li>
          <Link to="/stores">{t('contact.stores')}</Link>
        </li>
      </ul>
    </div>
  );
}

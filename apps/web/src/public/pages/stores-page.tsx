import type { PublicStoresResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useResource } from '../api';
import { useSite } from '../site-context';
import { usePageTitle } from '../use-page-title';
import { LoadError, Loading } from './states';

/** `/stores`: the stores that accept drops, with their address; a map link only when the retailer enables maps. */
export function StoresPage() {
  const { t } = useTranslation();
  const { dropOffLocationsMapEnabled } = useSite().config;
  const stores = useResource<PublicStoresResponse>('/api/white-label/stores');
  usePageTitle(t('stores.title'));
  return (
    <div className="container page">
      <h1>{t('stores.title')}</h1>
      <p>{t('stores.intro')}</p>
      {stores.status === 'loading' && <Loading />}
      {stores.status === 'error' && <LoadError />}
      {stores.status === 'ready' &&
        (stores.data.member.length === 0 ? (
          <p>{t('stores.none')}</p>
        ) : (
          <ul className="store-list">
            {stores.data.member.map((store) => (
              <li key={store.id} className="store">
                <h2>{store.name}</h2>
                <address>
                  {[store.street, store.streetMore].filter(Boolean).join(', ')}
                  <br />
                  {[store.zip, store.city].filter(Boolean).join(' ')}
                  {store.country ? ` (${store.country})` : ''}
                </address>
                {store.email && (
                  <p>
                    {t('stores.email')} <a href={`mailto:${store.email}`}>{store.email}</a>
                  </p>
                )}
                {dropOffLocationsMapEnabled && store.latitude !== null && store.longitude !== null && (
                  <p>
                    <a
                      href={`https://www.openstreetmap.org/?mlat=${store.latitude}&mlon=${store.longitude}#map=17/${store.latitude}/${store.longitude}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('stores.mapLabel', { name: store.name })}
                    >
                      {t('stores.map')}
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
